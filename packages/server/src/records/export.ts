/**
 * POST /api/records/export: the chart's intervals as one small styled workbook (data-areas §7): a sheet per
 * interval with a bold, filled header row and frozen panes, the complete interval or the zoomed rows only.
 * Written with exceljs (already the server's spreadsheet writer, styles included), in memory: at most 30
 * intervals of a few hundred rows.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { ERROR_CODES, type IntervalType, type RecordRow, type RecordsExportBody } from '@portal/contract';
import { badRequest } from '../errors';
import type { ExportFile } from '../lists/export/export';

const GROUPING = { day: 'intervals', week: 'days', month: 'days', year: 'months' } as const;
export const groupingOf = (type: IntervalType) => GROUPING[type];

const DAY_FIELDS = ['date', 'countIn', 'countOut', 'inside'] as const;
const PERIOD_FIELDS = ['date', 'total_in', 'total_out', 'max_inside', 'avg_inside', 'avg_time_person'] as const;

/** A sheet name Excel accepts: no []:*?/\ characters, at most 31 characters, unique in the book. */
function sheetName(title: string, index: number, used: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 26) || 'Interval';
  let name = `${index + 1} ${base}`.slice(0, 31);
  for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${index + 1}-${n} ${base}`.slice(0, 31);
  used.add(name.toLowerCase());
  return name;
}

/** Excel would run a cell starting with = + - @ as a formula: such texts get a leading apostrophe. */
const safeText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export async function recordsWorkbook(body: RecordsExportBody, intervals: ReadonlyArray<{ data: RecordRow[] }>, titles: string[]): Promise<ExportFile> {
  if (body.exportMode === 'zoom' && !body.zoom) throw badRequest(ERROR_CODES.VALIDATION_ERROR, 'zoom is required in zoom mode', { field: 'zoom' });
  const fields = body.intervalType === 'day' ? DAY_FIELDS : PERIOD_FIELDS;
  const book = new ExcelJS.Workbook();
  const used = new Set<string>();
  intervals.forEach((interval, index) => {
    const sheet = book.addWorksheet(sheetName(titles[index] ?? '', index, used), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = fields.map((field) => ({ header: safeText(body.titles?.[field] ?? field), key: field, width: field === 'date' ? 20 : 14 }));
    const header = sheet.getRow(1);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1677FF' } };
    header.alignment = { vertical: 'middle', horizontal: 'center' };
    const rows = body.exportMode === 'zoom' && body.zoom ? interval.data.slice(body.zoom[0], body.zoom[1] + 1) : interval.data;
    for (const row of rows) sheet.addRow(fields.map((f) => (row as unknown as Record<string, string | number>)[f]));
  });
  if (!intervals.length) book.addWorksheet('Export');
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  const stream = new PassThrough();
  stream.end(buffer);
  const base = body.fileName?.trim() || 'export';
  return { stream, fileName: `${base}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
}
