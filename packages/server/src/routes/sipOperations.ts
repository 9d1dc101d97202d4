/** GET /api/sipOperations and its export (data-areas §7 SIP): permission 'imagesets', the user's libraries. */
import { ExportBody, ListQuery, ListResponse, SipOperation } from '@portal/contract';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import { ERRORS, EXPORT_FILE } from '../plugins/docs';
import type { FilesDeps } from '../services/files';
import { exportSipOperations, listSipOperations } from '../services/sipOperations';
import { exportBodyFromQuery, ExportQuery, sendFile } from './containers';

const config = { requirement: 'imagesets' as const };
const tags = ['sipOperations'];

export function sipOperationsRoutes(app: App, deps: FilesDeps): void {
  app.get(
    '/api/sipOperations',
    {
      config,
      schema: {
        tags,
        summary: 'SIP operations of your libraries (default: transaction date, newest first)',
        querystring: ListQuery,
        response: { 200: ListResponse(SipOperation) },
      },
    },
    (r) => listSipOperations(deps, currentUser(r), r.query),
  );

  app.post(
    '/api/sipOperations/export',
    {
      config,
      schema: {
        tags,
        summary: 'Export SIP operations (body: format, columns [{id,title}], order, searchTexts)',
        body: ExportBody,
        response: { 200: EXPORT_FILE },
        errors: ERRORS.export,
      },
    },
    async (r, reply) => sendFile(reply, await exportSipOperations(deps, currentUser(r), r.body)),
  );

  app.get(
    '/api/sipOperations/export',
    {
      config,
      schema: { tags, summary: 'Export SIP operations with the saved format', querystring: ExportQuery, response: { 200: EXPORT_FILE }, errors: ERRORS.export },
    },
    async (r, reply) => sendFile(reply, await exportSipOperations(deps, currentUser(r), exportBodyFromQuery(r.query))),
  );
}
