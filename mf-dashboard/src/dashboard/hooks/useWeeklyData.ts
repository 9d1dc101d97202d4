import { useEffect, useState } from 'react';
import { peekFirstAnswer, takeFirstAnswer, weeklyKey } from '../model/firstAnswers';
import { logDashboardError } from '../model/log';
import { WEEKLY_SOURCES, type WeeklyRow, type WeeklySource } from '../model/sources';

export interface WeeklyData {
  /** null while loading (the chart shows a spinner). */
  rows: WeeklyRow[] | null;
  failed: boolean;
}

const LOADING: WeeklyData = { rows: null, failed: false };
const FAILED: WeeklyData = { rows: null, failed: true };
const NO_ROWS: WeeklyData = { rows: [], failed: false };

/** The new state, or the previous one when it shows the same (a state that does not change takes no render). */
const unlessSame =
  (next: WeeklyData) =>
  (prev: WeeklyData): WeeklyData =>
    prev.rows === next.rows && prev.failed === next.failed ? prev : next;

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
    return rows ? { rows, failed: false } : LOADING;
  });

  useEffect(() => {
    if (storeKey === null) {
      setState(unlessSame(LOADING));
      return undefined;
    }
    const ids = storeKey ? storeKey.split(',').map(Number) : [];
    if (ids.length === 0) {
      setState((prev) => (prev.rows?.length === 0 && !prev.failed ? prev : NO_ROWS));
      return undefined;
    }
    let current = true;
    const ahead = takeFirstAnswer<WeeklyRow[]>(weeklyKey(source, ids, weekStartDay, date));
    const answer = WEEKLY_SOURCES[source].load(ids, { weekStartDay, date }); // takes the read the prefetch started, if any
    if (ahead) {
      answer.catch(() => undefined); // the same read, already answered and shown
      setState(unlessSame({ rows: ahead, failed: false }));
      return undefined;
    }
    setState(unlessSame(LOADING));
    answer.then(
      (rows) => current && setState({ rows, failed: false }),
      (error: unknown) => {
        logDashboardError(source, error);
        if (current) setState(unlessSame(FAILED));
      },
    );
    return () => {
      current = false;
    };
  }, [source, storeKey, reloadKey, weekStartDay, date]);

  return state;
}
