import type { ImportSheet } from '@portal/api';
import type { UploadFormat } from '@portal/contract';
import { canImport, guessMapping, importReducer, initialImportState, mapColumn, offersSheetScope, sheetsToImport, type ImportState } from './importState';

const sheet = (name: string, header: string[] = ['a', 'b']): ImportSheet => ({ name, data: [header, ['1', '2']], totalItems: 1, hasHeader: true });

function readyWith(sheets: ImportSheet[], originalName = 'file.xlsx', format: UploadFormat = 'xlsx'): ImportState {
  let state = importReducer(initialImportState, { type: 'uploadStarted', originalName });
  state = importReducer(state, { type: 'uploaded', fileName: 'abc.xlsx', format });
  return importReducer(state, { type: 'read', sheets });
}

describe('Import enable rule', () => {
  it('is off without a file, while uploading and while reading', () => {
    expect(canImport(initialImportState, false)).toBe(false);
    const uploading = importReducer(initialImportState, { type: 'uploadStarted', originalName: 'a.csv' });
    expect(canImport(uploading, false)).toBe(false);
    const reading = importReducer(uploading, { type: 'uploaded', fileName: 'abc.csv', format: 'csv' });
    expect(reading.phase).toBe('reading');
    expect(canImport(reading, false)).toBe(false);
  });

  it('needs a column mapped to code or objectId in every sheet', () => {
    let state = readyWith([sheet('One'), sheet('Two')]);
    state = importReducer(state, { type: 'setScope', scope: 'all' });
    expect(canImport(state, false)).toBe(false);
    state = importReducer(state, { type: 'mapColumn', column: 0, field: 'code' });
    expect(canImport(state, false)).toBe(false);
    state = importReducer(state, { type: 'selectSheet', index: 1 });
    state = importReducer(state, { type: 'mapColumn', column: 1, field: 'field1' });
    expect(canImport(state, false)).toBe(false);
    state = importReducer(state, { type: 'mapColumn', column: 0, field: 'objectId' });
    expect(canImport(state, false)).toBe(true);
  });

  it('with Current Sheet of an Excel file only that sheet has to be mapped; multiple mode always reads every sheet', () => {
    let state = readyWith([sheet('One'), sheet('Two')]);
    state = importReducer(state, { type: 'mapColumn', column: 0, field: 'code' });
    expect(state.scope).toBe('current');
    expect(sheetsToImport(state, false)).toEqual([0]);
    expect(canImport(state, false)).toBe(true);
    expect(sheetsToImport(state, true)).toEqual([0, 1]);
    expect(canImport(state, true)).toBe(false);
  });

  it('is off while importing and after the result', () => {
    let state = readyWith([sheet('One', ['code'])]);
    expect(canImport(state, false)).toBe(true);
    state = importReducer(state, { type: 'importStarted' });
    expect(canImport(state, false)).toBe(false);
    state = importReducer(state, { type: 'imported', result: { numItems: 1, numItemsInserted: 1 } });
    expect(canImport(state, false)).toBe(false);
  });
});

describe('column mapping', () => {
  it('maps header cells named after fields at once', () => {
    expect(guessMapping(sheet('S', ['Object ID', 'title', 'CODE', 'field_2']))).toEqual({ objectId: 0, code: 2, field2: 3 });
  });

  it("maps header cells holding the list's labels of the fields (a file exported from the portal), case and accents ignored", () => {
    const labels = { code: 'Codi de barres', objectId: 'RFID', field1: 'Títol', field2: 'Autor' };
    expect(guessMapping(sheet('S', ['Autor', 'TITOL', 'Codi de barres', 'Editorial', 'rfid']), labels)).toEqual({ field2: 0, field1: 1, code: 2, objectId: 4 });
    // A read answer maps every sheet with them.
    const read = importReducer(initialImportState, { type: 'read', sheets: [sheet('A', ['Títol']), sheet('B', ['x', 'codi de barres'])], labels });
    expect(read.mappings).toEqual([{ field1: 0 }, { code: 1 }]);
  });

  it('gives a field to one column only and can unmap a column', () => {
    const map = mapColumn({ code: 0, field1: 1 }, 1, 'code');
    expect(map).toEqual({ code: 1 });
    expect(mapColumn(map, 1, null)).toEqual({});
  });
});

describe('Try Again', () => {
  it('after a failed upload starts over; after a failed import goes back to the mapping', () => {
    const failedUpload = importReducer(importReducer(initialImportState, { type: 'uploadStarted', originalName: 'a.csv' }), { type: 'uploadFailed' });
    expect(failedUpload).toMatchObject({ phase: 'noFile', uploadFailedFor: 'a.csv' });
    expect(importReducer(failedUpload, { type: 'tryAgain' })).toEqual(initialImportState);
    const failedImport = importReducer(readyWith([sheet('One', ['code'])]), { type: 'importFailed', error: { message: 'Rows refused: 1', rows: [], more: 0 } });
    expect(importReducer(failedImport, { type: 'tryAgain' })).toMatchObject({ phase: 'ready', error: null, fileName: 'abc.xlsx' });
  });
});

describe('workbooks and text files', () => {
  it('offers All Sheets / Current Sheet for every workbook type the server told, whatever the file name says', () => {
    for (const format of ['xlsx', 'xls', 'ods'] as const) expect(offersSheetScope(readyWith([sheet('One')], 'renamed.csv', format), false)).toBe(true);
    for (const format of ['csv', 'txt', 'json'] as const) expect(offersSheetScope(readyWith([sheet('One')], 'book.xlsx', format), false)).toBe(false);
  });

  it('reads again with another encoding or separator: same file, new preview and mapping', () => {
    const ready = readyWith([sheet('One', ['a;b'])], 'es.csv', 'csv');
    const rereading = importReducer(ready, { type: 'rereadStarted' });
    expect(rereading).toMatchObject({ phase: 'reading', fileName: 'abc.xlsx' });
    expect(canImport(rereading, false)).toBe(false);
    const reread = importReducer(rereading, { type: 'read', sheets: [sheet('One', ['code', 'title'])] });
    expect(reread).toMatchObject({ phase: 'ready', mappings: [{ code: 0 }] });
  });

  it('remembers that an import ran, finished or failed (closing then reloads the list)', () => {
    const ready = readyWith([sheet('One', ['code'])]);
    expect(ready.importAttempted).toBe(false);
    expect(importReducer(ready, { type: 'importFailed', error: { message: 'x', rows: [], more: 0 } }).importAttempted).toBe(true);
    expect(importReducer(ready, { type: 'imported', result: { numItems: 1, numItemsInserted: 1 } }).importAttempted).toBe(true);
  });
});
