import { findRegions, limitRegionsToStores, storeIdsOfRegions } from './regions';
import { TREE } from './testUtils';

describe('limitRegionsToStores', () => {
  it('keeps only leaves whose first store id the user holds, and drops emptied branches', () => {
    expect(limitRegionsToStores(TREE, [5]).map((r) => [r.title, r.storeIds, r.children?.map((c) => c.title)])).toEqual([['Norte', [5], ['Cinco']]]);
    expect(limitRegionsToStores(TREE, [])).toEqual([]);
  });

  it('looks at the first store id of a leaf only', () => {
    const tree = [{ ...TREE[1], children: [{ ...TREE[1].children![0], storeIds: [9, 4] }] }];
    expect(limitRegionsToStores(tree, [4])).toEqual([]);
    expect(limitRegionsToStores(tree, [9])).toHaveLength(1);
  });
});

describe('storeIdsOfRegions', () => {
  it('concatenates the storeIds of the selected regions', () => {
    expect(storeIdsOfRegions([{ storeIds: [3, 5] }, { storeIds: [4] }])).toEqual([3, 5, 4]);
    expect(storeIdsOfRegions([{ storeIds: [3, 5] }, { storeIds: [5] }])).toEqual([3, 5]);
    expect(storeIdsOfRegions([])).toEqual([]);
  });

  it('works with the values a tree select reports', () => {
    expect(storeIdsOfRegions(findRegions(TREE, ['store:5', 'area:Sur']))).toEqual([5, 4]);
  });
});
