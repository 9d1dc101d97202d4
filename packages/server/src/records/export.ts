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

/** Most characters of a sheet name (Excel's limit). */
export const MAX_SHEET_NAME_LENGTH = 31;

/** `text` cut to `max` UTF-16 code units, never in half a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** The interval's period as a sheet name ends: 2024-03-31 (a day, or the first day of a week), 2024-03, 2024. */
export function periodText(type: IntervalType, startDate: string): string {
  if (type === 'month') return startDate.slice(0, 7);
  if (type === 'year') return startDate.slice(0, 4);
  return startDate.slice(0, 10);
}

/**
 * A sheet name Excel accepts: the interval's number, its title (the region as the page names it; free text:
 * "Sala 1/2", "'s-Hertogenbosch") and its period, which always survives: a long title is cut instead, with an
 * ellipsis. None of []:*?/\, at most 31 characters (never half a surrogate pair), starting with a digit and
 * ending with the period (so never with an apostrophe), unique in the book (case-insensitive, as Excel compares them).
 */
function sheetName(title: string, period: string, index: number, used: Set<string>): string {
  const clean = title.replace(/[[\]:*?/\\]/g, ' ').trim();
  const named = (prefix: string) => {
    const room = MAX_SHEET_NAME_LENGTH - prefix.length - (period ? period.length + 1 : 0) - 1;
    const shown = clean.length <= room ? clean : `${cut(clean, room - 1).trimEnd()}…`;
    return [prefix, shown, period].filter(Boolean).join(' ');
  };
  let name = named(`${index + 1}`);
  for (let n = 2; used.has(name.toLowerCase()); n += 1) name = named(`${index + 1}-${n}`);
  used.add(name.toLowerCase());
  return name;
}

/** Characters no workbook can hold (XML 1.0): C0 controls, DEL and a lone half of a surrogate pair. */
const UNWRITABLE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * 400 VALIDATION_ERROR for a sheet name or column title the workbook could not hold (a control character or a
 * lone surrogate: exceljs writes it and Excel then refuses the file). Checked before any record is read.
 */
export function checkExportTexts(body: Pick<RecordsExportBody, 'sheetNames' | 'titles'>): void {
  const bad = (field: string, key: string | number) =>
    badRequest(ERROR_CODES.VALIDATION_ERROR, `${field}[${JSON.stringify(key)}] holds a character a workbook cannot hold (a control character)`, { field, key });
  body.sheetNames?.forEach((name, index) => {
    if (UNWRITABLE.test(name)) throw bad('sheetNames', index);
  });
  for (const [key, title] of Object.entries(body.titles ?? {})) {
    if (UNWRITABLE.test(title) || UNWRITABLE.test(key)) throw bad('titles', key);
  }
}

/** Excel would run a cell starting with = + - @ as a formula: such texts get a leading apostrophe. */
const safeText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export async function recordsWorkbook(body: RecordsExportBody, intervals: ReadonlyArray<{ data: RecordRow[] }>, titles: string[]): Promise<ExportFile> {
  if (body.exportMode === 'zoom' && !body.zoom) throw badRequest(ERROR_CODES.VALIDATION_ERROR, 'zoom is required in zoom mode', { field: 'zoom' });
  const fields = body.intervalType === 'day' ? DAY_FIELDS : PERIOD_FIELDS;
  const book = new ExcelJS.Workbook();
  const used = new Set<string>();
  intervals.forEach((interval, index) => {
    const period = periodText(body.intervalType, body.intervals[index]?.startDate ?? '');
    const sheet = book.addWorksheet(sheetName(titles[index] ?? '', period, index, used), { views: [{ state: 'frozen', ySplit: 1 }] });
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
