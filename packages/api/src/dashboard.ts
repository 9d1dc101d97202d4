/** Dashboard calls (access-shell-dashboard §7): GET /api/dashboard/* with selectedStoreIds as `1,2,3`. */
import type { ChartRow, DashboardValue, SelfcheckOperationType, SelfcheckTotals, TotalToday, WeeklyOriginRow, WeeklyStoreRow } from '@portal/contract';
import { sharedRead } from './sharedReads';

/** The week a weekly call asks for: the locale's first weekday and any day of that week (YYYY-MM-DD). */
export interface DashboardWeek {
  weekStartDay: number;
  date: string;
}

const BASE = '/api/dashboard';

const storeIdsParam = (selectedStoreIds: readonly number[]): string => selectedStoreIds.join(',');

/** Through sharedRead: the dashboard's first calls may have been started at sign-in (mf-dashboard's prefetch). */
function get<T>(call: string, params: Record<string, string | number>): Promise<T> {
  return sharedRead<T>(`${BASE}/${call}`, params);
}

export const getTotalToday = (selectedStoreIds: readonly number[]): Promise<TotalToday> =>
  get('totalToday', { selectedStoreIds: storeIdsParam(selectedStoreIds) });

export const getTotalTodayData = (selectedStoreIds: readonly number[]): Promise<ChartRow[]> =>
  get('totalTodayData', { selectedStoreIds: storeIdsParam(selectedStoreIds) });

export const getTotalInMonth = (selectedStoreIds: readonly number[]): Promise<DashboardValue> =>
  get('totalInMonth', { selectedStoreIds: storeIdsParam(selectedStoreIds) });

export const getTotalInYear = (selectedStoreIds: readonly number[]): Promise<DashboardValue> =>
  get('totalInYear', { selectedStoreIds: storeIdsParam(selectedStoreIds) });

export const getTotalAlarmsToday = (selectedStoreIds: readonly number[]): Promise<DashboardValue> =>
  get('totalAlarmsToday', { selectedStoreIds: storeIdsParam(selectedStoreIds) });

export const getTotalSelfcheckOperations = (selectedStoreIds: readonly number[]): Promise<SelfcheckTotals> =>
  get('totalSelfcheckOperations', { selectedStoreIds: storeIdsParam(selectedStoreIds) });

export const getCurrentWeekData = (selectedStoreIds: readonly number[], week: DashboardWeek): Promise<WeeklyStoreRow[]> =>
  get('currentWeekData', { selectedStoreIds: storeIdsParam(selectedStoreIds), ...week });

export const getAlarmsWeekData = (selectedStoreIds: readonly number[], week: DashboardWeek): Promise<WeeklyStoreRow[]> =>
  get('alarmsWeekData', { selectedStoreIds: storeIdsParam(selectedStoreIds), ...week });

export const getSelfcheckToday = (selectedStoreIds: readonly number[], type: SelfcheckOperationType): Promise<ChartRow[]> =>
  get('selfcheckToday', { selectedStoreIds: storeIdsParam(selectedStoreIds), type });

export const getSelfcheckDistribution = (selectedStoreIds: readonly number[], type: SelfcheckOperationType, week: DashboardWeek): Promise<WeeklyOriginRow[]> =>
  get('selfcheckDistribution', { selectedStoreIds: storeIdsParam(selectedStoreIds), type, ...week });
