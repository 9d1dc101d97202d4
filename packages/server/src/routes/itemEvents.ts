/** GET /api/itemEvents, /numItemEvents and /export (data-areas §7): permission 'inventories', the user's libraries. */
import { ExportBody, ItemEvent, ListQuery, ListResponse, NumItemEvents } from '@portal/contract';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import { ERRORS, EXPORT_FILE } from '../plugins/docs';
import type { FilesDeps } from '../services/files';
import { exportItemEvents, listItemEvents, numItemEvents } from '../services/itemEvents';
import { exportBodyFromQuery, ExportQuery, sendFile } from './containers';

const config = { requirement: 'inventories' as const };
const tags = ['itemEvents'];

export function itemEventsRoutes(app: App, deps: FilesDeps): void {
  app.get(
    '/api/itemEvents',
    {
      config,
      schema: {
        tags,
        summary: 'Item events of your libraries (default: date, newest first)',
        querystring: ListQuery,
        response: { 200: ListResponse(ItemEvent) },
      },
    },
    (r) => listItemEvents(deps, currentUser(r), r.query),
  );

  app.get(
    '/api/itemEvents/numItemEvents',
    {
      config,
      schema: { tags, summary: 'Item events of your libraries matching the search', querystring: ListQuery, response: { 200: NumItemEvents } },
    },
    (r) => numItemEvents(deps, currentUser(r), r.query),
  );

  app.post(
    '/api/itemEvents/export',
    {
      config,
      schema: {
        tags,
        summary: 'Export item events (body: format, columns [{id,title}], order, searchTexts)',
        body: ExportBody,
        response: { 200: EXPORT_FILE },
        errors: ERRORS.export,
      },
    },
    async (r, reply) => sendFile(reply, await exportItemEvents(deps, currentUser(r), r.body)),
  );

  app.get(
    '/api/itemEvents/export',
    {
      config,
      schema: { tags, summary: 'Export item events with the saved format', querystring: ExportQuery, response: { 200: EXPORT_FILE }, errors: ERRORS.export },
    },
    async (r, reply) => sendFile(reply, await exportItemEvents(deps, currentUser(r), exportBodyFromQuery(r.query))),
  );
}
