import { IMPORT_FIELDS, type ImportField, type ImportFieldMap, type ImportSheet, type ItemsCountResult } from '@portal/api';
import { foldText, WORKBOOK_FORMATS, type UploadFormat } from '@portal/contract';
import type { Failure } from '../failures/failure';

/** data-areas §4 Import: no file, uploading, file ready and read (sheets previewed), importing, result or error. */
export type ImportPhase = 'noFile' | 'uploading' | 'reading' | 'ready' | 'importing' | 'result' | 'error';
export type SheetScope = 'all' | 'current';

export interface ImportState {
  phase: ImportPhase;
  /** Upload progress in percent. */
  progress: number;
  /** The name the user's file had, and the server's name of the uploaded temporary file. */
  originalName: string | null;
  fileName: string | null;
  /** The type the server told from the content (csv, txt, xlsx, xls, ods, json). */
  format: UploadFormat | null;
  sheets: ImportSheet[];
  sheetIndex: number;
  /** One field → column map per sheet. */
  mappings: ImportFieldMap[];
  scope: SheetScope;
  result: ItemsCountResult | null;
  /** A failed read or import: translated message and first refused rows (shown in the drop area). */
  error: Failure | null;
  /** An import call ran (finished or failed): closing reloads the list. */
  importAttempted: boolean;
  /** The file whose upload failed ('ErrorUploadingFileMessage' + its name until Try Again). */
  uploadFailedFor: string | null;
}

export const initialImportState: ImportState = {
  phase: 'noFile',
  progress: 0,
  originalName: null,
  fileName: null,
  format: null,
  sheets: [],
  sheetIndex: 0,
  mappings: [],
  scope: 'current',
  result: null,
  error: null,
  importAttempted: false,
  uploadFailedFor: null,
};

export type ImportAction =
  | { type: 'uploadStarted'; originalName: string }
  | { type: 'uploadProgress'; percent: number }
  | { type: 'uploadFailed' }
  | { type: 'uploaded'; fileName: string; format: UploadFormat }
  | { type: 'rereadStarted' }
  | { type: 'read'; sheets: ImportSheet[]; labels?: FieldLabels }
  | { type: 'readFailed'; error: Failure }
  | { type: 'selectSheet'; index: number }
  | { type: 'setScope'; scope: SheetScope }
  | { type: 'mapColumn'; column: number; field: ImportField | null }
  | { type: 'importStarted' }
  | { type: 'imported'; result: ItemsCountResult }
  | { type: 'importFailed'; error: Failure }
  | { type: 'tryAgain' }
  | { type: 'reset' };

/** The labels the list shows for the item fields (the library's: 'Títol', 'Codi de barres'…). */
export type FieldLabels = Partial<Record<ImportField, string>>;

/** A header or label as compared: case, accents, spaces, '_' and '-' ignored. */
const normalise = (cell: unknown): string => foldText(String(cell ?? '').trim()).replace(/[\s_-]/g, '');

/**
 * A first row naming the fields maps those columns at once: by the field's name (code, objectId, field1…) or by the
 * label the list shows for it (a file exported from the portal has those as its headers).
 */
export function guessMapping(sheet: ImportSheet, labels: FieldLabels = {}): ImportFieldMap {
  const header = sheet.data[0] ?? [];
  const map: ImportFieldMap = {};
  const names = (f: ImportField) => [f.toLowerCase(), ...(labels[f] ? [normalise(labels[f])] : [])];
  header.forEach((cell, column) => {
    const text = normalise(cell);
    const field = text === '' ? undefined : IMPORT_FIELDS.find((f) => map[f] === undefined && names(f).includes(text));
    if (field) map[field] = column;
  });
  return map;
}

/** Maps one column to a field (or to nothing): a field belongs to at most one column. */
export function mapColumn(map: ImportFieldMap, column: number, field: ImportField | null): ImportFieldMap {
  const next: ImportFieldMap = {};
  for (const f of IMPORT_FIELDS) if (map[f] !== undefined && map[f] !== column && f !== field) next[f] = map[f];
  if (field) next[field] = column;
  return next;
}

export const fieldOfColumn = (map: ImportFieldMap | undefined, column: number): ImportField | null => IMPORT_FIELDS.find((f) => map?.[f] === column) ?? null;

export const isWorkbook = (format: UploadFormat | null): boolean => format !== null && WORKBOOK_FORMATS.includes(format);

/** Workbooks (xlsx, xls, ods) offer All Sheets or Current Sheet, unless the modal imports one list per sheet. */
export const offersSheetScope = (state: ImportState, multiple: boolean): boolean => !multiple && isWorkbook(state.format) && state.sheets.length > 0;

/** The sheets an import would read. */
export function sheetsToImport(state: ImportState, multiple: boolean): number[] {
  const all = state.sheets.map((_, i) => i);
  if (multiple || !offersSheetScope(state, multiple) || state.scope === 'all') return all;
  return [state.sheetIndex];
}

/**
 * data-areas §2 Import: enabled only when a file is uploaded, it is not being read, and every sheet (every
 * sheet being imported) maps a column to code or objectId.
 */
export function canImport(state: ImportState, multiple: boolean): boolean {
  if (state.phase !== 'ready' || !state.fileName || state.sheets.length === 0) return false;
  return sheetsToImport(state, multiple).every((i) => state.mappings[i]?.code !== undefined || state.mappings[i]?.objectId !== undefined);
}

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'uploadStarted':
      return { ...initialImportState, phase: 'uploading', originalName: action.originalName };
    case 'uploadProgress':
      return { ...state, progress: action.percent };
    case 'uploadFailed':
      return { ...initialImportState, uploadFailedFor: state.originalName };
    case 'uploaded':
      return { ...state, phase: 'reading', progress: 100, fileName: action.fileName, format: action.format };
    // Read again with another encoding or separator: the same file, a new preview and mapping.
    case 'rereadStarted':
      return { ...state, phase: 'reading', error: null };
    case 'read':
      return { ...state, phase: 'ready', sheets: action.sheets, sheetIndex: 0, mappings: action.sheets.map((sheet) => guessMapping(sheet, action.labels)) };
    case 'readFailed':
      return { ...state, phase: 'error', error: action.error };
    case 'selectSheet':
      return { ...state, sheetIndex: action.index };
    case 'setScope':
      return { ...state, scope: action.scope };
    case 'mapColumn': {
      const mappings = [...state.mappings];
      mappings[state.sheetIndex] = mapColumn(mappings[state.sheetIndex] ?? {}, action.column, action.field);
      return { ...state, mappings };
    }
    case 'importStarted':
      return { ...state, phase: 'importing', error: null };
    case 'imported':
      return { ...state, phase: 'result', result: action.result, importAttempted: true };
    case 'importFailed':
      return { ...state, phase: 'error', error: action.error, importAttempted: true };
    // After a failed upload or read, start over; after a failed import, the file is still there to retry.
    case 'tryAgain':
      return state.sheets.length > 0 && state.fileName ? { ...state, phase: 'ready', error: null } : { ...initialImportState };
    case 'reset':
      return initialImportState;
  }
}
