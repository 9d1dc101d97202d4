import { addDays, weekDays } from '@portal/contract';
import moment from 'moment';
import { useCallback, useMemo, useState } from 'react';

export interface WeekPaging {
  weekStartDay: number;
  /** A day of the shown week (today shifted by whole weeks), YYYY-MM-DD: sent as `date`. */
  date: string;
  /** Today, YYYY-MM-DD: the chart leaves later days empty. */
  today: string;
  /** The seven days of the shown week. */
  days: string[];
  previous: () => void;
  next: () => void;
  /** False on the current week: there is nothing to see in the future. */
  canGoNext: boolean;
}

export const today = (): string => moment().format('YYYY-MM-DD');

/** One chart's week: starts at the current week; previous/next shift it by seven days. */
export function useWeekPaging(weekStartDay: number, currentDay: string = today()): WeekPaging {
  const [offset, setOffset] = useState(0);
  const previous = useCallback(() => setOffset((o) => o - 1), []);
  const next = useCallback(() => setOffset((o) => Math.min(0, o + 1)), []);
  const date = addDays(currentDay, offset * 7);
  return useMemo(
    () => ({ weekStartDay, date, today: currentDay, days: weekDays(date, weekStartDay), previous, next, canGoNext: offset < 0 }),
    [weekStartDay, date, currentDay, previous, next, offset],
  );
}
