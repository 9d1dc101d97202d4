/** GET /api/dashboard/* (access-shell-dashboard §7): the dashboard's figures for the selected libraries. */
import {
  ChartRows,
  DashboardQuery,
  DashboardValue,
  DashboardWeekQuery,
  ERROR_CODES,
  isCalendarDay,
  SelfcheckDistributionQuery,
  SelfcheckTodayQuery,
  SelfcheckTotals,
  TotalToday,
  WeeklyOriginRows,
  WeeklyStoreRows,
} from '@portal/contract';
import type { App } from '../app';
import * as dashboard from '../dashboard/service';
import { dashboardScope } from '../dashboard/scope';
import { badRequest } from '../errors';
import { currentUser } from '../plugins/auth';
import type { AuthUser, Deps } from '../services/context';

const schema = (summary: string) => ({ tags: ['dashboard'], summary });

export function dashboardRoutes(app: App, deps: Deps): void {
  const scope = (request: { authUser: AuthUser | null }, selectedStoreIds: string) =>
    dashboardScope(deps.db, currentUser(request), selectedStoreIds, deps.config.now());
  const week = (query: { date: string; weekStartDay: number }) => {
    if (!isCalendarDay(query.date)) throw badRequest(ERROR_CODES.VALIDATION_ERROR, 'date must be a calendar day (YYYY-MM-DD)', { param: 'date' });
    return { date: query.date, weekStartDay: query.weekStartDay };
  };
  const config = { requirement: 'manager' as const };

  app.get(
    '/api/dashboard/totalToday',
    {
      config,
      schema: {
        ...schema("Visitors in today and people inside now (since each library's last reset)"),
        querystring: DashboardQuery,
        response: { 200: TotalToday },
      },
    },
    async (request) => dashboard.totalToday(await scope(request, request.query.selectedStoreIds)),
  );

  app.get(
    '/api/dashboard/totalTodayData',
    {
      config,
      schema: { ...schema('Visitors in today per library ({label: library name, value})'), querystring: DashboardQuery, response: { 200: ChartRows } },
    },
    async (request) => dashboard.totalTodayData(await scope(request, request.query.selectedStoreIds)),
  );

  app.get(
    '/api/dashboard/totalInMonth',
    {
      config,
      schema: { ...schema('Visitors in this month'), querystring: DashboardQuery, response: { 200: DashboardValue } },
    },
    async (request) => dashboard.totalInMonth(await scope(request, request.query.selectedStoreIds)),
  );

  app.get(
    '/api/dashboard/totalInYear',
    {
      config,
      schema: { ...schema('Visitors in this year'), querystring: DashboardQuery, response: { 200: DashboardValue } },
    },
    async (request) => dashboard.totalInYear(await scope(request, request.query.selectedStoreIds)),
  );

  app.get(
    '/api/dashboard/totalAlarmsToday',
    {
      config,
      schema: { ...schema('Alarms today'), querystring: DashboardQuery, response: { 200: DashboardValue } },
    },
    async (request) => dashboard.totalAlarmsToday(await scope(request, request.query.selectedStoreIds)),
  );

  app.get(
    '/api/dashboard/totalSelfcheckOperations',
    {
      config,
      schema: { ...schema('Self-service checkouts, checkins and renewals today'), querystring: DashboardQuery, response: { 200: SelfcheckTotals } },
    },
    async (request) => dashboard.totalSelfcheckOperations(await scope(request, request.query.selectedStoreIds)),
  );

  app.get(
    '/api/dashboard/currentWeekData',
    {
      config,
      schema: { ...schema('Visitors in per library and day of the week holding date'), querystring: DashboardWeekQuery, response: { 200: WeeklyStoreRows } },
    },
    async (request) => dashboard.currentWeekData(await scope(request, request.query.selectedStoreIds), week(request.query)),
  );

  app.get(
    '/api/dashboard/alarmsWeekData',
    {
      config,
      schema: { ...schema('Alarms per library and day of the week holding date'), querystring: DashboardWeekQuery, response: { 200: WeeklyStoreRows } },
    },
    async (request) => dashboard.alarmsWeekData(await scope(request, request.query.selectedStoreIds), week(request.query)),
  );

  app.get(
    '/api/dashboard/selfcheckToday',
    {
      config,
      schema: { ...schema("Today's self-service operations of a type by label"), querystring: SelfcheckTodayQuery, response: { 200: ChartRows } },
    },
    async (request) => dashboard.selfcheckToday(await scope(request, request.query.selectedStoreIds), request.query.type),
  );

  app.get(
    '/api/dashboard/selfcheckDistribution',
    {
      config,
      schema: {
        ...schema('Self-service operations of a type per origin and day of the week holding date'),
        querystring: SelfcheckDistributionQuery,
        response: { 200: WeeklyOriginRows },
      },
    },
    async (request) => {
      const { selectedStoreIds, type } = request.query;
      return dashboard.selfcheckDistribution(await scope(request, selectedStoreIds), type, week(request.query));
    },
  );
}
