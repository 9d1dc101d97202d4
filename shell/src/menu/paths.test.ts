import { isUnder, longestMatch, sectionRoot } from './paths';

describe('paths', () => {
  it('matches a base and its sub-routes only at segment boundaries', () => {
    expect(isUnder('/searchLists/12', '/searchLists')).toBe(true);
    expect(isUnder('/searchLists/', '/searchLists')).toBe(true);
    expect(isUnder('/stores', '/store')).toBe(false);
    expect(isUnder('/store', '/store')).toBe(true);
  });

  it('matches route patterns with parameters', () => {
    expect(isUnder('/searchLists/12', '/searchLists/:searchListId')).toBe(true);
    expect(isUnder('/inventories/4/sections/9', '/inventories/:inventoryGroupId/sections')).toBe(true);
    expect(isUnder('/inventories/4', '/inventories/:inventoryGroupId/sections')).toBe(false);
  });

  it('picks the longest matching entry', () => {
    const entries = [{ path: '/inventories' }, { path: '/inventories/compare' }];
    expect(longestMatch('/inventories/compare/3', entries)?.path).toBe('/inventories/compare');
    expect(longestMatch('/inventories/3', entries)?.path).toBe('/inventories');
    expect(longestMatch('/other', entries)).toBeUndefined();
  });

  it('gives the section root', () => {
    expect(sectionRoot('/inventories/3/items')).toBe('/inventories');
    expect(sectionRoot('/')).toBe('/');
  });
});
