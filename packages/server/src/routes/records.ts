/** POST /api/records/* (data-areas §7 "Counters"): counter statistics per interval, permission statistics. */
import { RecordsBody, RecordsExportBody, RecordsResponse } from '@portal/contract';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import { fileResponse } from '../plugins/docs';
import type { Deps } from '../services/context';
import { checkExportTexts, groupingOf, recordsWorkbook } from '../records/export';
import { groupRecords, type Grouping } from '../records/service';
import { sendFile } from './containers';

const config = { requirement: 'statistics' as const };

export function recordsRoutes(app: App, deps: Deps): void {
  const route = (path: string, grouping: Grouping, summary: string) => {
    app.post(
      `/api/records/${path}`,
      {
        config,
        schema: { tags: ['records'], summary, body: RecordsBody, response: { 200: RecordsResponse } },
      },
      async (request) => ({
        intervals: await groupRecords(deps.db, currentUser(request), request.body, grouping, deps.config.now()),
      }),
    );
  };
  route('group-intervals', 'intervals', 'Day intervals in buckets of intervalRange minutes (countIn, countOut, inside)');
  route('group-days', 'days', 'Week and month intervals by day (total_in, total_out, max_inside, avg_inside, avg_time_person)');
  route('group-months', 'months', 'Year intervals by month');

  app.post(
    '/api/records/export',
    {
      config,
      schema: {
        tags: ['records'],
        summary: 'The intervals as a styled .xlsx, a sheet per interval (exportMode complete or zoom)',
        body: RecordsExportBody,
        response: { 200: fileResponse('The workbook', ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      checkExportTexts(body);
      const records = { intervals: body.intervals, intervalRange: body.intervalRange, intervalTimes: body.intervalTimes, resetTime: body.resetTime };
      const intervals = await groupRecords(deps.db, currentUser(request), records, groupingOf(body.intervalType), deps.config.now());
      const names = body.intervals.map((_, n) => body.sheetNames?.[n] ?? '');
      return sendFile(reply, await recordsWorkbook(body, intervals, names));
    },
  );
}
