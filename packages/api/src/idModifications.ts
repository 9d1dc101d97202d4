/** ID modifications: GET/PUT /api/idModifications and POST /api/idModifications/test (data-areas §7, §8). */
import type { IdModifications, TestIdScriptResponse } from '@portal/contract';
import { api } from './client';

export type { IdModifications, TestIdScriptResponse };
export { ID_SCRIPT_EXAMPLE_ID, ID_SCRIPT_MAX_LENGTH } from '@portal/contract';

export function getIdModifications(storeId: number): Promise<IdModifications> {
  return api.get('/api/idModifications', { params: { storeId } });
}

/** Saves both scripts; the server test-runs them first (400 SCRIPT_ERROR when one fails). */
export function saveIdModifications(body: IdModifications): Promise<IdModifications> {
  return api.put('/api/idModifications', body);
}

/** Runs a script in the server's sandbox on `id` (default 1234): the new id or the error. */
export function testIdScript(script: string, id?: string): Promise<TestIdScriptResponse> {
  return api.post('/api/idModifications/test', id === undefined ? { script } : { script, id });
}
