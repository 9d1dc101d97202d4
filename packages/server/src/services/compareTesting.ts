/** Helpers of the Compare tests (real database): a list's full count through the list engine, API creations. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { listPage } from '../lists/engine';
import type { TestApp } from '../testing/testApp';
import { parseCompareId, resolveCompare } from './compare';

/** A full count of a Compare list ('MISSING/group/12', …) through the list engine, never a stored total. */
export async function compareFullCount(db: Kysely<Database>, storeId: number, catalogueId: number, list: string): Promise<number> {
  const { mode, scope } = parseCompareId(list)!;
  const resolved = await resolveCompare(db, storeId, catalogueId, mode, scope);
  return (await listPage(db, resolved.def, resolved.scope, { offset: 0, limit: 1 })).total;
}

/** POSTs `body` to `url` as `user` (expects 200) and answers the new row's id (tid). */
export async function createThroughApi(t: TestApp, url: string, body: object, user: 'librarian' | 'admin' = 'librarian'): Promise<number> {
  const res = await t.call('POST', url, { user, body });
  if (res.statusCode !== 200) throw new Error(`POST ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().tid as number;
}
