/** Real zip bytes for tests (xlsx bombs, ods workbooks): deflated or stored entries, optionally lying about their size. */
import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** The unpacked size written in the headers (default: the true one). */
  declaredSize?: number;
  /** Stored as it is (an ods's leading 'mimetype'), not deflated. */
  stored?: boolean;
}

export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data);
    const packed = part.stored ? data : deflateRawSync(data, { level: 9 });
    const method = part.stored ? 0 : 8;
    const name = Buffer.from(part.name);
    const crc = crc32(data);
    const size = part.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(packed.length, 20);
    cd.writeUInt32LE(size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(cd, name);
    offset += local.length + name.length + packed.length;
  }
  const cdBytes = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(parts.length, 8);
  eocd.writeUInt16LE(parts.length, 10);
  eocd.writeUInt32LE(cdBytes.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBytes, eocd]);
}

const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';

/** An xlsx whose parts are `parts` (in that order) plus a workbook naming one sheet. */
export function workbookZip(parts: ZipPart[]): Buffer {
  return buildZip([...parts, { name: 'xl/workbook.xml', data: WORKBOOK }]);
}

/** `count` shared strings, all the same (they compress about 1000 to 1). */
export const sharedStrings = (count: number) =>
  `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">${'<si><t>aaaaaaaaaaaaaaaaaaaa</t></si>'.repeat(count)}</sst>`;

/** A worksheet of `rows` identical rows (no row numbers) holding shared string 0. */
export const worksheet = (rows: number) =>
  `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${'<row><c t="s"><v>0</v></c></row>'.repeat(rows)}</sheetData></worksheet>`;

/**
 * A LibreOffice-like .ods of `rows` (SheetJS writes the parts; its zip does not start with the stored
 * 'mimetype' entry the upload recognises an ods by, so the parts are zipped again in LibreOffice's order).
 */
export function odsWorkbook(rows: unknown[][], sheetName = 'Items'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheetName);
  const zip = XLSX.CFB.read(XLSX.write(book, { type: 'buffer', bookType: 'ods' }) as Buffer, { type: 'buffer' });
  const parts: Array<{ name: string; data: Buffer }> = zip.FileIndex.flatMap((entry: { type: number; name: string; content: unknown }, i: number) =>
    entry.type === 2 && !entry.name.startsWith('\u0001')
      ? [{ name: zip.FullPaths[i]!.replace(/^Root Entry\//, ''), data: Buffer.from(entry.content as Uint8Array) }]
      : [],
  );
  const mimetype = parts.find((p) => p.name === 'mimetype')!;
  return buildZip([{ ...mimetype, stored: true }, ...parts.filter((p) => p !== mimetype)]);
}
