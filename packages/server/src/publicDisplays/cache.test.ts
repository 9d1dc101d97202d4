import { TtlCache } from './cache';

describe('TtlCache', () => {
  let now = 0;
  const cache = () => new TtlCache<string, number>(4000, () => now, 3);

  it('callers within the period share one load; after it a new load runs', async () => {
    now = 0;
    const c = cache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([c.get('a', load), c.get('a', load), c.get('a', load)])).toEqual([1, 1, 1]);
    now = 3999;
    expect(await c.get('a', load)).toBe(1);
    now = 4000;
    expect(await c.get('a', load)).toBe(2);
  });

  it('forgets a failed load at once', async () => {
    now = 0;
    const c = cache();
    await expect(c.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(c.has('a')).toBe(false);
    expect(await c.get('a', async () => 7)).toBe(7);
  });

  it('stays bounded: expired entries swept, then the oldest dropped', async () => {
    now = 0;
    const c = cache();
    for (const k of ['a', 'b', 'c', 'd', 'e']) await c.get(k, async () => 1);
    expect(c.size).toBe(3);
    expect(c.has('a')).toBe(false);
    expect(c.has('e')).toBe(true);
    now = 10_000;
    await c.get('f', async () => 1);
    await c.get('g', async () => 1);
    await c.get('h', async () => 1);
    await c.get('i', async () => 1);
    expect(c.size).toBe(3);
  });
});
