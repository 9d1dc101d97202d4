/**
 * Zip-bomb guard for uploaded workbooks (xlsx is a zip), run once before any xlsx reader touches the file.
 * From the central directory: every entry stored or deflated, no zip64, at most MAX_ENTRIES entries, each
 * entry's declared size within its cap (shared strings have a smaller one: exceljs holds them in memory),
 * the declared total within the file cap and no entry above the compression ratio. Then every entry is
 * inflated once, streamed and thrown away, counting what it really produces: a size past what the entry
 * declares, its cap or the ratio stops the inflation at once. Memory stays at one inflate window.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { ERROR_CODES } from '@portal/contract';
import { ApiError } from '../../errors';
import { invalidFile } from './sheets';

export interface ZipLimits {
  /** Largest unpacked size of one entry (a worksheet). */
  maxEntryBytes: number;
  /** Largest unpacked size of xl/sharedStrings.xml (read into memory). */
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
const EOCD_SIGNATURE = 0x06054b50;
const CD_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

export interface ZipEntry {
  name: string;
  method: number;
  packed: number;
  unpacked: number;
  localOffset: number;
}

const tooLarge = (message: string, details: Record<string, unknown>) => new ApiError(413, ERROR_CODES.ARCHIVE_TOO_LARGE, message, details);

const mib = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

function capOf(entry: ZipEntry, limits: ZipLimits): number {
  return /^xl\/sharedStrings\.xml$/i.test(entry.name) ? limits.maxSharedStringsBytes : limits.maxEntryBytes;
}

async function readAt(handle: fsp.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

export async function centralDirectory(handle: fsp.FileHandle, size: number): Promise<{ entries: ZipEntry[]; cdOffset: number }> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      at = i;
      break;
    }
  }
  if (at < 0) throw invalidFile('The workbook is not a valid xlsx file (no zip directory)');
  const count = tail.readUInt16LE(at + 10);
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw invalidFile('Zip64 workbooks are not supported');
  if (count > MAX_ENTRIES) throw invalidFile(`A workbook may hold at most ${MAX_ENTRIES} parts`);
  if (cdOffset + cdSize > size) throw invalidFile('The workbook is not a valid xlsx file (directory out of range)');
  const cd = await readAt(handle, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n += 1) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CD_SIGNATURE) throw invalidFile('The workbook is not a valid xlsx file (bad directory)');
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    entries.push({
      method: cd.readUInt16LE(p + 10),
      packed: cd.readUInt32LE(p + 20),
      unpacked: cd.readUInt32LE(p + 24),
      localOffset: cd.readUInt32LE(p + 42),
      name: cd.toString('utf8', p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, cdOffset };
}

function checkDeclared(entries: ZipEntry[], limits: ZipLimits): void {
  let total = 0;
  for (const e of entries) {
    if (e.method !== 0 && e.method !== 8) throw invalidFile(`Unsupported compression in the workbook part ${e.name}`);
    if (e.packed === 0xffffffff || e.unpacked === 0xffffffff) throw invalidFile('Zip64 workbooks are not supported');
    const cap = capOf(e, limits);
    if (e.unpacked > cap) throw tooLarge(`The workbook part ${e.name} unpacks to more than ${mib(cap)}`, { entry: e.name, limit: cap });
    if (e.unpacked > RATIO_FLOOR && e.unpacked > e.packed * limits.maxRatio) {
      throw tooLarge(`The workbook part ${e.name} is compressed more than ${limits.maxRatio} to 1`, { entry: e.name, ratio: limits.maxRatio });
    }
    total += e.unpacked;
    if (total > limits.maxTotalBytes) throw tooLarge(`The workbook unpacks to more than ${mib(limits.maxTotalBytes)}`, { limit: limits.maxTotalBytes });
  }
}

/** Where an entry's data starts, and where the entry ends (its data descriptor included). */
export async function entrySpan(handle: fsp.FileHandle, entry: ZipEntry): Promise<{ start: number; end: number }> {
  const header = await readAt(handle, entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw invalidFile('The workbook is not a valid xlsx file (bad part header)');
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  let end = start + entry.packed;
  if (header.readUInt16LE(6) & 0x08) {
    // Data descriptor: optional signature, crc, packed and unpacked sizes.
    const descriptor = await readAt(handle, end, 4);
    end += descriptor.length === 4 && descriptor.readUInt32LE(0) === 0x08074b50 ? 16 : 12;
  }
  return { start, end };
}

/**
 * Readers that stream local headers (exceljs) would also read parts the directory does not list: the parts
 * must follow one another with nothing between them, up to the directory.
 */
async function checkContiguous(handle: fsp.FileHandle, entries: ZipEntry[], cdOffset: number): Promise<Map<ZipEntry, number>> {
  const starts = new Map<ZipEntry, number>();
  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    if (entry.localOffset !== expected) throw invalidFile('The workbook holds data outside its listed parts');
    const { start, end } = await entrySpan(handle, entry);
    starts.set(entry, start);
    expected = end;
  }
  if (expected !== cdOffset) throw invalidFile('The workbook holds data outside its listed parts');
  return starts;
}

/** Inflates one entry, counting: stops as soon as it produces more than it may. Returns the bytes produced. */
async function inflateCounting(path: string, start: number, entry: ZipEntry, limits: ZipLimits): Promise<number> {
  if (entry.packed === 0) return 0;
  // What it may produce: what it declares (already within the caps), and never past the ratio.
  const allowed = Math.min(entry.unpacked, capOf(entry, limits), Math.max(RATIO_FLOOR, entry.packed * limits.maxRatio));
  const source = fs.createReadStream(path, { start, end: start + entry.packed - 1, highWaterMark: 64 * 1024 });
  if (entry.method === 0) {
    if (entry.packed !== entry.unpacked) throw invalidFile(`The workbook part ${entry.name} has inconsistent sizes`);
    source.destroy();
    return entry.packed;
  }
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  let produced = 0;
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      source.destroy();
      inflate.destroy();
      reject(e);
    };
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > allowed) {
        fail(tooLarge(`The workbook part ${entry.name} unpacks to more than it declares or than allowed`, { entry: entry.name, limit: allowed }));
      }
    });
    inflate.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(produced);
    });
    inflate.on('error', () => fail(invalidFile(`The workbook part ${entry.name} is damaged`)));
    source.on('error', fail);
    source.pipe(inflate);
  });
}

/** Throws 413 ARCHIVE_TOO_LARGE (or 400 INVALID_FILE) unless the zip at `path` unpacks within the limits. */
export async function checkZip(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<void> {
  const handle = await fsp.open(path, 'r');
  try {
    const { size } = await handle.stat();
    const { entries, cdOffset } = await centralDirectory(handle, size);
    checkDeclared(entries, limits);
    const starts = await checkContiguous(handle, entries, cdOffset);
    let total = 0;
    for (const entry of entries) {
      total += await inflateCounting(path, starts.get(entry)!, entry, limits);
      if (total > limits.maxTotalBytes) throw tooLarge(`The workbook unpacks to more than ${mib(limits.maxTotalBytes)}`, { limit: limits.maxTotalBytes });
    }
  } finally {
    await handle.close();
  }
}
