/**
 * Zip-bomb guard for uploaded workbooks (xlsx is a zip), run once before any xlsx reader touches the file.
 * yauzl reads the central directory and the local headers. From the directory: every entry stored or
 * deflated, no zip64, at most MAX_ENTRIES entries, each entry's declared size within its cap (shared strings
 * have a smaller one: they are held in memory), the declared total within the file cap and no entry above the
 * compression ratio; the entries follow one another with nothing between them (the xlsx reader holds every part it
 * reads whole, wherever the workbook puts it, to the shared strings' cap: checkHeldPart). Then every entry is inflated
 * once, streamed and thrown away: yauzl fails an entry as soon as it produces more than it declares, and what
 * it declares is within the caps. Memory stays at one inflate window.
 */
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ERROR_CODES } from '@portal/contract';
import { ApiError, withCause } from '../../errors';
import { invalidFile } from './sheets';

declare module 'yauzl' {
  interface ZipFile {
    readLocalFileHeader(entry: Entry, callback: (err: Error | null, header: { fileDataStart: number; generalPurposeBitFlag: number }) => void): void;
  }
}

export interface ZipLimits {
  /** Largest unpacked size of one entry (a worksheet). */
  maxEntryBytes: number;
  /** Largest unpacked size of xl/sharedStrings.xml, and of any part the reader holds in memory (checkHeldPart). */
  maxSharedStringsBytes: number;
  /** Largest unpacked size of all entries together. */
  maxTotalBytes: number;
  /** Largest unpacked/packed ratio of an entry that unpacks to more than RATIO_FLOOR bytes. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntryBytes: 512 * 1024 * 1024,
  maxSharedStringsBytes: 64 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
};

/** Small entries (styles, rels) may compress very well without harm. */
const RATIO_FLOOR = 1024 * 1024;
const MAX_ENTRIES = 10_000;
const ZIP32_MAX = 0xffffffff;

/** One entry of the zip, its name read as UTF-8 (as Office writes them). */
export interface ZipPart {
  name: string;
  entry: Entry;
}

const tooLarge = (message: string, details: Record<string, unknown>) => new ApiError(413, ERROR_CODES.ARCHIVE_TOO_LARGE, message, details);

const notZip = (what: string, cause: unknown) => withCause(invalidFile(`The workbook is not a valid xlsx file (${what})`), cause);

const mib = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/** Throws 413 ARCHIVE_TOO_LARGE for a part that unpacks to more than `maxBytes` (one a reader would hold in memory). */
export function checkHeldPart(part: ZipPart, maxBytes: number): void {
  if (part.entry.uncompressedSize > maxBytes)
    throw tooLarge(`The workbook part ${part.name} unpacks to more than ${mib(maxBytes)}`, { entry: part.name, limit: maxBytes });
}

function capOf(part: ZipPart, limits: ZipLimits): number {
  return /^xl\/sharedStrings\.xml$/i.test(part.name) ? limits.maxSharedStringsBytes : limits.maxEntryBytes;
}

/**
 * Opens the zip at `path` and reads its directory; close it with `zip.close()` (the file closes once the
 * entries' streams are done too). `directoryOffset`: where the directory starts.
 */
export async function openZip(path: string): Promise<{ zip: ZipFile; parts: ZipPart[]; directoryOffset: number }> {
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: false }, (e, z) => (e ? reject(notZip('no zip directory', e)) : resolve(z)));
  });
  try {
    // Before the first entry is read, yauzl's cursor is where the directory starts.
    const directoryOffset = (zip as unknown as { readEntryCursor: number }).readEntryCursor;
    if (zip.entryCount >= 0xffff || directoryOffset >= ZIP32_MAX) throw invalidFile('Zip64 workbooks are not supported');
    if (zip.entryCount > MAX_ENTRIES) throw invalidFile(`A workbook may hold at most ${MAX_ENTRIES} parts`);
    const parts = await new Promise<ZipPart[]>((resolve, reject) => {
      const read: ZipPart[] = [];
      zip.on('entry', (entry: Entry) => {
        // decodeStrings: false leaves the name as its bytes.
        read.push({ name: (entry.fileName as unknown as Buffer).toString('utf8'), entry });
        zip.readEntry();
      });
      zip.on('end', () => resolve(read));
      // Stays attached: yauzl reports later errors (closing the file) here too.
      zip.on('error', (e) => reject(notZip('bad directory', e)));
      zip.readEntry();
    });
    return { zip, parts, directoryOffset };
  } catch (e) {
    zip.close();
    throw e;
  }
}

/** The entry's bytes as they inflate (yauzl fails the stream past the declared size or short of it). */
export function openPart(zip: ZipFile, part: ZipPart): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(part.entry, (e, stream) => (e ? reject(notZip('bad part header', e)) : resolve(stream)));
  });
}

function checkDeclared(parts: ZipPart[], limits: ZipLimits): void {
  let total = 0;
  for (const part of parts) {
    const { name, entry: e } = part;
    if (e.compressionMethod !== 0 && e.compressionMethod !== 8) throw invalidFile(`Unsupported compression in the workbook part ${name}`);
    if (e.compressedSize >= ZIP32_MAX || e.uncompressedSize >= ZIP32_MAX || e.relativeOffsetOfLocalHeader >= ZIP32_MAX) {
      throw invalidFile('Zip64 workbooks are not supported');
    }
    const cap = capOf(part, limits);
    if (e.uncompressedSize > cap) throw tooLarge(`The workbook part ${name} unpacks to more than ${mib(cap)}`, { entry: name, limit: cap });
    if (e.uncompressedSize > RATIO_FLOOR && e.uncompressedSize > e.compressedSize * limits.maxRatio) {
      throw tooLarge(`The workbook part ${name} is compressed more than ${limits.maxRatio} to 1`, { entry: name, ratio: limits.maxRatio });
    }
    total += e.uncompressedSize;
    if (total > limits.maxTotalBytes) throw tooLarge(`The workbook unpacks to more than ${mib(limits.maxTotalBytes)}`, { limit: limits.maxTotalBytes });
  }
}

/**
 * Readers that stream local headers (exceljs) would also read parts the directory does not list: the parts
 * must follow one another with nothing between them, up to the directory.
 */
async function checkContiguous(path: string, zip: ZipFile, parts: ZipPart[], directoryOffset: number): Promise<void> {
  const handle = await fsp.open(path, 'r');
  try {
    let expected = 0;
    for (const { entry } of [...parts].sort((a, b) => a.entry.relativeOffsetOfLocalHeader - b.entry.relativeOffsetOfLocalHeader)) {
      if (entry.relativeOffsetOfLocalHeader !== expected) throw invalidFile('The workbook holds data outside its listed parts');
      const header = await new Promise<{ fileDataStart: number; generalPurposeBitFlag: number }>((resolve, reject) => {
        zip.readLocalFileHeader(entry, (e, h) => (e ? reject(notZip('bad part header', e)) : resolve(h)));
      });
      expected = header.fileDataStart + entry.compressedSize;
      if (header.generalPurposeBitFlag & 0x08) {
        // Data descriptor: optional signature, crc, packed and unpacked sizes.
        const signature = Buffer.alloc(4);
        const { bytesRead } = await handle.read(signature, 0, 4, expected);
        expected += bytesRead === 4 && signature.readUInt32LE(0) === 0x08074b50 ? 16 : 12;
      }
    }
    if (expected !== directoryOffset) throw invalidFile('The workbook holds data outside its listed parts');
  } finally {
    await handle.close();
  }
}

/** Inflates one entry and throws its bytes away. */
async function inflateAll(zip: ZipFile, part: ZipPart): Promise<void> {
  // Stored entries: yauzl checked that they hold what they declare.
  if (part.entry.compressionMethod === 0 || part.entry.compressedSize === 0) return;
  const stream = await openPart(zip, part);
  try {
    stream.resume();
    await finished(stream);
  } catch (e) {
    const { name } = part;
    if (/^too many bytes/.test((e as Error).message)) {
      throw tooLarge(`The workbook part ${name} unpacks to more than it declares or than allowed`, { entry: name, limit: part.entry.uncompressedSize });
    }
    throw withCause(invalidFile(`The workbook part ${name} is damaged`), e);
  } finally {
    stream.destroy();
  }
}

/** Throws 413 ARCHIVE_TOO_LARGE (or 400 INVALID_FILE) unless the zip at `path` unpacks within the limits. */
export async function checkZip(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<void> {
  const { zip, parts, directoryOffset } = await openZip(path);
  try {
    checkDeclared(parts, limits);
    await checkContiguous(path, zip, parts, directoryOffset);
    for (const part of parts) await inflateAll(zip, part);
  } finally {
    zip.close();
  }
}
