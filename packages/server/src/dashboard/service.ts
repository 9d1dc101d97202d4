/**
 * The dashboard's figures (access-shell-dashboard §2, §7), each computed in every library's own calendar:
 * "today", this month and this year are the library's; "inside" counts since the library's last reset.
 */
import {
  addDays,
  weekDays,
  type ChartRow,
  type DashboardValue,
  type SelfcheckOperationType,
  type SelfcheckTotals,
  type TotalToday,
  type WeeklyOriginRow,
  type WeeklyStoreRow,
} from '@portal/contract';
import { alarmsByStoreDay, countAlarms, dailyIn, insideByStore, selfcheckByLabel, selfcheckByOriginDay, selfcheckByType, sumDailyIn } from './queries';
import { groupByClock, type DashboardScope, type StoreGroup } from './scope';

export interface Week {
  weekStartDay: number;
  date: string;
}

const byToday = (scope: DashboardScope) => groupByClock(scope.stores, (c) => c.today);
const total = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const eachGroup = <T>(groups: StoreGroup[], run: (g: StoreGroup) => Promise<T>) => Promise.all(groups.map(run));

export async function totalToday(scope: DashboardScope): Promise<TotalToday> {
  const { db, stores } = scope;
  const [totalsIn, inside] = await Promise.all([
    eachGroup(byToday(scope), (g) => sumDailyIn(db, g.ids, g.clock.today, g.clock.today)),
    eachGroup(
      groupByClock(stores, (c) => `${c.lastReset}|${c.now}`),
      (g) => insideByStore(db, g.ids, g.clock.lastReset, g.clock.now),
    ),
  ]);
  // A library cannot hold fewer than nobody (a sensor may miss people going in).
  const totalInside = total(inside.flat().map((row) => Math.max(0, Number(row.inside))));
  return { totalIn: total(totalsIn), totalInside };
}

/** Visitors in today per library (label = library name), every selected library listed. */
export async function totalTodayData(scope: DashboardScope): Promise<ChartRow[]> {
  const rows = (await eachGroup(byToday(scope), (g) => dailyIn(scope.db, g.ids, g.clock.today, g.clock.today))).flat();
  const byStore = new Map(rows.map((r) => [r.store_id, Number(r.count_in)]));
  return scope.stores.map((s) => ({ label: s.name, value: byStore.get(s.id) ?? 0 }));
}

export async function totalInMonth(scope: DashboardScope): Promise<DashboardValue> {
  const groups = groupByClock(scope.stores, (c) => `${c.monthStart}|${c.today}`);
  return { value: total(await eachGroup(groups, (g) => sumDailyIn(scope.db, g.ids, g.clock.monthStart, g.clock.today))) };
}

export async function totalInYear(scope: DashboardScope): Promise<DashboardValue> {
  const groups = groupByClock(scope.stores, (c) => `${c.yearStart}|${c.today}`);
  return { value: total(await eachGroup(groups, (g) => sumDailyIn(scope.db, g.ids, g.clock.yearStart, g.clock.today))) };
}

export async function totalAlarmsToday(scope: DashboardScope): Promise<DashboardValue> {
  const counts = await eachGroup(byToday(scope), (g) => countAlarms(scope.db, g.ids, g.clock.today, addDays(g.clock.today, 1)));
  return { value: total(counts) };
}

const TOTAL_FIELD: Record<SelfcheckOperationType, keyof SelfcheckTotals> = {
  CHECKOUT: 'totalCheckoutsToday',
  CHECKIN: 'totalCheckinsToday',
  RENEW: 'totalRenewalsToday',
};

export async function totalSelfcheckOperations(scope: DashboardScope): Promise<SelfcheckTotals> {
  const totals: SelfcheckTotals = { totalCheckoutsToday: 0, totalCheckinsToday: 0, totalRenewalsToday: 0 };
  const rows = await eachGroup(byToday(scope), (g) => selfcheckByType(scope.db, g.ids, g.clock.today, addDays(g.clock.today, 1)));
  for (const row of rows.flat()) {
    const field = TOTAL_FIELD[row.type as SelfcheckOperationType];
    if (field) totals[field] += Number(row.n);
  }
  return totals;
}

/** Today's operations of one type by label, largest first. */
export async function selfcheckToday(scope: DashboardScope, type: SelfcheckOperationType): Promise<ChartRow[]> {
  const rows = await eachGroup(byToday(scope), (g) => selfcheckByLabel(scope.db, g.ids, type, g.clock.today, addDays(g.clock.today, 1)));
  const byLabel = new Map<string, number>();
  for (const row of rows.flat()) byLabel.set(row.label, (byLabel.get(row.label) ?? 0) + Number(row.n));
  return [...byLabel].map(([label, value]) => ({ label, value })).sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
}

/** One row per library and day of the week, zeros included, in library then day order. */
function perStoreAndDay(scope: DashboardScope, days: string[], counts: Map<string, number>): WeeklyStoreRow[] {
  return scope.stores.flatMap((s) => days.map((day) => ({ day, value: counts.get(`${s.id}|${day}`) ?? 0, storeName: s.name })));
}

/** Visitors in per library and day of the requested week (the days are each library's calendar days). */
export async function currentWeekData(scope: DashboardScope, week: Week): Promise<WeeklyStoreRow[]> {
  const days = weekDays(week.date, week.weekStartDay);
  const ids = scope.stores.map((s) => s.id);
  const rows = ids.length ? await dailyIn(scope.db, ids, days[0], days[6]) : [];
  return perStoreAndDay(scope, days, new Map(rows.map((r) => [`${r.store_id}|${r.day}`, Number(r.count_in)])));
}

export async function alarmsWeekData(scope: DashboardScope, week: Week): Promise<WeeklyStoreRow[]> {
  const days = weekDays(week.date, week.weekStartDay);
  const ids = scope.stores.map((s) => s.id);
  const rows = ids.length ? await alarmsByStoreDay(scope.db, ids, days[0], addDays(days[6], 1)) : [];
  return perStoreAndDay(scope, days, new Map(rows.map((r) => [`${r.store_id}|${r.day}`, Number(r.n)])));
}

/** Operations of one type per origin and day of the week; only origins and days with operations. */
export async function selfcheckDistribution(scope: DashboardScope, type: SelfcheckOperationType, week: Week): Promise<WeeklyOriginRow[]> {
  const days = weekDays(week.date, week.weekStartDay);
  const ids = scope.stores.map((s) => s.id);
  const rows = ids.length ? await selfcheckByOriginDay(scope.db, ids, type, days[0], addDays(days[6], 1)) : [];
  return rows.map((r) => ({ day: r.day, value: Number(r.n), origin: r.origin })).sort((a, b) => a.day.localeCompare(b.day) || a.origin.localeCompare(b.origin));
}
