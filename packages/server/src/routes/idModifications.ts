/** GET/PUT /api/idModifications and POST /api/idModifications/test (data-areas §7): permission 'inventories'. */
import { IdModifications, IdModificationsQuery, TestIdScriptBody, TestIdScriptResponse } from '@portal/contract';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import { ERRORS } from '../plugins/docs';
import { testIdScript } from '../sandbox/idScript';
import type { Deps } from '../services/context';
import { getIdModifications, saveIdModifications } from '../services/idModifications';

const config = { requirement: 'inventories' as const };
const tags = ['idModifications'];
const BUSY = 'TOO_MANY_CONCURRENT: the sandbox runs one script of yours at a time and keeps a few waiting (details: kind "script run", limit)';

export function idModificationsRoutes(app: App, deps: Pick<Deps, 'db'>): void {
  app.get(
    '/api/idModifications',
    {
      config,
      schema: {
        tags,
        summary: "A library's two ID modification scripts (empty when never saved)",
        querystring: IdModificationsQuery,
        response: { 200: IdModifications },
      },
    },
    (r) => getIdModifications(deps, currentUser(r), r.query.storeId),
  );

  app.put(
    '/api/idModifications',
    {
      config,
      schema: {
        tags,
        summary: 'Save both scripts after test-running them on the example id (a failing one: 400 SCRIPT_ERROR)',
        body: IdModifications,
        response: { 200: IdModifications },
        errors: { ...ERRORS.invalid("SCRIPT_ERROR (message: the failing script's error)"), 429: BUSY },
      },
    },
    (r) => saveIdModifications(deps, currentUser(r), r.body),
  );

  app.post(
    '/api/idModifications/test',
    {
      config,
      schema: {
        tags,
        summary: 'Run a script in the sandbox on an id (default 1234): the new id or the error',
        body: TestIdScriptBody,
        response: { 200: TestIdScriptResponse },
        errors: { 429: BUSY },
      },
    },
    (r) => testIdScript(r.body.script, r.body.id),
  );
}
