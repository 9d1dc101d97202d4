/**
 * Dashboard calls (access-shell-dashboard §7 "GET /api/dashboard/*"): query schemas the server validates
 * with, response schemas the client is typed with, and the calendar-week arithmetic both sides share.
 */
import { Type, type Static } from 'typebox';
export * from './values/dashboard';

/** Most store ids one call may name (a comma-separated list in the query string). */
export const MAX_SELECTED_STORE_IDS = 1000;

/**
 * `selectedStoreIds`: comma-separated store ids, e.g. `1,2,3`; empty means "no library selected" and
 * every figure is zero. Ids the user does not hold are not counted.
 */
export const SelectedStoreIds = Type.String({
  pattern: `^([0-9]{1,9}(,[0-9]{1,9}){0,${MAX_SELECTED_STORE_IDS - 1}})?$`,
  description: 'Comma-separated store ids',
});

/** `weekStartDay`: the locale's first weekday, 0 = Sunday … 6 = Saturday. */
export const WeekStartDay = Type.Integer({ minimum: 0, maximum: 6 });

/** `date`: any day of the wanted week, `YYYY-MM-DD`; the server also rejects non-days (400 VALIDATION_ERROR). */
export const DashboardDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

export const SELFCHECK_TYPES = ['CHECKOUT', 'CHECKIN', 'RENEW'] as const;
export type SelfcheckOperationType = (typeof SELFCHECK_TYPES)[number];
export const SelfcheckTypeSchema = Type.Union([Type.Literal('CHECKOUT'), Type.Literal('CHECKIN'), Type.Literal('RENEW')]);

export const DashboardQuery = Type.Object({ selectedStoreIds: SelectedStoreIds }, { additionalProperties: false });
export const DashboardWeekQuery = Type.Object(
  { selectedStoreIds: SelectedStoreIds, weekStartDay: WeekStartDay, date: DashboardDate },
  { additionalProperties: false },
);
export const SelfcheckTodayQuery = Type.Object({ selectedStoreIds: SelectedStoreIds, type: SelfcheckTypeSchema }, { additionalProperties: false });
export const SelfcheckDistributionQuery = Type.Object(
  { selectedStoreIds: SelectedStoreIds, type: SelfcheckTypeSchema, weekStartDay: WeekStartDay, date: DashboardDate },
  { additionalProperties: false },
);
export type DashboardQuery = Static<typeof DashboardQuery>;
export type DashboardWeekQuery = Static<typeof DashboardWeekQuery>;
export type SelfcheckTodayQuery = Static<typeof SelfcheckTodayQuery>;
export type SelfcheckDistributionQuery = Static<typeof SelfcheckDistributionQuery>;

/** totalInMonth, totalInYear, totalAlarmsToday. */
export const DashboardValue = Type.Object({ value: Type.Number() });
/** totalToday: visitors in today and people inside now (in − out since each library's last reset). */
export const TotalToday = Type.Object({ totalIn: Type.Number(), totalInside: Type.Number() });
/** totalSelfcheckOperations: today's self-service operations per type. */
export const SelfcheckTotals = Type.Object({
  totalCheckoutsToday: Type.Number(),
  totalCheckinsToday: Type.Number(),
  totalRenewalsToday: Type.Number(),
});
/** totalTodayData (label = library name) and selfcheckToday (label = operation label). */
export const ChartRow = Type.Object({ label: Type.String(), value: Type.Number() });
export const ChartRows = Type.Array(ChartRow);
/** currentWeekData and alarmsWeekData: one row per library and day of the week (zeros included). */
export const WeeklyStoreRow = Type.Object({ day: DashboardDate, value: Type.Number(), storeName: Type.String() });
export const WeeklyStoreRows = Type.Array(WeeklyStoreRow);
/** selfcheckDistribution: one row per origin and day with operations. */
export const WeeklyOriginRow = Type.Object({ day: DashboardDate, value: Type.Number(), origin: Type.String() });
export const WeeklyOriginRows = Type.Array(WeeklyOriginRow);

export type DashboardValue = Static<typeof DashboardValue>;
export type TotalToday = Static<typeof TotalToday>;
export type SelfcheckTotals = Static<typeof SelfcheckTotals>;
export type ChartRow = Static<typeof ChartRow>;
export type WeeklyStoreRow = Static<typeof WeeklyStoreRow>;
export type WeeklyOriginRow = Static<typeof WeeklyOriginRow>;
/** The grouping field of a weekly row: storeName or origin. */
export type WeeklyGroupName = 'storeName' | 'origin';
