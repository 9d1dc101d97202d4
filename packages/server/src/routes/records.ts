/** POST /api/records/* (data-areas §7 "Counters"): counter statistics per interval, permission statistics. */
import { RecordsBody, RecordsResponse } from '@portal/contract';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import type { Deps } from '../services/context';
import { groupRecords, type Grouping } from '../records/service';

const config = { requirement: 'statistics' as const };

export function recordsRoutes(app: App, deps: Deps): void {
  const route = (path: string, grouping: Grouping, summary: string) => {
    app.post(`/api/records/${path}`, {
      config,
      schema: { tags: ['records'], summary, body: RecordsBody, response: { 200: RecordsResponse } },
    }, async (request) => ({
      intervals: await groupRecords(deps.db, currentUser(request), request.body, grouping, deps.config.now()),
    }));
  };
  route('group-intervals', 'intervals', 'Day intervals in buckets of intervalRange minutes (countIn, countOut, inside)');
  route('group-days', 'days', 'Week and month intervals by day (total_in, total_out, max_inside, avg_inside, avg_time_person)');
  route('group-months', 'months', 'Year intervals by month');
}
