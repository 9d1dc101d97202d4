import { act, renderHook, waitFor } from '@testing-library/react';
import type { ListParams } from '@portal/api';
import { COUNT_RETRY_DELAYS_MS, useListController } from './useListController';

interface Row {
  tid: number;
  name: string;
}
const rows = (from: number, count: number): Row[] => Array.from({ length: count }, (_, i) => ({ tid: from + i, name: `Row ${from + i}` }));

/** A server of `total` rows answering pages the way the list engine does. */
function server(total: number) {
  return jest.fn(async ({ offset = 0, limit = 25 }: ListParams) => ({ items: rows(offset, Math.max(0, Math.min(limit, total - offset))), total }));
}

const NEAR_BOTTOM = { scrollTop: 995, scrollHeight: 1400, clientHeight: 400 }; // 5 px left
const NOT_NEAR = { scrollTop: 994, scrollHeight: 1400, clientHeight: 400 }; // 6 px left

async function mounted(fetchPage: ReturnType<typeof server>, resetKey = '/a') {
  const hook = renderHook((props: { resetKey: string }) => useListController<Row>({ fetchPage, resetKey: props.resetKey }), {
    initialProps: { resetKey },
  });
  await waitFor(() => expect(hook.result.current.state.loading).toBe(false));
  return hook;
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('useListController paging', () => {
  it('loads the first page of 25 from offset 0, unsorted and unfiltered', async () => {
    const fetchPage = server(60);
    const { result } = await mounted(fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith({ searchTexts: {}, order: null, offset: 0, limit: 25, count: 'skip' });
    expect(result.current.state.items).toHaveLength(25);
    expect(result.current.state).toMatchObject({ total: 60, hasMore: true, isFiltered: false });
  });

  it('asks for the next page 300 ms after scrolling within 5 px of the bottom, once per burst', async () => {
    const fetchPage = server(60);
    const { result } = await mounted(fetchPage);
    jest.useFakeTimers();
    act(() => {
      result.current.actions.onScroll(NOT_NEAR);
      result.current.actions.onScroll(NEAR_BOTTOM);
      result.current.actions.onScroll(NEAR_BOTTOM);
    });
    act(() => {
      jest.advanceTimersByTime(299);
    });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage).toHaveBeenLastCalledWith({ searchTexts: {}, order: null, offset: 25, limit: 25, count: 'skip' });
    jest.useRealTimers();
    await waitFor(() => expect(result.current.state.items).toHaveLength(50));
  });

  it('does not page when the last scroll stopped 6 px above the bottom', async () => {
    const fetchPage = server(60);
    const { result } = await mounted(fetchPage);
    jest.useFakeTimers();
    act(() => {
      result.current.actions.onScroll(NEAR_BOTTOM);
      result.current.actions.onScroll(NOT_NEAR);
    });
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('stops once every row is loaded', async () => {
    const fetchPage = server(30);
    const { result } = await mounted(fetchPage);
    act(() => result.current.actions.loadMore());
    await waitFor(() => expect(result.current.state.items).toHaveLength(30));
    expect(result.current.state.hasMore).toBe(false);
    act(() => result.current.actions.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('never asks for the same offset twice while a page is on its way', async () => {
    const fetchPage = server(100);
    const { result } = await mounted(fetchPage);
    act(() => {
      result.current.actions.loadMore();
      result.current.actions.loadMore();
    });
    await waitFor(() => expect(result.current.state.items).toHaveLength(50));
    expect(fetchPage.mock.calls.map(([p]) => p.offset)).toEqual([0, 25]);
  });
});

describe('useListController filling a tall table', () => {
  const ROW = 40;
  /** The table's scroll metrics with `rows` rows laid out in a body `height` px tall, scrolled to the top. */
  const laidOut = (rows: number, height: number) => ({ scrollTop: 0, scrollHeight: rows * ROW, clientHeight: height });

  /** Lays the rows out after every page, like the table does, until it stops asking. */
  async function fillLoop(fetchPage: ReturnType<typeof server>, height: number) {
    const { result } = await mounted(fetchPage);
    for (let round = 0; round < 20; round += 1) {
      const calls = fetchPage.mock.calls.length;
      act(() => result.current.actions.fill(laidOut(result.current.state.items.length, height)));
      if (fetchPage.mock.calls.length === calls) break;
      await waitFor(() => expect(result.current.state.loading).toBe(false));
    }
    return result;
  }

  it('keeps loading pages until the rows fill the table (2160 px tall body, 40 px rows: 3 pages)', async () => {
    const fetchPage = server(500);
    const result = await fillLoop(fetchPage, 2160);
    expect(fetchPage.mock.calls.map(([p]) => p.offset)).toEqual([0, 25, 50]);
    expect(result.current.state.items.length * ROW).toBeGreaterThan(2160);
  });

  it('stops when no more rows remain', async () => {
    const fetchPage = server(40);
    const result = await fillLoop(fetchPage, 2160);
    expect(fetchPage.mock.calls.map(([p]) => p.offset)).toEqual([0, 25]);
    expect(result.current.state).toMatchObject({ hasMore: false });
    expect(result.current.state.items).toHaveLength(40);
  });

  it('loads nothing more when the first page already fills the table', async () => {
    const fetchPage = server(500);
    await fillLoop(fetchPage, 600);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});

describe('useListController search and sort', () => {
  it('a new search clears the rows and reloads from offset 0 with the text as typed (regular expressions too)', async () => {
    const fetchPage = server(60);
    const { result } = await mounted(fetchPage);
    act(() => result.current.actions.loadMore());
    await waitFor(() => expect(result.current.state.items).toHaveLength(50));
    act(() => result.current.actions.setSearchText('name', '/^Row 1\\d$/'));
    expect(result.current.state.items).toHaveLength(0);
    await waitFor(() => expect(result.current.state.loading).toBe(false));
    expect(fetchPage).toHaveBeenLastCalledWith({ searchTexts: { name: '/^Row 1\\d$/' }, order: null, offset: 0, limit: 25, count: 'skip' });
    expect(result.current.state.isFiltered).toBe(true);
  });

  it('an empty search text removes that column filter', async () => {
    const fetchPage = server(10);
    const { result } = await mounted(fetchPage);
    act(() => result.current.actions.setSearchText('name', 'abc'));
    await waitFor(() => expect(result.current.state.isFiltered).toBe(true));
    act(() => result.current.actions.setSearchText('name', '   '));
    await waitFor(() => expect(result.current.state.loading).toBe(false));
    expect(result.current.state.isFiltered).toBe(false);
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ searchTexts: {}, offset: 0 }));
  });

  it('a new sort reloads from offset 0 with [field, direction], and null when unsorted', async () => {
    const fetchPage = server(60);
    const { result } = await mounted(fetchPage);
    act(() => result.current.actions.setOrder(['name', 'desc']));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(fetchPage).toHaveBeenLastCalledWith({ searchTexts: {}, order: ['name', 'desc'], offset: 0, limit: 25, count: 'skip' });
    act(() => result.current.actions.setOrder(null));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ order: null, offset: 0 }));
  });

  it('a URL change clears the filters and the selection and reloads once from offset 0', async () => {
    const fetchPage = server(60);
    const hook = await mounted(fetchPage);
    act(() => hook.result.current.actions.setSearchText('name', 'x'));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(hook.result.current.state.loading).toBe(false));
    act(() => hook.result.current.selection.setSelectedIds([1, 2]));
    hook.rerender({ resetKey: '/b' });
    await waitFor(() => expect(hook.result.current.state.loading).toBe(false));
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage).toHaveBeenLastCalledWith({ searchTexts: {}, order: null, offset: 0, limit: 25, count: 'skip' });
    expect(hook.result.current.state.isFiltered).toBe(false);
    expect(hook.result.current.selection.selectedIds).toEqual([]);
  });

  it('Reset All Filters clears every search text', async () => {
    const fetchPage = server(60);
    const { result } = await mounted(fetchPage);
    act(() => {
      result.current.actions.setSearchText('name', 'a');
      result.current.actions.setSearchText('code', 'b');
    });
    await waitFor(() => expect(result.current.state.searchTexts).toEqual({ name: 'a', code: 'b' }));
    act(() => result.current.actions.resetFilters());
    await waitFor(() => expect(result.current.state.loading).toBe(false));
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ searchTexts: {}, offset: 0 }));
  });

  it('drops the answer to an older search that arrives late', async () => {
    let release: (v: { items: Row[]; total: number }) => void = () => {};
    const fetchPage = jest.fn((params: ListParams) =>
      params.searchTexts?.name === 'slow'
        ? new Promise<{ items: Row[]; total: number }>((resolve) => {
            release = resolve;
          })
        : Promise.resolve({ items: [{ tid: 99, name: 'fresh' }], total: 1 }),
    );
    const { result } = renderHook(() => useListController<Row>({ fetchPage }));
    await waitFor(() => expect(result.current.state.loading).toBe(false));
    act(() => result.current.actions.setSearchText('name', 'slow'));
    act(() => result.current.actions.setSearchText('name', 'fast'));
    await waitFor(() => expect(result.current.state.items).toEqual([{ tid: 99, name: 'fresh' }]));
    await act(async () => release({ items: [{ tid: 1, name: 'stale' }], total: 1 }));
    expect(result.current.state.items).toEqual([{ tid: 99, name: 'fresh' }]);
  });
});

describe('useListController failures', () => {
  /** Rejects like the api client does when the server refuses a regular expression (400 INVALID_REGEX). */
  const refusing = (bad: (texts: Record<string, string>) => string | undefined) =>
    jest.fn(async (params: ListParams) => {
      const field = bad(params.searchTexts ?? {});
      if (field) throw { status: 400, code: 'INVALID_REGEX', details: { field, reason: 'Backreferences are not supported' } };
      return { items: rows(0, Object.keys(params.searchTexts ?? {}).length ? 3 : 25), total: Object.keys(params.searchTexts ?? {}).length ? 3 : 60 };
    });

  it('a refused regular expression is reported for its column and the list steps back to the search before', async () => {
    const fetchPage = refusing((texts) => (texts.code?.includes('\\1') ? 'code' : undefined));
    const { result } = renderHook(() => useListController<Row>({ fetchPage }));
    await waitFor(() => expect(result.current.state.items).toHaveLength(25));
    act(() => result.current.actions.setSearchText('name', 'Row'));
    await waitFor(() => expect(result.current.state.items).toHaveLength(3));
    act(() => result.current.actions.setSearchText('code', '/(a)\\1/'));
    await waitFor(() => expect(result.current.state.searchError).toEqual({ key: 'code', text: '/(a)\\1/', code: 'INVALID_REGEX' }));
    await waitFor(() => expect(result.current.state.loading).toBe(false));
    expect(result.current.state.searchTexts).toEqual({ name: 'Row' });
    expect(result.current.state).toMatchObject({ total: 3, isFiltered: true });
    expect(result.current.state.items).toHaveLength(3);
    act(() => result.current.actions.clearSearchError());
    expect(result.current.state.searchError).toBeNull();
  });

  it('a corrected search clears the message; changing a refused search back restores its earlier text', async () => {
    const fetchPage = refusing((texts) => (texts.name === '/(/' ? 'name' : undefined));
    const { result } = renderHook(() => useListController<Row>({ fetchPage }));
    await waitFor(() => expect(result.current.state.loading).toBe(false));
    act(() => result.current.actions.setSearchText('name', 'Ro'));
    await waitFor(() => expect(result.current.state.total).toBe(3));
    act(() => result.current.actions.setSearchText('name', '/(/'));
    await waitFor(() => expect(result.current.state.searchError?.key).toBe('name'));
    await waitFor(() => expect(result.current.state.searchTexts).toEqual({ name: 'Ro' }));
    act(() => result.current.actions.setSearchText('name', '/Ro/'));
    expect(result.current.state.searchError).toBeNull();
    await waitFor(() => expect(result.current.state.searchTexts).toEqual({ name: '/Ro/' }));
  });

  it('a failed fetch only logs: no rows, no thrown error, loading ends', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const fetchPage = jest.fn().mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useListController<Row>({ fetchPage }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(result.current.state).toMatchObject({ items: [], total: 0, loading: false });
  });
});

/** A server answering the way the list engine does with count=skip / count=only. */
function countingServer(all: number, countGate: () => Promise<void> = () => Promise.resolve()) {
  return jest.fn(async ({ offset = 0, limit = 25, count, searchTexts = {} }: ListParams) => {
    // A search matches half the rows.
    const total = searchTexts.name ? all / 2 : all;
    if (count === 'only') {
      await countGate();
      return { items: [] as Row[], total };
    }
    const items = rows(offset, Math.max(0, Math.min(limit, total - offset)));
    const more = offset + items.length < total;
    return count === 'skip' && more ? { items, total: offset + items.length + 1, totalKnown: false } : { items, total };
  });
}

describe('useListController counts apart from the rows', () => {
  it('shows the first page at once and the exact total when its count comes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const fetchPage = countingServer(1000, () => gate);
    const { result } = await mounted(fetchPage);
    expect(result.current.state).toMatchObject({ total: 26, totalKnown: false, hasMore: true });
    expect(result.current.state.items).toHaveLength(25);
    expect(fetchPage).toHaveBeenLastCalledWith({ searchTexts: {}, order: null, count: 'only' });
    await act(async () => {
      release();
    });
    await waitFor(() => expect(result.current.state).toMatchObject({ total: 1000, totalKnown: true }));
    // The next page keeps the counted total and asks for no second count.
    act(() => result.current.actions.loadMore());
    await waitFor(() => expect(result.current.state.items).toHaveLength(50));
    expect(result.current.state).toMatchObject({ total: 1000, totalKnown: true });
    expect(fetchPage.mock.calls.filter(([p]) => p.count === 'only')).toHaveLength(1);
  });

  it('asks no count when the first page shows the whole list', async () => {
    const fetchPage = countingServer(10);
    const { result } = await mounted(fetchPage);
    expect(result.current.state).toMatchObject({ total: 10, totalKnown: true, hasMore: false });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('asks a failed count again, then offers Count again instead of waiting for ever', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    let failFirst!: () => void;
    const first = new Promise<void>((_, reject) => {
      failFirst = () => reject(new Error('superseded'));
    });
    const fetchPage = countingServer(1000, async () => {
      if (fetchPage.mock.calls.filter(([p]) => p.count === 'only').length === 1) await first;
      if (failing) throw Object.assign(new Error('superseded'), { code: 'CONFLICT' });
    });
    const { result } = await mounted(fetchPage);
    const counts = () => fetchPage.mock.calls.filter(([p]) => p.count === 'only').length;
    await waitFor(() => expect(counts()).toBe(1));
    // The first count fails once the clock is under the test's hand.
    jest.useFakeTimers();
    await act(async () => {
      failFirst();
    });
    for (const [i, delay] of COUNT_RETRY_DELAYS_MS.entries()) {
      await act(async () => {
        jest.advanceTimersByTime(delay - 1);
      });
      expect(counts()).toBe(i + 1);
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(counts()).toBe(i + 2);
    }
    jest.useRealTimers();
    await waitFor(() => expect(result.current.state).toMatchObject({ totalKnown: false, countFailed: true }));
    // The next page keeps it failed (no endless spinner), and asks no count by itself.
    act(() => result.current.actions.loadMore());
    await waitFor(() => expect(result.current.state.items).toHaveLength(50));
    expect(result.current.state).toMatchObject({ totalKnown: false, countFailed: true });
    expect(counts()).toBe(COUNT_RETRY_DELAYS_MS.length + 1);
    failing = false;
    act(() => result.current.actions.countAgain());
    expect(result.current.state.countFailed).toBe(false);
    await waitFor(() => expect(result.current.state).toMatchObject({ total: 1000, totalKnown: true, countFailed: false }));
  });

  it('a failed count of an older search is neither asked again nor shown as failed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const rejects: Array<() => void> = [];
    const fetchPage = countingServer(
      1000,
      () =>
        new Promise<void>((_, reject) => {
          rejects.push(() => reject(new Error('stopped')));
        }),
    );
    const { result } = await mounted(fetchPage);
    act(() => result.current.actions.setSearchText('name', 'Row 1'));
    await waitFor(() => expect(rejects).toHaveLength(2));
    await act(async () => {
      rejects[0]!();
    });
    jest.useFakeTimers();
    await act(async () => {
      jest.advanceTimersByTime(COUNT_RETRY_DELAYS_MS[0] * 10);
    });
    jest.useRealTimers();
    expect(rejects).toHaveLength(2);
    expect(result.current.state).toMatchObject({ totalKnown: false, countFailed: false });
  });

  it('drops a count that comes after the search changed', async () => {
    const releases: Array<() => void> = [];
    const fetchPage = countingServer(
      1000,
      () =>
        new Promise<void>((r) => {
          releases.push(r);
        }),
    );
    const { result } = await mounted(fetchPage);
    act(() => result.current.actions.setSearchText('name', 'Row 1'));
    await waitFor(() => expect(releases).toHaveLength(2));
    // The search's count comes first, the older one (for no search) after it.
    await act(async () => {
      releases[1]!();
    });
    await act(async () => {
      releases[0]!();
    });
    await waitFor(() => expect(result.current.state.totalKnown).toBe(true));
    // The first count (1000, for no search) came too late: the search's own count shows.
    expect(result.current.state).toMatchObject({ total: 500, isFiltered: true });
    expect(fetchPage.mock.calls.filter(([p]) => p.count === 'only').at(-1)?.[0]).toMatchObject({ searchTexts: { name: 'Row 1' } });
  });
});
