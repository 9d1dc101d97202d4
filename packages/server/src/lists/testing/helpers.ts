/** Test helpers for the list engine: catalogues and search lists with items, multipart bodies, exports. */
import type { Kysely } from 'kysely';
import { itemSearchText, type ItemField } from '@portal/contract';
import type { Database } from '../../db/schema';
import type { DemoUser, TestApp } from '../../testing/testApp';

export type TestItem = Partial<Record<ItemField, string | null>>;

/** A catalogue or search list with items, written directly (ids as the tables give them). */
async function addContainer(db: Kysely<Database>, kind: 'catalogue' | 'searchList', storeId: number, name: string, items: TestItem[]): Promise<number> {
  const now = new Date().toISOString();
  const table = kind === 'catalogue' ? 'catalogues' : 'search_lists';
  const { id } = await db
    .insertInto(table)
    .values({ store_id: storeId, name, sync_url: null, auto_sync: 0, last_sync: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < items.length; i += 200) {
    const rows = items.slice(i, i + 200).map((it) => ({
      store_id: storeId,
      code: it.code ?? null,
      object_id: it.objectId ?? null,
      field1: it.field1 ?? null,
      field2: it.field2 ?? null,
      field3: it.field3 ?? null,
      field4: it.field4 ?? null,
      field5: it.field5 ?? null,
      field6: it.field6 ?? null,
      search_text: itemSearchText(it),
      created_at: now,
    }));
    if (kind === 'catalogue')
      await db
        .insertInto('catalogue_items')
        .values(rows.map((r) => ({ ...r, catalogue_id: id })))
        .execute();
    else
      await db
        .insertInto('search_list_items')
        .values(rows.map((r) => ({ ...r, search_list_id: id })))
        .execute();
  }
  return id;
}

export const addCatalogue = (db: Kysely<Database>, storeId: number, name: string, items: TestItem[] = []) =>
  addContainer(db, 'catalogue', storeId, name, items);
export const addSearchList = (db: Kysely<Database>, storeId: number, name: string, items: TestItem[] = []) =>
  addContainer(db, 'searchList', storeId, name, items);

/** A multipart/form-data body with one file part. */
export function multipart(field: string, fileName: string, content: Buffer | string, type = 'application/octet-stream') {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a file as `user` through POST /api/misc/upload; returns the temporary file's name. */
export async function uploadAs(t: TestApp, user: DemoUser, fileName: string, content: Buffer | string): Promise<string> {
  const { payload, headers } = multipart('file', fileName, content);
  const res = await t.app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': await t.token(user) } });
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return res.json().file as string;
}

/** A new inventory group with one section, made through the API as `user`; returns the section's items URL. */
export async function addSectionThroughApi(t: TestApp, user: DemoUser, storeId: number): Promise<string> {
  const base = `/api/stores/${storeId}/inventoryGroups`;
  const group = (await t.call('POST', base, { user, body: { name: `Group ${Math.random()}`, catalogueId: null } })).json().tid;
  const section = (await t.call('POST', `${base}/${group}/inventories`, { user, body: { comment: 'Shelf', date: '2026-11-20 10:30:00' } })).json().tid;
  return `${base}/${group}/inventories/${section}/items`;
}
