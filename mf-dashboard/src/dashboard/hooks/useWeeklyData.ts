import { useEffect, useState } from 'react';
import { peekFirstAnswer, takeFirstAnswer, weeklyKey } from '../model/firstAnswers';
import { logDashboardError } from '../model/log';
import { WEEKLY_SOURCES, type WeeklyRow, type WeeklySource } from '../model/sources';

export interface WeeklyData {
  /** null while loading (the chart shows a spinner). */
  rows: WeeklyRow[] | null;
  failed: boolean;
}

/** One weekly chart's rows: reloads on a new library selection, on Refresh and when its own week moves. */
export function useWeeklyData(
  source: WeeklySource,
  /** null while the libraries are not known yet. */
  storeIds: readonly number[] | null,
  reloadKey: number,
  weekStartDay: number,
  date: string,
): WeeklyData {
  const storeKey = storeIds === null ? null : storeIds.join(',');
  // The first render shows the answer the sign-in prefetch already has (firstAnswers.ts): no spinner first.
  const [state, setState] = useState<WeeklyData>(() => {
    const rows = storeKey ? peekFirstAnswer<WeeklyRow[]>(weeklyKey(source, storeKey.split(',').map(Number), weekStartDay, date)) : undefined;
    return { rows: rows ?? null, failed: false };
  });

  useEffect(() => {
    if (storeKey === null) {
      setState({ rows: null, failed: false });
      return undefined;
    }
    const ids = storeKey ? storeKey.split(',').map(Number) : [];
    if (ids.length === 0) {
      setState({ rows: [], failed: false });
      return undefined;
    }
    let current = true;
    const ahead = takeFirstAnswer<WeeklyRow[]>(weeklyKey(source, ids, weekStartDay, date));
    const answer = WEEKLY_SOURCES[source].load(ids, { weekStartDay, date }); // takes the read the prefetch started, if any
    if (ahead) {
      answer.catch(() => undefined); // the same read, already answered and shown
      setState((prev) => (prev.rows === ahead && !prev.failed ? prev : { rows: ahead, failed: false }));
      return undefined;
    }
    setState({ rows: null, failed: false });
    answer.then(
      (rows) => current && setState({ rows, failed: false }),
      (error: unknown) => {
        logDashboardError(source, error);
        if (current) setState({ rows: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [source, storeKey, reloadKey, weekStartDay, date]);

  return state;
}
