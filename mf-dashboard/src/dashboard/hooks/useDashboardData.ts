import { useEffect, useState } from 'react';
import { logDashboardError } from '../model/log';
import { EMPTY_SUMMARY, SUMMARY_LOADERS, type SummaryData, type SummarySource } from '../model/sources';

export interface DashboardData {
  /** Loaded data per source; a missing source is still loading (its widgets show a spinner). */
  data: Partial<SummaryData>;
  /** Sources whose call failed: their widgets stop spinning, the others are unaffected. */
  failed: ReadonlySet<SummarySource>;
  /** True while any call of the current round is pending (the Refresh button's loading state). */
  loading: boolean;
}

const NOTHING: DashboardData = { data: {}, failed: new Set(), loading: false };

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
  const [state, setState] = useState<DashboardData>(NOTHING);

  useEffect(() => {
    const wanted = sourceKey ? (sourceKey.split(',') as SummarySource[]) : [];
    if (storeKey === null) {
      setState(NOTHING);
      return undefined;
    }
    const ids = storeKey ? storeKey.split(',').map(Number) : [];
    if (ids.length === 0) {
      setState({ data: EMPTY_SUMMARY, failed: new Set(), loading: false });
      return undefined;
    }
    let current = true;
    let pending = wanted.length;
    setState({ data: {}, failed: new Set(), loading: pending > 0 });
    const settle = (update: (prev: DashboardData) => DashboardData): void => {
      if (!current) return;
      pending -= 1;
      setState((prev) => ({ ...update(prev), loading: pending > 0 }));
    };
    for (const source of wanted) {
      const load = SUMMARY_LOADERS[source] as (ids: readonly number[]) => Promise<SummaryData[typeof source]>;
      load(ids).then(
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

  return state;
}
