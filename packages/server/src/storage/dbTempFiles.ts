/**
 * Uploads waiting for import kept in the database (temp_files + stored_files 'tmp-uploads/<name>'), so an
 * upload received by one instance is read and imported by any other. The upload is streamed to a local
 * part first (size cap, type probe), then copied into the database in one transaction with its row. Readers
 * get a local copy: the receiving instance keeps its part as the copy; another instance fetches the parts
 * once into its cache folder (files never change after upload, so a cached copy stays right). The database
 * sweep deletes rows and bytes older than the TTL; each instance sweeps its own cache folder.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { TEMP_FILE_NAME_PATTERN } from '@portal/contract';
import type { Database } from '../db/schema';
import { fetchToLocalFile, storeLocalFile } from './dbFiles';
import { saveUpload, sweepFolder, type TempFileMeta, type TempFiles } from './tempFiles';

const NAME = new RegExp(TEMP_FILE_NAME_PATTERN);
const keyOf = (file: string) => `tmp-uploads/${file}`;

export function databaseTempFiles(db: Kysely<Database>, cacheRoot: string): TempFiles {
  const at = (file: string) => {
    if (!NAME.test(file)) throw new Error('Invalid temporary file name');
    return path.join(cacheRoot, file);
  };

  return {
    isValidName: (file) => NAME.test(file),

    save: (owner, originalName, source, maxBytes, classify) =>
      saveUpload(cacheRoot, owner, originalName, source, maxBytes, classify, async (part, file, meta) => {
        await storeLocalFile(db, keyOf(file), part, async (trx) => {
          await trx
            .insertInto('temp_files')
            .values({ name: file, owner, size: meta.size, meta: JSON.stringify(meta), created_at: meta.createdAt })
            .execute();
        });
        // The part becomes this instance's local copy.
        await fsp.rename(part, at(file));
      }),

    async meta(file, owner) {
      if (!NAME.test(file)) return null;
      const row = await db.selectFrom('temp_files').select(['owner', 'meta']).where('name', '=', file).executeTakeFirst();
      if (!row || row.owner !== owner) return null;
      return JSON.parse(row.meta) as TempFileMeta;
    },

    async updateMeta(file, meta) {
      await db
        .updateTable('temp_files')
        .set({ meta: JSON.stringify(meta) })
        .where('name', '=', file)
        .execute();
    },

    async localCopy(file) {
      const local = at(file);
      try {
        await fsp.access(local);
        return local;
      } catch {
        await fsp.mkdir(cacheRoot, { recursive: true });
        // A missing file leaves no copy: the reader then fails like on a file deleted meanwhile.
        await fetchToLocalFile(db, keyOf(file), local);
        return local;
      }
    },

    async remove(file) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('temp_files').where('name', '=', file).execute();
        await trx.deleteFrom('stored_files').where('key', '=', keyOf(file)).execute();
      });
      await fsp.rm(at(file), { force: true });
    },

    async usage(owner) {
      const row = await db
        .selectFrom('temp_files')
        .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('size').as('bytes')])
        .where('owner', '=', owner)
        .executeTakeFirst();
      return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
    },

    /** The database's rows and bytes older than ttlMs (once across instances: the caller holds the job's run). */
    async sweep(ttlMs, now = Date.now()) {
      const cutoff = new Date(now - ttlMs).toISOString();
      const old = await db.selectFrom('temp_files').select('name').where('created_at', '<', cutoff).execute();
      for (const { name } of old) {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('temp_files').where('name', '=', name).execute();
          await trx.deleteFrom('stored_files').where('key', '=', keyOf(name)).execute();
        });
      }
      return old.length;
    },

    sweepCache: (ttlMs, now = Date.now()) => sweepFolder(cacheRoot, ttlMs, now),
  };
}
