/**
 * Where each widget's data comes from: one loader per dashboard call (§7). "Summary" sources follow the
 * library selection and Refresh; "weekly" sources additionally follow their own chart's week.
 */
import {
  getAlarmsWeekData,
  getCurrentWeekData,
  getSelfcheckDistribution,
  getSelfcheckToday,
  getTotalAlarmsToday,
  getTotalInMonth,
  getTotalInYear,
  getTotalSelfcheckOperations,
  getTotalToday,
  getTotalTodayData,
  type DashboardWeek,
} from '@portal/api';
import type { ChartRow, DashboardValue, SelfcheckTotals, TotalToday, WeeklyGroupName, WeeklyOriginRow, WeeklyStoreRow } from '@portal/contract';

export interface SummaryData {
  totalToday: TotalToday;
  totalTodayData: ChartRow[];
  totalInMonth: DashboardValue;
  totalInYear: DashboardValue;
  totalAlarmsToday: DashboardValue;
  totalSelfcheckOperations: SelfcheckTotals;
  checkoutsToday: ChartRow[];
  checkinsToday: ChartRow[];
  renewalsToday: ChartRow[];
}
export type SummarySource = keyof SummaryData;
/** Summary sources whose data is a list of {label, value} chart rows. */
export type ChartRowSource = { [K in SummarySource]: SummaryData[K] extends ChartRow[] ? K : never }[SummarySource];

type StoreIds = readonly number[];

export const SUMMARY_LOADERS: { [K in SummarySource]: (ids: StoreIds) => Promise<SummaryData[K]> } = {
  totalToday: getTotalToday,
  totalTodayData: getTotalTodayData,
  totalInMonth: getTotalInMonth,
  totalInYear: getTotalInYear,
  totalAlarmsToday: getTotalAlarmsToday,
  totalSelfcheckOperations: getTotalSelfcheckOperations,
  checkoutsToday: (ids) => getSelfcheckToday(ids, 'CHECKOUT'),
  checkinsToday: (ids) => getSelfcheckToday(ids, 'CHECKIN'),
  renewalsToday: (ids) => getSelfcheckToday(ids, 'RENEW'),
};

/** A row of a weekly chart: grouped by library name (storeName) or by origin. */
export type WeeklyRow = WeeklyStoreRow | WeeklyOriginRow;

export type WeeklySource = 'currentWeekData' | 'alarmsWeekData' | 'checkoutsDistribution' | 'checkinsDistribution' | 'renewalsDistribution';

interface WeeklySourceDef {
  groupName: WeeklyGroupName;
  load: (ids: StoreIds, week: DashboardWeek) => Promise<WeeklyRow[]>;
}

export const WEEKLY_SOURCES: Record<WeeklySource, WeeklySourceDef> = {
  currentWeekData: { groupName: 'storeName', load: getCurrentWeekData },
  alarmsWeekData: { groupName: 'storeName', load: getAlarmsWeekData },
  checkoutsDistribution: { groupName: 'origin', load: (ids, week) => getSelfcheckDistribution(ids, 'CHECKOUT', week) },
  checkinsDistribution: { groupName: 'origin', load: (ids, week) => getSelfcheckDistribution(ids, 'CHECKIN', week) },
  renewalsDistribution: { groupName: 'origin', load: (ids, week) => getSelfcheckDistribution(ids, 'RENEW', week) },
};

/** The group a weekly row belongs to. */
export function groupOf(row: WeeklyRow, groupName: WeeklyGroupName): string {
  if (groupName === 'storeName') return 'storeName' in row ? row.storeName : '';
  return 'origin' in row ? row.origin : '';
}
