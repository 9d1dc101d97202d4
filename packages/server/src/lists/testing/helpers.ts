/** Test helpers for the list engine: catalogues with items, multipart bodies, exports. */
import type { Kysely } from 'kysely';
import { itemSearchText, type ItemField } from '@portal/contract';
import type { Database } from '../../db/schema';

export type TestItem = Partial<Record<ItemField, string | null>>;

export async function addCatalogue(db: Kysely<Database>, storeId: number, name: string, items: TestItem[] = []): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db.insertInto('catalogues').values({ store_id: storeId, name, sync_url: null, auto_sync: 0, last_sync: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
  for (let i = 0; i < items.length; i += 200) {
    await db.insertInto('catalogue_items').values(items.slice(i, i + 200).map((it) => ({
      store_id: storeId, catalogue_id: id, code: it.code ?? null, object_id: it.objectId ?? null,
      field1: it.field1 ?? null, field2: it.field2 ?? null, field3: it.field3 ?? null, field4: it.field4 ?? null,
      field5: it.field5 ?? null, field6: it.field6 ?? null, search_text: itemSearchText(it), created_at: now,
    }))).execute();
  }
  return id;
}

/** A multipart/form-data body with one file part. */
export function multipart(field: string, fileName: string, content: Buffer | string, type = 'application/octet-stream') {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
