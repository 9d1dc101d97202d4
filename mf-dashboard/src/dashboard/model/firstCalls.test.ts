import type { RegionNode } from '@portal/api';
import { defaultSelection, selectedStoreIds } from './firstCalls';

const times = { capacity: 100, resetTime: '00:00', startTime: '08:00', endTime: '20:00' };
const leaf = (tid: number, disabled = false): RegionNode => ({
  title: `L${tid}`,
  fullName: `L${tid}`,
  key: `store:${tid}`,
  value: `store:${tid}`,
  level: 'name',
  storeIds: [tid],
  disabled,
  ...times,
});
const area = (title: string, children: RegionNode[]): RegionNode => ({
  title,
  fullName: title,
  key: `area:${title}`,
  value: `area:${title}`,
  level: 'area',
  storeIds: children.flatMap((c) => c.storeIds),
  children,
  ...times,
});

describe('selectedStoreIds', () => {
  const tree = [area('Norte', [leaf(1), leaf(2, true)]), area('Sur', [leaf(3)]), area('Viejo', [leaf(4, true)])];

  it('leaves out the expired (disabled) libraries of a selected area', () => {
    expect(selectedStoreIds(tree, defaultSelection(tree))).toEqual([1, 3]);
    expect(selectedStoreIds(tree, ['area:Norte'])).toEqual([1]);
  });

  it('answers nothing for an area whose libraries have all expired, or an expired library named alone', () => {
    expect(selectedStoreIds(tree, ['area:Viejo'])).toEqual([]);
    expect(selectedStoreIds(tree, ['store:2'])).toEqual([]);
    expect(selectedStoreIds(tree, ['store:3', 'store:2'])).toEqual([3]);
  });
});
