/**
 * The type of an upload told by its content (magic bytes and shape); the client's file name only picks
 * between csv and txt for delimited text. Old Excel (.xls, OLE2) is recognised and refused: it cannot be
 * read safely without SheetJS (see the architecture's spreadsheet notes).
 */
import { ERROR_CODES, type UploadFormat } from '@portal/contract';
import { ApiError } from '../../errors';
import type { TempFileMeta, UploadProbe } from '../../storage/tempFiles';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const unsupported = (message: string) => new ApiError(415, ERROR_CODES.INVALID_FILE_TYPE, message);

export function classifyUpload(probe: UploadProbe, originalName: string): { format: UploadFormat; encoding: TempFileMeta['encoding'] } {
  const { head, tail } = probe;
  if (probe.size === 0) throw new ApiError(400, ERROR_CODES.INVALID_FILE, 'The file is empty');
  if (head.subarray(0, 4).equals(ZIP)) {
    // An xlsx is a zip whose central directory (at the end) names xl/workbook.xml.
    if (tail.includes('xl/workbook.xml')) return { format: 'xlsx', encoding: 'utf-8' };
    throw unsupported('Only Excel workbooks (.xlsx) are accepted among zip files');
  }
  if (head.subarray(0, 8).equals(OLE2)) throw unsupported('Excel 97-2003 files (.xls) are not supported: save the file as .xlsx');
  if (probe.nul) throw unsupported('Binary files are not supported: use csv, txt, xlsx or json');
  const text = (head.subarray(0, 3).equals(UTF8_BOM) ? head.subarray(3) : head).toString('latin1').trimStart();
  const encoding = probe.utf8 ? 'utf-8' : 'windows-1252';
  if (text.startsWith('[') || text.startsWith('{')) return { format: 'json', encoding };
  return { format: /\.txt$/i.test(originalName) ? 'txt' : 'csv', encoding };
}
