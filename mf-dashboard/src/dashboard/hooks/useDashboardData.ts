import { useEffect, useMemo, useState } from 'react';
import { peekFirstAnswer, summaryKey, takeFirstAnswer } from '../model/firstAnswers';
import { logDashboardError } from '../model/log';
import { SUMMARY_LOADERS, type SummaryData, type SummarySource } from '../model/sources';

export interface DashboardData {
  /** Loaded data per source; a missing source is still loading (its widgets show a spinner). */
  data: Partial<SummaryData>;
  /** Sources whose call failed: their widgets stop spinning, the others are unaffected. */
  failed: ReadonlySet<SummarySource>;
  /** True while any call of the current round is pending (the Refresh button's loading state). */
  loading: boolean;
}

/** What the calls of a round answered so far; `loading` is derived from it (so it never takes a render of its own). */
type Answered = Pick<DashboardData, 'data' | 'failed'>;

const NOTHING: Answered = { data: {}, failed: new Set() };

/**
 * The answers of the sign-in prefetch for these store ids and sources (firstAnswers.ts): peeked for the first
 * render, taken by the round that shows them.
 */
function answeredAhead(storeKey: string | null, sourceKey: string, take: boolean): Partial<SummaryData> {
  if (!storeKey || !sourceKey) return {};
  const ids = storeKey.split(',').map(Number);
  const found: Partial<Record<SummarySource, unknown>> = {};
  for (const source of sourceKey.split(',') as SummarySource[]) {
    const key = summaryKey(source, ids);
    const value = take ? takeFirstAnswer(key) : peekFirstAnswer(key);
    if (value !== undefined) found[source] = value;
  }
  return found as Partial<SummaryData>;
}

const sameData = (a: Partial<SummaryData>, b: Partial<SummaryData>): boolean => {
  const keys = Object.keys(a) as SummarySource[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/**
 * Loads every summary source the visible widgets need, once per round. A round starts when the selected
 * store ids, the reload key (Refresh) or the needed sources change; each call settles on its own.
 */
export function useDashboardData(
  /** null while the libraries are not known yet: widgets keep spinning, nothing is asked. */
  storeIds: readonly number[] | null,
  reloadKey: number,
  sources: readonly SummarySource[],
): DashboardData {
  const storeKey = storeIds === null ? null : storeIds.join(',');
  const sourceKey = [...new Set(sources)].sort().join(',');
  // The first render shows the answers the sign-in prefetch already has (no spinner, then a second render).
  const [state, setState] = useState<Answered>(() => {
    const data = answeredAhead(storeKey, sourceKey, false);
    return Object.keys(data).length === 0 ? NOTHING : { data, failed: new Set() };
  });

  useEffect(() => {
    const wanted = sourceKey ? (sourceKey.split(',') as SummarySource[]) : [];
    if (storeKey === null) {
      setState(NOTHING);
      return undefined;
    }
    const ids = storeKey ? storeKey.split(',').map(Number) : [];
    // No library selected: nothing to ask (the page shows an empty state instead of the widgets).
    if (ids.length === 0) {
      setState(NOTHING);
      return undefined;
    }
    let current = true;
    const ahead = answeredAhead(storeKey, sourceKey, true);
    // Unchanged (no render) when the first render already showed these answers, or none.
    setState((prev) => (prev.failed.size === 0 && sameData(prev.data, ahead) ? prev : { data: ahead, failed: new Set() }));
    const settle = (update: (prev: Answered) => Answered): void => {
      if (current) setState(update);
    };
    for (const source of wanted) {
      const load = SUMMARY_LOADERS[source] as (ids: readonly number[]) => Promise<SummaryData[typeof source]>;
      const answer = load(ids); // takes the read the prefetch started, if any (a later round asks the server)
      if (source in ahead) {
        answer.catch(() => undefined); // the same read, already answered and shown
        continue;
      }
      answer.then(
        (value) => settle((prev) => ({ ...prev, data: { ...prev.data, [source]: value } })),
        (error: unknown) => {
          logDashboardError(source, error);
          settle((prev) => ({ ...prev, failed: new Set([...prev.failed, source]) }));
        },
      );
    }
    return () => {
      current = false;
    };
  }, [storeKey, reloadKey, sourceKey]);

  // Loading while a wanted source has neither answered nor failed (once the libraries are known and hold one).
  const loading = !!storeKey && !!sourceKey && (sourceKey.split(',') as SummarySource[]).some((source) => !(source in state.data) && !state.failed.has(source));
  return useMemo(() => ({ data: state.data, failed: state.failed, loading }), [state, loading]);
}
