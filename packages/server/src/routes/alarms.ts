/** GET /api/alarms, /numAlarms, /export and DELETE /api/alarms/{ids} (data-areas §7): permission 'alarms', the user's libraries. */
import { Type } from 'typebox';
import { Alarm, AlarmIdsParams, DeletedIds, ExportBody, ListQuery, ListResponse, NumAlarms, type ExportBody as ExportBodyType } from '@portal/contract';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import { ERRORS, EXPORT_FILE } from '../plugins/docs';
import { deleteAlarms, exportAlarms, listAlarms, numAlarms } from '../services/alarms';
import type { FilesDeps } from '../services/files';
import { exportBodyFromQuery, ExportQuery, sendFile } from './containers';

const config = { requirement: 'alarms' as const };
const tags = ['alarms'];

/** The list's Activated/Deactivated filter, sent beside the export dialog's body. */
const AlarmsExportQuery = Type.Object(
  { alarmActivated: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) },
  { additionalProperties: false },
);

function withActivated(body: ExportBodyType, activated: 'true' | 'false' | undefined): ExportBodyType {
  if (!activated || body.searchTexts?.alarmActivated) return body;
  return { ...body, searchTexts: { ...body.searchTexts, alarmActivated: activated } };
}

export function alarmsRoutes(app: App, deps: FilesDeps): void {
  app.get(
    '/api/alarms',
    {
      config,
      schema: { tags, summary: 'Alarms of your libraries (default: date, newest first)', querystring: ListQuery, response: { 200: ListResponse(Alarm) } },
    },
    (r) => listAlarms(deps, currentUser(r), r.query),
  );

  app.get(
    '/api/alarms/numAlarms',
    {
      config,
      schema: {
        tags,
        summary: 'Records, activated and deactivated alarms matching the search (its alarmActivated term aside)',
        querystring: ListQuery,
        response: { 200: NumAlarms },
      },
    },
    (r) => numAlarms(deps, currentUser(r), r.query),
  );

  app.post(
    '/api/alarms/export',
    {
      config,
      schema: {
        tags,
        summary: "Export alarms (body: format, columns [{id,title}], order, searchTexts); ?alarmActivated= the screen's filter when the body has none",
        body: ExportBody,
        querystring: AlarmsExportQuery,
        response: { 200: EXPORT_FILE },
        errors: ERRORS.export,
      },
    },
    async (r, reply) => sendFile(reply, await exportAlarms(deps, currentUser(r), withActivated(r.body, r.query.alarmActivated))),
  );

  app.get(
    '/api/alarms/export',
    {
      config,
      schema: { tags, summary: 'Export alarms with the saved format', querystring: ExportQuery, response: { 200: EXPORT_FILE }, errors: ERRORS.export },
    },
    async (r, reply) => sendFile(reply, await exportAlarms(deps, currentUser(r), exportBodyFromQuery(r.query))),
  );

  app.delete(
    '/api/alarms/:ids',
    {
      config,
      schema: {
        tags,
        summary: 'Delete alarms (ids comma-separated); any not in your libraries: 403, none deleted',
        params: AlarmIdsParams,
        response: { 200: DeletedIds },
      },
    },
    (r) => deleteAlarms(deps, currentUser(r), r.params.ids),
  );
}
