/**
 * The database file store: what every server instance on one PostgreSQL shares without another service.
 * A file is kept as parts of at most PART_BYTES in `stored_files` (migration 0014), written in one
 * transaction (a reader sees the old file or the new one, never half of it). Works on SQLite too (tests).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { assertFileKey, type FileStorage } from './files';

export const PART_BYTES = 1024 * 1024;

export function databaseFileStorage(db: Kysely<Database>): FileStorage {
  return {
    async write(key, data) {
      assertFileKey(key);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('stored_files').where('key', '=', key).execute();
        for (let part = 0, at = 0; part === 0 || at < data.length; part += 1, at += PART_BYTES) {
          await trx
            .insertInto('stored_files')
            .values({ key, part, data: data.subarray(at, at + PART_BYTES) })
            .execute();
        }
      });
    },
    async read(key) {
      assertFileKey(key);
      const rows = await db.selectFrom('stored_files').select('data').where('key', '=', key).orderBy('part').execute();
      return rows.length ? Buffer.concat(rows.map((r) => Buffer.from(r.data))) : null;
    },
    async remove(key) {
      assertFileKey(key);
      await db.deleteFrom('stored_files').where('key', '=', key).execute();
    },
  };
}

/**
 * Copies a local file into the store part by part (the file is never read whole), in one transaction
 * together with `also` (e.g. the row that makes the file visible).
 */
export async function storeLocalFile(db: Kysely<Database>, key: string, file: string, also?: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  assertFileKey(key);
  const handle = await fsp.open(file, 'r');
  try {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stored_files').where('key', '=', key).execute();
      const buffer = Buffer.alloc(PART_BYTES);
      for (let part = 0; ; part += 1) {
        const { bytesRead } = await handle.read(buffer, 0, PART_BYTES, null);
        if (bytesRead === 0 && part > 0) break;
        await trx
          .insertInto('stored_files')
          .values({ key, part, data: Buffer.from(buffer.subarray(0, bytesRead)) })
          .execute();
        if (bytesRead < PART_BYTES) break;
      }
      if (also) await also(trx);
    });
  } finally {
    await handle.close();
  }
}

/**
 * Writes a stored file to a local path part by part (into a file of its own, renamed at the end, so parallel
 * readers of one key never see half a file); false when the key holds no file.
 */
export async function fetchToLocalFile(db: Kysely<Database>, key: string, file: string): Promise<boolean> {
  assertFileKey(key);
  const parts = await db.selectFrom('stored_files').select('part').where('key', '=', key).orderBy('part').execute();
  if (!parts.length) return false;
  const partial = `${file}.${randomBytes(8).toString('hex')}.part`;
  const out = fs.createWriteStream(partial, { flags: 'wx' });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  done.catch(() => undefined);
  try {
    for (const { part } of parts) {
      const row = await db.selectFrom('stored_files').select('data').where('key', '=', key).where('part', '=', part).executeTakeFirst();
      if (!row) throw new Error(`Stored file ${key} changed while it was read`);
      if (!out.write(Buffer.from(row.data)))
        await new Promise<void>((r) => {
          out.once('drain', () => r());
        });
    }
    out.end();
    await done;
    await fsp.rename(partial, file);
  } catch (e) {
    out.destroy();
    await fsp.rm(partial, { force: true });
    throw e;
  }
  return true;
}
