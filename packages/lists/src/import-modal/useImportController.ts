import { useCallback, useReducer, useRef } from 'react';
import {
  deleteFile, getFormat, normalizeError, readFile, uploadFile, type ImportField, type ImportRequest, type ItemsCountResult,
} from '@portal/api';
import { i18n } from '@portal/i18n';
import { LISTS_NS } from '../i18n';
import { canImport, importReducer, initialImportState, offersSheetScope, sheetsToImport, type SheetScope } from './importState';

/** The server's limits (zip bombs, row cap, quotas) have their own message in the lists locales. */
const limitText = (error: unknown): string | null => {
  const { code, details } = normalizeError(error);
  const key = `${LISTS_NS}:errors.${code}`;
  return i18n.exists(key) ? i18n.t(key, typeof details === 'object' && details !== null ? { ...details } : {}) : null;
};

const errorText = (error: unknown): string => {
  const limit = limitText(error);
  if (limit) return limit;
  const { code, details } = normalizeError(error);
  return typeof details === 'string' && details !== '' ? details : code;
};

/** State and calls of the Import modal: upload with progress, read the sheets, map columns, import, clean up. */
export function useImportController(onImport: (request: ImportRequest) => Promise<ItemsCountResult>, multiple: boolean) {
  const [state, dispatch] = useReducer(importReducer, initialImportState);
  const latest = useRef(state);
  latest.current = state;
  /** Bumped on reset: late answers of an abandoned upload or read are ignored. */
  const session = useRef(0);

  const upload = useCallback(async (file: File) => {
    const current = ++session.current;
    dispatch({ type: 'uploadStarted', originalName: file.name });
    let fileName: string;
    try {
      ({ file: fileName } = await uploadFile(file, file.name, (percent) => {
        if (current === session.current) dispatch({ type: 'uploadProgress', percent });
      }));
    } catch (error) {
      console.error('Upload failed', error);
      const limit = limitText(error);
      if (current === session.current) dispatch(limit ? { type: 'readFailed', error: limit } : { type: 'uploadFailed' });
      return;
    }
    if (current !== session.current) {
      deleteFile(fileName).catch((error: unknown) => console.error('Temporary file not deleted', error));
      return;
    }
    dispatch({ type: 'uploaded', fileName });
    try {
      const format = await getFormat().catch(() => undefined);
      const sheets = await readFile(fileName, format);
      if (current === session.current) dispatch({ type: 'read', sheets });
    } catch (error) {
      console.error('File could not be read', error);
      if (current === session.current) dispatch({ type: 'readFailed', error: errorText(error) });
    }
  }, []);

  const runImport = useCallback(async () => {
    const s = latest.current;
    if (!canImport(s, multiple) || !s.fileName) return;
    dispatch({ type: 'importStarted' });
    const request: ImportRequest = {
      fileName: s.fileName,
      fields: s.sheets.map((_, i) => s.mappings[i] ?? {}),
      // One sheet chosen (Current Sheet of an Excel file) or every sheet (null).
      sheetIndex: sheetsToImport(s, multiple).length === 1 && offersSheetScope(s, multiple) ? s.sheetIndex : null,
    };
    try {
      dispatch({ type: 'imported', result: await onImport(request) });
    } catch (error) {
      console.error('Import failed', error);
      dispatch({ type: 'importFailed', error: errorText(error) });
    }
  }, [multiple, onImport]);

  /** Drops the temporary file (if any, and not imported) and starts over. */
  const discard = useCallback(() => {
    const { fileName, phase } = latest.current;
    session.current += 1;
    if (fileName && phase !== 'result') deleteFile(fileName).catch((error: unknown) => console.error('Temporary file not deleted', error));
    dispatch({ type: 'reset' });
  }, []);

  const tryAgain = useCallback(() => {
    const s = latest.current;
    if (s.fileName && s.sheets.length === 0) discard();
    else dispatch({ type: 'tryAgain' });
  }, [discard]);

  return {
    state,
    importEnabled: canImport(state, multiple),
    showsSheetScope: offersSheetScope(state, multiple),
    upload,
    runImport,
    discard,
    tryAgain,
    selectSheet: (index: number) => dispatch({ type: 'selectSheet', index }),
    setScope: (scope: SheetScope) => dispatch({ type: 'setScope', scope }),
    mapColumn: (column: number, field: ImportField | null) => dispatch({ type: 'mapColumn', column, field }),
  };
}
