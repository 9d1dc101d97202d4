/**
 * Where uploaded files live. Keys are chosen by the server (never the client's file name); the local
 * implementation keeps them under <dataDir>/files; databaseFileStorage (dbFiles.ts) keeps them in the database
 * that several instances share.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  write(key: string, data: Buffer): Promise<void>;
  /** null when the file does not exist. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+\/[a-z0-9-]+(\.[a-z0-9]+)?$/;

/** A new server-chosen key such as 'avatars/<uuid>.png'. */
export function newFileKey(folder: string, extension: string): string {
  return `${folder}/${randomUUID()}.${extension}`;
}

/** Throws for a key the server did not choose (never reaches a path or a query). */
export function assertFileKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

export function localFileStorage(root: string): FileStorage {
  const resolve = (key: string): string => {
    assertFileKey(key);
    return path.join(root, key);
  };
  return {
    async write(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async read(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
