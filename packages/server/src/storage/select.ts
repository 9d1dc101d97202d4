/**
 * Which file store the server uses (ServerConfig.fileStore, FILE_STORE): 'local' disk under the data
 * directory (the embedded default), or 'database', the store every instance on one PostgreSQL shares
 * (the default with DATABASE_URL). Avatars, image-set pictures and uploads waiting for import go to the same one.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import { databaseFileStorage } from './dbFiles';
import { databaseTempFiles } from './dbTempFiles';
import { localFileStorage, type FileStorage } from './files';
import { localTempFiles, type TempFiles } from './tempFiles';

export type FileStoreKind = 'local' | 'database';

export function fileStorageFor(db: Kysely<Database>, config: Pick<ServerConfig, 'fileStore' | 'dataDir'>): FileStorage {
  return config.fileStore === 'database' ? databaseFileStorage(db) : localFileStorage(path.join(config.dataDir, 'files'));
}

export function tempFilesFor(db: Kysely<Database>, config: Pick<ServerConfig, 'fileStore' | 'dataDir'>): TempFiles {
  // The database store keeps local copies for the readers in the same folder the local store uses.
  const root = path.join(config.dataDir, 'tmp-uploads');
  return config.fileStore === 'database' ? databaseTempFiles(db, root) : localTempFiles(root);
}

/** FILE_STORE: 'local' or 'database'; unset → database on PostgreSQL, local on SQLite. */
export function fileStoreFromEnv(value: string | undefined, postgres: boolean): FileStoreKind {
  const text = (value ?? '').trim().toLowerCase();
  if (text === 'local' || text === 'database') return text;
  if (text !== '') throw new Error(`FILE_STORE must be "local" or "database", not "${value}"`);
  return postgres ? 'database' : 'local';
}
