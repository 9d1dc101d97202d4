/**
 * The type of an upload told by its content (magic bytes and shape); the client's file name only picks
 * between csv and txt for delimited text. Zip files are xlsx (xl/workbook.xml) or ods (its mimetype entry);
 * OLE2 files are Excel 97-2003 workbooks (.xls). Old and LibreOffice workbooks are read whole by SheetJS,
 * so they are capped at LEGACY_WORKBOOK_MAX_BYTES. Text with a UTF-16 byte order mark is text, not binary.
 */
import { ERROR_CODES, type UploadFormat } from '@portal/contract';
import { ApiError } from '../../errors';
import type { TempFileMeta, UploadProbe } from '../../storage/tempFiles';
import { byteOrderMark } from './encoding';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

/** Largest .xls or .ods accepted: SheetJS reads them whole into memory. */
export const LEGACY_WORKBOOK_MAX_BYTES = 16 * 1024 * 1024;

const unsupported = (message: string) => new ApiError(415, ERROR_CODES.INVALID_FILE_TYPE, message);

function capped(format: 'xls' | 'ods', size: number): { format: UploadFormat; encoding: TempFileMeta['encoding'] } {
  if (size > LEGACY_WORKBOOK_MAX_BYTES) {
    throw new ApiError(
      413,
      ERROR_CODES.FILE_TOO_LARGE,
      `.${format} files are limited to ${LEGACY_WORKBOOK_MAX_BYTES / 1048576} MB: save the file as .xlsx or csv`,
      { limit: LEGACY_WORKBOOK_MAX_BYTES },
    );
  }
  return { format, encoding: 'utf-8' };
}

export function classifyUpload(probe: UploadProbe, originalName: string): { format: UploadFormat; encoding: TempFileMeta['encoding'] } {
  const { head, tail } = probe;
  if (probe.size === 0) throw new ApiError(400, ERROR_CODES.INVALID_FILE, 'The file is empty');
  if (head.subarray(0, 4).equals(ZIP)) {
    // An xlsx is a zip whose central directory (at the end) names xl/workbook.xml; an ods starts with its
    // uncompressed 'mimetype' entry.
    if (tail.includes('xl/workbook.xml')) return { format: 'xlsx', encoding: 'utf-8' };
    if (head.subarray(0, 200).includes(ODS_MIMETYPE) && tail.includes('content.xml')) return capped('ods', probe.size);
    throw unsupported('Only Excel (.xlsx) and LibreOffice (.ods) workbooks are accepted among zip files');
  }
  if (head.subarray(0, 8).equals(OLE2)) return capped('xls', probe.size);
  const bom = byteOrderMark(head);
  const utf16 = bom?.encoding === 'utf-16le' || bom?.encoding === 'utf-16be';
  if (probe.nul && !utf16) throw unsupported('Binary files are not supported: use csv, txt, xlsx, xls, ods or json');
  const body = head.subarray(bom?.length ?? 0);
  const text = (utf16 ? new TextDecoder(bom.encoding).decode(body) : body.toString('latin1')).trimStart();
  // Without a mark, the file's own bytes tell: valid UTF-8 throughout, else Windows-1252.
  const encoding = probe.utf8 ? 'utf-8' : 'windows-1252';
  if (text.startsWith('[') || text.startsWith('{')) return { format: 'json', encoding };
  return { format: /\.txt$/i.test(originalName) ? 'txt' : 'csv', encoding };
}
