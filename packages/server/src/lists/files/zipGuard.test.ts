/**
 * The zip guard on crafted zips, where yauzl's reading differs from a hand-written one or where the guard
 * relies on what yauzl tells (the directory's offset): the bombs themselves go through the app in bombs.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError } from '../../errors';
import { buildZip, sharedStrings } from '../testing/zip';
import { checkZip } from './zipGuard';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-guard-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** What checkZip answers for these bytes: 'ok' or [status, code, message]. */
async function check(bytes: Buffer): Promise<'ok' | [number, string, string]> {
  const file = path.join(dir, `${++n}.xlsx`);
  fs.writeFileSync(file, bytes);
  try {
    await checkZip(file);
    return 'ok';
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return [e.statusCode, e.code, e.message];
  } finally {
    fs.rmSync(file);
  }
}

const PARTS = [
  { name: 'xl/sharedStrings.xml', data: sharedStrings(100) },
  { name: 'xl/workbook.xml', data: '<workbook/>' },
];
/** Where the directory starts in a zip of buildZip (its end record's offset field). */
const directoryOffset = (zip: Buffer) => zip.readUInt32LE(zip.length - 22 + 16);

it('takes a well-formed zip', async () => {
  expect(await check(buildZip(PARTS))).toBe('ok');
});

it('refuses a part that inflates to less than it declares, and a stored part whose sizes differ', async () => {
  const short = buildZip([{ name: 'xl/sharedStrings.xml', data: sharedStrings(100), declaredSize: 100_000 }]);
  expect(await check(short)).toEqual([400, 'INVALID_FILE', 'The workbook part xl/sharedStrings.xml is damaged']);
  const stored = buildZip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet', stored: true, declaredSize: 10 }]);
  expect(await check(stored)).toEqual([400, 'INVALID_FILE', 'The workbook is not a valid xlsx file (bad directory)']);
});

it('reads sizes from the directory: a local header that lies about them changes nothing', async () => {
  const zip = buildZip(PARTS);
  // The first local header's packed and unpacked sizes.
  zip.writeUInt32LE(1, 18);
  zip.writeUInt32LE(1, 22);
  expect(await check(zip)).toBe('ok');
});

it('refuses bytes between the last part and the directory, and after the end record', async () => {
  const zip = buildZip(PARTS);
  const at = directoryOffset(zip);
  const padded = Buffer.concat([zip.subarray(0, at), Buffer.alloc(8), zip.subarray(at)]);
  padded.writeUInt32LE(at + 8, padded.length - 22 + 16);
  expect(await check(padded)).toEqual([400, 'INVALID_FILE', 'The workbook holds data outside its listed parts']);
  expect(await check(Buffer.concat([zip, Buffer.from('trailing')]))).toEqual([400, 'INVALID_FILE', 'The workbook is not a valid xlsx file (no zip directory)']);
});

it('refuses zip64 and a local header without its signature', async () => {
  const zip = buildZip(PARTS);
  const many = Buffer.from(zip);
  many.writeUInt16LE(0xffff, many.length - 22 + 8);
  many.writeUInt16LE(0xffff, many.length - 22 + 10);
  expect(await check(many)).toEqual([400, 'INVALID_FILE', 'Zip64 workbooks are not supported']);
  const huge = Buffer.from(zip);
  // The first directory entry's unpacked size.
  huge.writeUInt32LE(0xffffffff, directoryOffset(zip) + 24);
  expect(await check(huge)).toEqual([400, 'INVALID_FILE', 'Zip64 workbooks are not supported']);
  const unsigned = Buffer.from(zip);
  unsigned.writeUInt32LE(0, 0);
  expect(await check(unsigned)).toEqual([400, 'INVALID_FILE', 'The workbook is not a valid xlsx file (bad part header)']);
});
