import { useCallback, useReducer, useRef } from 'react';
import {
  deleteFile,
  getFormat,
  logger,
  normalizeError,
  readFile,
  uploadFile,
  type ImportField,
  type ImportRequest,
  type ItemsCountResult,
  type ReadFormat,
} from '@portal/api';
import type { TextEncoding } from '@portal/contract';
import { describeFailure } from '../failures/failure';
import { canImport, importReducer, initialImportState, offersSheetScope, sheetsToImport, type FieldLabels, type SheetScope } from './importState';

/** How a text file is read again from the preview: the encoding and separator the user picked. */
export interface TextChoice {
  encoding: TextEncoding;
  separator: 'comma' | 'semicolon' | 'tabulator';
}

/**
 * The read format of the first read: the saved format's header and date format; the separator and encoding
 * are left to the server, which detects them and answers what it found.
 */
function baseReadFormat(saved: ReadFormat | undefined): ReadFormat {
  if (!saved) return {};
  const { firstRowHeader, dateFormat } = saved;
  return { ...(firstRowHeader === undefined ? {} : { firstRowHeader }), ...(dateFormat ? { dateFormat } : {}) };
}

/** Upload failures with a message of their own (limits, refused types) show it; others the spec's upload message. */
const hasOwnMessage = (error: unknown): boolean => {
  const { status } = normalizeError(error);
  return status === 413 || status === 415 || status === 429;
};

/** State and calls of the Import modal: upload with progress, read the sheets, map columns, import, clean up. */
export function useImportController(onImport: (request: ImportRequest) => Promise<ItemsCountResult>, multiple: boolean, labels: FieldLabels = {}) {
  const [state, dispatch] = useReducer(importReducer, initialImportState);
  const latestLabels = useRef(labels);
  latestLabels.current = labels;
  const latest = useRef(state);
  latest.current = state;
  /** Bumped on reset: late answers of an abandoned upload or read are ignored. */
  const session = useRef(0);
  /** The read format of this file's reads (the saved one's header and date format). */
  const readBase = useRef<ReadFormat>({});

  const read = useCallback(async (current: number, fileName: string, format: ReadFormat) => {
    try {
      const sheets = await readFile(fileName, format);
      if (current === session.current) dispatch({ type: 'read', sheets, labels: latestLabels.current });
    } catch (error) {
      logger.error('File could not be read', error);
      if (current === session.current) dispatch({ type: 'readFailed', error: describeFailure(error) });
    }
  }, []);

  const upload = useCallback(
    async (file: File) => {
      const current = ++session.current;
      dispatch({ type: 'uploadStarted', originalName: file.name });
      let uploaded: Awaited<ReturnType<typeof uploadFile>>;
      try {
        uploaded = await uploadFile(file, file.name, (percent) => {
          if (current === session.current) dispatch({ type: 'uploadProgress', percent });
        });
      } catch (error) {
        logger.error('Upload failed', error);
        if (current === session.current) dispatch(hasOwnMessage(error) ? { type: 'readFailed', error: describeFailure(error) } : { type: 'uploadFailed' });
        return;
      }
      const { file: fileName, format: uploadFormat } = uploaded;
      if (current !== session.current) {
        deleteFile(fileName).catch((error: unknown) => logger.error('Temporary file not deleted', error));
        return;
      }
      dispatch({ type: 'uploaded', fileName, format: uploadFormat });
      readBase.current = baseReadFormat(await getFormat().catch(() => undefined));
      await read(current, fileName, readBase.current);
    },
    [read],
  );

  /** Reads the uploaded text file again with the encoding and separator chosen in the preview. */
  const reread = useCallback(
    async (choice: TextChoice) => {
      const { fileName, phase } = latest.current;
      if (!fileName || phase !== 'ready') return;
      dispatch({ type: 'rereadStarted' });
      await read(session.current, fileName, { ...readBase.current, ...choice });
    },
    [read],
  );

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
      logger.error('Import failed', error);
      dispatch({ type: 'importFailed', error: describeFailure(error) });
    }
  }, [multiple, onImport]);

  /** Drops the temporary file (if any, and not imported) and starts over. */
  const discard = useCallback(() => {
    const { fileName, phase } = latest.current;
    session.current += 1;
    if (fileName && phase !== 'result') deleteFile(fileName).catch((error: unknown) => logger.error('Temporary file not deleted', error));
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
    reread,
    runImport,
    discard,
    tryAgain,
    selectSheet: (index: number) => dispatch({ type: 'selectSheet', index }),
    setScope: (scope: SheetScope) => dispatch({ type: 'setScope', scope }),
    mapColumn: (column: number, field: ImportField | null) => dispatch({ type: 'mapColumn', column, field }),
  };
}
