/**
 * Temporary upload files (import): streamed to disk under a server-chosen name (32 random hex digits and
 * the detected type), with a JSON sidecar holding the owner and the client's file name (metadata only).
 * A name that does not match the generated pattern never reaches a path. Files older than the TTL are
 * swept, so abandoned uploads disappear. Local disk here; dbTempFiles.ts keeps them in the database that several
 * instances share. Readers need a local path (exceljs, streaming csv): localCopy.
 */
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { TEMP_FILE_NAME_PATTERN, type ReadFormat, type UploadFormat } from '@portal/contract';

const NAME = new RegExp(TEMP_FILE_NAME_PATTERN);
const PART = /^[0-9a-f]{32}\.part$/;

export interface TempFileMeta {
  owner: number;
  /** The client's file name, display only. */
  name: string;
  format: UploadFormat;
  /** Text files: how the bytes decode. */
  encoding: 'utf-8' | 'windows-1252';
  size: number;
  createdAt: string;
  /** The split options of the last readFile (import uses them unless told otherwise). */
  readFormat?: ReadFormat;
}

export class TooLarge extends Error {}

/** What the upload saw while streaming: byte count, the first bytes, the last bytes and UTF-8 validity. */
export interface UploadProbe {
  size: number;
  head: Buffer;
  tail: Buffer;
  utf8: boolean;
  nul: boolean;
}

const HEAD_BYTES = 8192;
const TAIL_BYTES = 65536;

export type Classify = (probe: UploadProbe, originalName: string) => { format: UploadFormat; encoding: TempFileMeta['encoding'] };

export interface TempFiles {
  /** Streams `source` to a new temporary file; `classify` decides the type (or throws) from the probe. */
  save(owner: number, originalName: string, source: Readable, maxBytes: number, classify: Classify): Promise<{ file: string; meta: TempFileMeta }>;
  isValidName(file: string): boolean;
  /** null when absent or not owned by `owner`. */
  meta(file: string, owner: number): Promise<TempFileMeta | null>;
  updateMeta(file: string, meta: TempFileMeta): Promise<void>;
  /** A local path of the file's bytes for the readers (exceljs, streaming csv); call after meta() found it. */
  localCopy(file: string): Promise<string>;
  remove(file: string): Promise<void>;
  /** What `owner`'s temporary files hold now (finished files; parts being written are not counted). */
  usage(owner: number): Promise<{ bytes: number; files: number }>;
  /** Deletes files (and half-written parts) older than ttlMs; returns how many. Shared stores: run by one instance per run. */
  sweep(ttlMs: number, now?: number): Promise<number>;
  /** This instance's local copies older than ttlMs (shared stores only; every instance runs it). */
  sweepCache?(ttlMs: number, now?: number): Promise<number>;
}

/**
 * Streams `source` to a new part file under `root` (created exclusively), watching size, head, tail and
 * UTF-8 validity; the caller classifies it and moves it into place. The part is removed on failure.
 */
export async function streamUpload(root: string, source: Readable, maxBytes: number): Promise<{ id: string; part: string; probe: UploadProbe }> {
  await fsp.mkdir(root, { recursive: true });
  const id = randomBytes(16).toString('hex');
  const part = path.join(root, `${id}.part`);
  const probe: UploadProbe = { size: 0, head: Buffer.alloc(0), tail: Buffer.alloc(0), utf8: true, nul: false };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const watch = new Transform({
    transform(chunk: Buffer, _enc, done) {
      probe.size += chunk.length;
      if (probe.size > maxBytes) return done(new TooLarge(`The file is larger than ${maxBytes} bytes`));
      if (probe.head.length < HEAD_BYTES) probe.head = Buffer.concat([probe.head, chunk.subarray(0, HEAD_BYTES - probe.head.length)]);
      probe.tail = Buffer.concat([probe.tail, chunk]).subarray(-TAIL_BYTES);
      if (!probe.nul && chunk.includes(0)) probe.nul = true;
      if (probe.utf8) {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          probe.utf8 = false;
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (probe.utf8) {
        try {
          decoder.decode();
        } catch {
          probe.utf8 = false;
        }
      }
      done();
    },
  });
  // The part is created before any byte is read, so removing it after a failure never depends on when a write
  // stream would have opened its own file.
  const file = await fsp.open(part, 'wx');
  try {
    await pipeline(source, watch, file.createWriteStream());
  } catch (e) {
    await fsp.rm(part, { force: true });
    throw e;
  }
  return { id, part, probe };
}

/**
 * Streams an upload to a part under `root`, classifies it (the classifier throws to refuse it), names it and
 * hands part, name and metadata to `keep`, which puts the file in place; the part is removed on any failure.
 */
export async function saveUpload(
  root: string,
  owner: number,
  originalName: string,
  source: Readable,
  maxBytes: number,
  classify: Classify,
  keep: (part: string, file: string, meta: TempFileMeta) => Promise<void>,
): Promise<{ file: string; meta: TempFileMeta }> {
  const upload = await streamUpload(root, source, maxBytes);
  try {
    const { format, encoding } = classify(upload.probe, originalName);
    const file = `${upload.id}.${format}`;
    const meta: TempFileMeta = { owner, name: originalName.slice(0, 255), format, encoding, size: upload.probe.size, createdAt: new Date().toISOString() };
    await keep(upload.part, file, meta);
    return { file, meta };
  } catch (e) {
    await fsp.rm(upload.part, { force: true });
    throw e;
  }
}

export function localTempFiles(root: string): TempFiles {
  const at = (file: string) => {
    if (!NAME.test(file)) throw new Error('Invalid temporary file name');
    return path.join(root, file);
  };
  const metaPath = (file: string) => `${at(file)}.json`;

  return {
    isValidName: (file) => NAME.test(file),
    localCopy: async (file) => at(file),

    save: (owner, originalName, source, maxBytes, classify) =>
      saveUpload(root, owner, originalName, source, maxBytes, classify, async (part, file, meta) => {
        await fsp.writeFile(metaPath(file), JSON.stringify(meta), { flag: 'wx' });
        await fsp.rename(part, at(file));
      }),

    async meta(file, owner) {
      if (!NAME.test(file)) return null;
      try {
        const meta = JSON.parse(await fsp.readFile(metaPath(file), 'utf8')) as TempFileMeta;
        if (meta.owner !== owner) return null;
        await fsp.access(at(file));
        return meta;
      } catch {
        return null;
      }
    },

    async updateMeta(file, meta) {
      await fsp.writeFile(metaPath(file), JSON.stringify(meta));
    },

    async remove(file) {
      await fsp.rm(at(file), { force: true });
      await fsp.rm(metaPath(file), { force: true });
    },

    async usage(owner) {
      let names: string[];
      try {
        names = await fsp.readdir(root);
      } catch {
        return { bytes: 0, files: 0 };
      }
      let bytes = 0;
      let files = 0;
      for (const name of names) {
        if (!name.endsWith('.json') || !NAME.test(name.slice(0, -5))) continue;
        try {
          const meta = JSON.parse(await fsp.readFile(path.join(root, name), 'utf8')) as TempFileMeta;
          if (meta.owner !== owner) continue;
          bytes += meta.size;
          files += 1;
        } catch {
          // Removed meanwhile.
        }
      }
      return { bytes, files };
    },

    sweep: (ttlMs, now = Date.now()) =>
      sweepFolder(root, ttlMs, now, (name) => {
        const base = name.endsWith('.json') ? name.slice(0, -5) : name;
        if (!NAME.test(base) && !PART.test(name)) return null;
        // A file's metadata (.json) goes with it and is not counted again.
        return name.endsWith('.json') ? 'uncounted' : 'counted';
      }),
  };
}

/**
 * Deletes the files of `root` not modified for ttlMs and says how many it removed. `kind` picks the files: null
 * leaves a file alone, 'uncounted' removes it without counting it (e.g. an upload's metadata beside it).
 */
export async function sweepFolder(
  root: string,
  ttlMs: number,
  now: number,
  kind: (name: string) => 'counted' | 'uncounted' | null = () => 'counted',
): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const which = kind(name);
    if (which === null) continue;
    const full = path.join(root, name);
    try {
      if (now - (await fsp.stat(full)).mtimeMs < ttlMs) continue;
      await fsp.rm(full, { force: true });
      if (which === 'counted') removed += 1;
    } catch {
      // Removed meanwhile by a request.
    }
  }
  return removed;
}
