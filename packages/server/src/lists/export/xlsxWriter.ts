/**
 * A streaming xlsx writer for exports (exceljs' WorkbookWriter was too slow and CPU-heavy for a
 * million rows). One sheet, inline strings and numbers, no styles; the sheet XML is written batch by batch,
 * deflated (each batch a sync-flushed piece of one deflate stream) into a zip with a data descriptor, so
 * memory stays flat and the next batch is only made when the reader has taken the previous one (a pull
 * stream). Zip without zip64: a sheet above 4 GiB unpacked fails the stream (the client sees it cut).
 */
import zlib from 'node:zlib';
import type { ExportCell } from './cells';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Export" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

const XML_SPECIAL = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
const XML_SPECIAL_ALL = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Text for an XML element: markup escaped; characters XML 1.0 cannot hold as OOXML's _xHHHH_ escape, and a
 * text that looks like such an escape keeps its underscore as _x005F_ (readers decode them).
 */
export function xmlText(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(XML_SPECIAL_ALL, (c) => ENTITIES[c] ?? `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}

/** A, B, ..., Z, AA, ... for a zero-based column index. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const EDGE_SPACE = /^\s|\s$|[\t\n\r]/;

/** One <row> of the sheet; empty cells are left out. */
export function sheetRow(rowNumber: number, cells: readonly ExportCell[], names: readonly string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i += 1) {
    const cell = cells[i];
    if (cell === '') continue;
    const ref = `${names[i] ?? columnName(i)}${rowNumber}`;
    if (typeof cell === 'number' && Number.isFinite(cell)) {
      xml += `<c r="${ref}"><v>${cell}</v></c>`;
    } else {
      const text = String(cell);
      xml += EDGE_SPACE.test(text)
        ? `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`
        : `<c r="${ref}" t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const LIMIT = 0xffffffff;
// 1980-01-01 00:00, the zip epoch: the file carries no meaningful time.
const DOS_TIME = 0;
const DOS_DATE = (1 << 5) | 1;

function localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(flags, 6);
  b.writeUInt16LE(8, 8);
  b.writeUInt16LE(DOS_TIME, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  b.writeUInt32LE(crc, 14);
  b.writeUInt32LE(compressed, 18);
  b.writeUInt32LE(size, 22);
  b.writeUInt16LE(name.length, 26);
  return Buffer.concat([b, name]);
}

function centralDirectory(entries: readonly Entry[], offset: number): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const b = Buffer.alloc(46);
    b.writeUInt32LE(0x02014b50, 0);
    b.writeUInt16LE(20, 4);
    b.writeUInt16LE(20, 6);
    b.writeUInt16LE(e.flags, 8);
    b.writeUInt16LE(8, 10);
    b.writeUInt16LE(DOS_TIME, 12);
    b.writeUInt16LE(DOS_DATE, 14);
    b.writeUInt32LE(e.crc, 16);
    b.writeUInt32LE(e.compressed, 20);
    b.writeUInt32LE(e.size, 24);
    b.writeUInt16LE(e.name.length, 28);
    b.writeUInt32LE(e.offset, 42);
    parts.push(b, e.name);
  }
  const dir = Buffer.concat(parts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([dir, end]);
}

const SHEET = 'xl/worksheets/sheet1.xml';
const DEFLATE = { level: 1 } as const;
/** Bytes of sheet XML deflated at once (pieces share no dictionary: larger ones compress better). */
const DEFLATE_BYTES = 512 * 1024;

/**
 * The xlsx file as a sequence of buffers: the fixed parts, then the sheet deflated piece by piece from
 * `rows` (each item: the XML of some rows), then the zip's directory.
 */
export async function* xlsxFile(rows: AsyncIterable<string>): AsyncGenerator<Buffer> {
  const entries: Entry[] = [];
  let offset = 0;
  const emit = (b: Buffer) => {
    offset += b.length;
    return b;
  };
  for (const [name, text] of [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['xl/workbook.xml', WORKBOOK],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
  ]) {
    const data = Buffer.from(text, 'utf8');
    const packed = zlib.deflateRawSync(data, DEFLATE);
    const entry = { name: Buffer.from(name), flags: 0, crc: zlib.crc32(data), compressed: packed.length, size: data.length, offset };
    entries.push(entry);
    yield emit(localHeader(entry.name, entry.flags, entry.crc, entry.compressed, entry.size));
    yield emit(packed);
  }
  const sheet: Entry = { name: Buffer.from(SHEET), flags: 8, crc: 0, compressed: 0, size: 0, offset };
  entries.push(sheet);
  // Sizes and checksum follow the data (flag bit 3: data descriptor).
  yield emit(localHeader(sheet.name, sheet.flags, 0, 0, 0));
  // The sheet's text as UTF-8 at once (outside the JS heap), deflated in pieces of about DEFLATE_BYTES.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const take = (text: string) => {
    const data = Buffer.from(text, 'utf8');
    sheet.crc = zlib.crc32(data, sheet.crc);
    sheet.size += data.length;
    pending.push(data);
    pendingBytes += data.length;
  };
  const piece = (last: boolean): Buffer => {
    const data = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    // Each piece ends on a byte boundary (sync flush) with no final block: the pieces join into one deflate stream.
    const packed = zlib.deflateRawSync(data, { ...DEFLATE, finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH });
    sheet.compressed += packed.length;
    if (sheet.size > LIMIT || sheet.compressed > LIMIT || offset + packed.length > LIMIT) throw new Error('The xlsx file is too large (over 4 GiB)');
    return packed;
  };
  take(SHEET_START);
  for await (const xml of rows) {
    take(xml);
    if (pendingBytes >= DEFLATE_BYTES) yield emit(piece(false));
  }
  take(SHEET_END);
  yield emit(piece(true));
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(sheet.crc, 4);
  descriptor.writeUInt32LE(sheet.compressed, 8);
  descriptor.writeUInt32LE(sheet.size, 12);
  yield emit(descriptor);
  yield centralDirectory(entries, offset);
}
