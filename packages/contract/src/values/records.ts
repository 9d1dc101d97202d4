/** Counter interval types and ranges, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

/** access-shell-dashboard §9: at most 30 intervals on one chart. */
export const MAX_INTERVALS = 30;

export const INTERVAL_TYPES = ['day', 'week', 'month', 'year'] as const;

export type IntervalType = (typeof INTERVAL_TYPES)[number];

export const DEFAULT_INTERVAL_TYPE: IntervalType = 'day';

/** data-areas §9: the day chart's bucket choices (minutes). */
export const INTERVAL_RANGES = [5, 15, 30, 60] as const;

export type IntervalRange = (typeof INTERVAL_RANGES)[number];

export const DEFAULT_INTERVAL_RANGE: IntervalRange = 30;
