import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { logger, normalizeError, type ListResponse } from '@portal/api';
import { ERROR_CODES } from '@portal/contract';
import { BOTTOM_THRESHOLD_PX, PAGE_SIZE, SCROLL_DEBOUNCE_MS } from './constants';
import type { FetchPage, ListId, ListRow, Order, SearchTexts } from './types';

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export interface ListControllerOptions<T> {
  fetchPage: FetchPage<T>;
  /** Usually the URL: when it changes the filters are cleared and the list reloads from offset 0. */
  resetKey?: string;
  pageSize?: number;
}

export interface ListState<T> {
  items: T[];
  /** Exact once totalKnown; before that a lower bound (the rows loaded, plus one when more follow). */
  total: number;
  /**
   * The first page is asked without its count (count=skip) so the rows show at once; a large list's
   * exact total is asked next (count=only) and shown when it comes.
   */
  totalKnown: boolean;
  /**
   * The exact total could not be counted (the server failed or stopped the count, even after COUNT_RETRY_DELAYS_MS):
   * the header offers to count again instead of waiting for ever.
   */
  countFailed: boolean;
  loading: boolean;
  searchTexts: SearchTexts;
  order: Order;
  hasMore: boolean;
  /** A search is active (the Filtered tag shows). */
  isFiltered: boolean;
  /**
   * The list's count without its searches, for 'Total' while a search is active (`total` is then the filtered
   * count); null while it is being counted or could not be. Equal to `total` when no search is active.
   */
  unfilteredTotal: number | null;
  /** The search the server refused (INVALID_REGEX): shown at that column's search box, the list stays as before. */
  searchError: SearchError | null;
}

export interface SearchError {
  /** The column whose search text was refused. */
  key: string;
  /** The refused text, shown again in the box for correction. */
  text: string;
  code: string;
}

export interface ListSelection {
  selectedIds: ListId[];
  setSelectedIds: (ids: ListId[]) => void;
}

/** Stable callbacks: views that only act on the list never re-render when its data or selection change. */
export interface ListActions {
  setSearchText: (key: string, text: string | null) => void;
  setOrder: (order: Order) => void;
  resetFilters: () => void;
  /** The refused search's message was read (its search box closed). */
  clearSearchError: () => void;
  refresh: () => void;
  /** Asks the exact total again after it failed (countFailed). */
  countAgain: () => void;
  loadMore: () => void;
  onScroll: (metrics: ScrollMetrics) => void;
  /**
   * The table's rows were laid out: when they do not reach its bottom (a tall screen, a zoomed-out browser) the next
   * page loads at once, so there is always something to scroll or nothing more to load.
   */
  fill: (metrics: ScrollMetrics) => void;
}

export interface ListController<T> {
  state: ListState<T>;
  selection: ListSelection;
  actions: ListActions;
}

/** What the current page of rows is asked with; a new object means clear and reload from offset 0. */
interface Query {
  searchTexts: SearchTexts;
  order: Order;
  resetKey: string | undefined;
  /** The column searched last and its text before, to step back when the server refuses the new text. */
  lastSearch?: { key: string; before: string | undefined };
}

export const isNearBottom = ({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics): boolean =>
  scrollHeight - scrollTop - clientHeight <= BOTTOM_THRESHOLD_PX;

/** The query without the refused search: that column's earlier text (or none), so the list shows what it showed. */
function withoutRefused(query: Query, key: string): Query {
  const searchTexts = { ...query.searchTexts };
  const before = query.lastSearch?.key === key ? query.lastSearch.before : undefined;
  if (before === undefined) delete searchTexts[key];
  else searchTexts[key] = before;
  return { ...query, searchTexts, lastSearch: undefined };
}

/** The column a refused search belongs to: the server's details.field when it names a searched column, else the last one. */
function refusedColumn(query: Query, details: unknown): string | undefined {
  const field = typeof details === 'object' && details !== null ? (details as { field?: unknown }).field : undefined;
  if (typeof field === 'string' && field in query.searchTexts) return field;
  return query.lastSearch && query.lastSearch.key in query.searchTexts ? query.lastSearch.key : undefined;
}

interface LoadedPage<T> {
  items: T[];
  total: number;
  totalKnown: boolean;
  countFailed?: boolean;
}

/**
 * A failed count is asked again after these delays (a count can be stopped by a newer one of the same session on
 * the same list, e.g. in another tab, or fail while the server is busy); after the last, the header offers Count again.
 */
export const COUNT_RETRY_DELAYS_MS = [1_000, 4_000] as const;

function appendUnique<T extends ListRow>(items: T[], page: T[]): T[] {
  const seen = new Set(items.map((item) => item.tid));
  return [...items, ...page.filter((item) => !seen.has(item.tid))];
}

/**
 * Holds a generic list's state and data access (react-admin style controller): infinite paging, per-column
 * search texts, sort order and selection. Fetch failures are logged only (spec data-areas §8).
 */
export function useListController<T extends ListRow>({ fetchPage, resetKey, pageSize = PAGE_SIZE }: ListControllerOptions<T>): ListController<T> {
  const [query, setQuery] = useState<Query>({ searchTexts: {}, order: null, resetKey });
  const [page, setPage] = useState<LoadedPage<T>>({ items: [], total: 0, totalKnown: true });
  const [loading, setLoading] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ListId[]>([]);
  const [searchError, setSearchError] = useState<SearchError | null>(null);

  // A URL change clears the filters (keeping the sort); adjusting state while rendering avoids a second load.
  if (query.resetKey !== resetKey) setQuery({ searchTexts: {}, order: query.order, resetKey });

  const latest = useRef({ fetchPage, pageSize, query });
  latest.current = { fetchPage, pageSize, query };
  /** The loaded rows, kept in step with the state so paging never asks for an offset twice. */
  const loaded = useRef(page);
  /** A page request is under way (a ref, so a scroll burst cannot start a second one before re-rendering). */
  const busy = useRef(false);
  /** Bumped by every reset: answers to an older query are dropped. */
  const generation = useRef(0);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The exact total of the current generation once counted (count=only), and whether it was asked for. */
  const counted = useRef<{ generation: number; total: number | null }>({ generation: -1, total: null });
  /** The timer of a failed count's next try. */
  const countRetry = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The exact count without searches, of the list shown at resetKey (dropped by refresh: rows may have changed). */
  const [overall, setOverall] = useState<{ resetKey: string | undefined; total: number } | null>(null);
  const overallRef = useRef(overall);
  overallRef.current = overall;
  /** The resetKey of a count without searches under way: a search started meanwhile waits for it. */
  const overallPending = useRef<{ resetKey: string | undefined } | null>(null);

  /** Counts the list at resetKey without its searches (for 'Total'); an answer after a refresh or a URL change is dropped. */
  const countOverall = useCallback(async (count: () => Promise<ListResponse<T>>, resetKey: string | undefined) => {
    const pending = { resetKey };
    overallPending.current = pending;
    try {
      const { total } = await count();
      if (overallPending.current === pending) setOverall({ resetKey, total });
    } catch {
      // Logged by the caller when it is the list's own count; 'Total' is then left out while a search is active.
    } finally {
      if (overallPending.current === pending) overallPending.current = null;
    }
  }, []);

  const countTotal = useCallback(
    async (current: number, attempt = 0) => {
      const { fetchPage: fetch, query: q } = latest.current;
      counted.current = { generation: current, total: null };
      try {
        const asked = fetch({ searchTexts: q.searchTexts, order: q.order, count: 'only' });
        // The count of the whole list also answers 'Total' once a search has started meanwhile.
        if (Object.keys(q.searchTexts).length === 0) void countOverall(() => asked, q.resetKey);
        const { total } = await asked;
        if (current !== generation.current) return;
        counted.current = { generation: current, total };
        loaded.current = { ...loaded.current, total, totalKnown: true, countFailed: false };
        setPage(loaded.current);
      } catch (error) {
        if (current !== generation.current) return;
        logger.error('List total could not be counted', error);
        const delay = COUNT_RETRY_DELAYS_MS[attempt];
        if (delay !== undefined) {
          countRetry.current = setTimeout(() => {
            countRetry.current = null;
            if (current === generation.current) void countTotal(current, attempt + 1);
          }, delay);
        } else {
          loaded.current = { ...loaded.current, countFailed: true };
          setPage(loaded.current);
        }
      }
    },
    [countOverall],
  );

  const load = useCallback(
    async (offset: number, current: number) => {
      const { fetchPage: fetch, pageSize: limit, query: q } = latest.current;
      busy.current = true;
      setLoading(true);
      let response: ListResponse<T> | null = null;
      let refused: string | undefined;
      try {
        response = await fetch({ searchTexts: q.searchTexts, order: q.order, offset, limit, count: 'skip' });
      } catch (error) {
        const apiError = normalizeError(error);
        refused = apiError.code === ERROR_CODES.INVALID_REGEX ? refusedColumn(q, apiError.details) : undefined;
        if (refused === undefined) logger.error('List page could not be loaded', error);
      }
      if (current !== generation.current) return;
      if (refused !== undefined) {
        setSearchError({ key: refused, text: q.searchTexts[refused] ?? '', code: ERROR_CODES.INVALID_REGEX });
        setQuery(withoutRefused(q, refused));
        return;
      }
      if (response) {
        const { items } = response;
        const exact = counted.current.generation === current ? counted.current.total : null;
        const totalKnown = response.totalKnown !== false || exact !== null;
        const total = response.totalKnown !== false ? response.total : (exact ?? response.total);
        loaded.current = {
          items: offset === 0 ? items : appendUnique(loaded.current.items, items),
          total,
          totalKnown,
          countFailed: !totalKnown && loaded.current.countFailed,
        };
        setPage(loaded.current);
        if (totalKnown && Object.keys(q.searchTexts).length === 0) setOverall({ resetKey: q.resetKey, total });
        if (!totalKnown && counted.current.generation !== current) void countTotal(current);
      }
      busy.current = false;
      setLoading(false);
    },
    [countTotal],
  );

  useEffect(() => {
    const current = ++generation.current;
    if (countRetry.current) clearTimeout(countRetry.current);
    countRetry.current = null;
    loaded.current = { items: [], total: 0, totalKnown: true };
    setPage(loaded.current);
    setSelectedIds([]);
    void load(0, current);
    const known = overallRef.current;
    const pending = overallPending.current;
    const unknown = (known === null || known.resetKey !== query.resetKey) && (pending === null || pending.resetKey !== query.resetKey);
    if (Object.keys(query.searchTexts).length > 0 && unknown) {
      // A search right after a refresh or a URL change: 'Total' still counts the whole list.
      const { fetchPage: fetch } = latest.current;
      void countOverall(() => fetch({ searchTexts: {}, order: query.order, count: 'only' }), query.resetKey);
    }
  }, [query, load, countOverall]);

  useEffect(
    () => () => {
      if (scrollTimer.current) clearTimeout(scrollTimer.current);
      if (countRetry.current) clearTimeout(countRetry.current);
    },
    [],
  );

  const actions = useMemo<ListActions>(() => {
    const loadMore = () => {
      const { items, total } = loaded.current;
      if (busy.current || items.length >= total) return;
      void load(items.length, generation.current);
    };
    return {
      setSearchText: (key, text) => {
        setSearchError(null);
        setQuery((q) => {
          const searchTexts = { ...q.searchTexts };
          if (text === null || text.trim() === '') delete searchTexts[key];
          else searchTexts[key] = text.trim();
          return { ...q, searchTexts, lastSearch: { key, before: q.searchTexts[key] } };
        });
      },
      setOrder: (order) => setQuery((q) => ({ ...q, order })),
      resetFilters: () => {
        setSearchError(null);
        setQuery((q) => ({ ...q, searchTexts: {}, lastSearch: undefined }));
      },
      clearSearchError: () => setSearchError(null),
      refresh: () => {
        overallRef.current = null;
        overallPending.current = null;
        setOverall(null);
        setQuery((q) => ({ ...q }));
      },
      countAgain: () => {
        if (!loaded.current.countFailed) return;
        loaded.current = { ...loaded.current, countFailed: false };
        setPage(loaded.current);
        void countTotal(generation.current);
      },
      loadMore,
      fill: (metrics) => {
        if (isNearBottom(metrics)) loadMore();
      },
      onScroll: (metrics) => {
        if (scrollTimer.current) clearTimeout(scrollTimer.current);
        scrollTimer.current = setTimeout(() => {
          scrollTimer.current = null;
          if (isNearBottom(metrics)) loadMore();
        }, SCROLL_DEBOUNCE_MS);
      },
    };
  }, [load, countTotal]);

  const state = useMemo<ListState<T>>(
    () => ({
      items: page.items,
      total: page.total,
      totalKnown: page.totalKnown,
      countFailed: page.countFailed === true,
      loading,
      searchTexts: query.searchTexts,
      order: query.order,
      hasMore: page.items.length < page.total,
      isFiltered: Object.keys(query.searchTexts).length > 0,
      unfilteredTotal:
        Object.keys(query.searchTexts).length === 0
          ? page.totalKnown
            ? page.total
            : null
          : overall !== null && overall.resetKey === query.resetKey
            ? overall.total
            : null,
      searchError,
    }),
    [page, loading, query, searchError, overall],
  );

  const selection = useMemo<ListSelection>(() => ({ selectedIds, setSelectedIds }), [selectedIds]);

  return { state, selection, actions };
}
