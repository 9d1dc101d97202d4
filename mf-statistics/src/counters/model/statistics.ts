/**
 * Statistic names per interval type (access-shell-dashboard §3), the legend rule of data-areas §4 (with
 * several intervals at most one statistic per interval is shown) and the summary (Total In, Max. Inside /
 * capacity), computed over the zoomed part when there is a zoom.
 */
import type { IntervalType, RecordRow } from '@portal/contract';

export const DAY_STATISTICS = ['countIn', 'countOut', 'inside'] as const;
export const PERIOD_STATISTICS = ['total_in', 'total_out', 'max_inside', 'avg_inside', 'avg_time_person'] as const;
export type Statistic = (typeof DAY_STATISTICS)[number] | (typeof PERIOD_STATISTICS)[number];

export const statisticsOf = (type: IntervalType): readonly Statistic[] => (type === 'day' ? DAY_STATISTICS : PERIOD_STATISTICS);

/** The statistic shown first: visitors in. */
export const defaultStatistics = (type: IntervalType): Statistic[] => [statisticsOf(type)[0]];

/**
 * A legend click on `statistic`: with several intervals it becomes the only one shown; with one interval it
 * toggles, never leaving none.
 */
export function selectStatistic(selected: readonly Statistic[], statistic: Statistic, several: boolean): Statistic[] {
  if (several) return [statistic];
  if (!selected.includes(statistic)) return [...selected, statistic];
  return selected.length > 1 ? selected.filter((s) => s !== statistic) : [...selected];
}

/** What is shown for the type: only its statistics, and only one of them with several intervals. */
export function shownStatistics(selected: readonly Statistic[], type: IntervalType, several: boolean): Statistic[] {
  const valid = selected.filter((s) => statisticsOf(type).includes(s));
  const list = valid.length ? valid : defaultStatistics(type);
  return several ? list.slice(0, 1) : list;
}

/** [from, to] positions of the rows shown (inclusive), or null for all. */
export type Zoom = [number, number] | null;

export interface Summary {
  totalIn: number;
  maxInside: number;
}

export function summarize(rows: readonly RecordRow[], zoom: Zoom): Summary {
  const part = zoom ? rows.slice(Math.max(0, zoom[0]), zoom[1] + 1) : rows;
  let totalIn = 0;
  let maxInside = 0;
  for (const r of part) {
    if ('countIn' in r) {
      totalIn += r.countIn;
      maxInside = Math.max(maxInside, r.inside);
    } else {
      totalIn += r.total_in;
      maxInside = Math.max(maxInside, r.max_inside);
    }
  }
  return { totalIn, maxInside };
}

export const statisticValue = (row: RecordRow, statistic: Statistic): number => (row as unknown as Record<string, number>)[statistic] ?? 0;
