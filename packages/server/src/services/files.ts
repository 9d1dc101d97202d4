/**
 * Temporary files of the Import modal (data-areas §7 misc): upload (streamed, capped, typed by content),
 * readFile (the sheets with their first rows and item counts), deleteFile, and the sweep of abandoned
 * files. Every file belongs to the user who uploaded it; another user's file answers like a missing one.
 */
import type { Readable } from 'node:stream';
import { DEFAULT_EXPORT_FORMAT, ERROR_CODES, PREVIEW_ROWS, type ImportSheet, type ReadFormat, type UploadResponse } from '@portal/contract';
import { ApiError, withCause } from '../errors';
import { resolveListsConfig, type ListsConfig } from '../lists/config';
import { classifyUpload } from '../lists/files/sniff';
import { invalidFile, readSheets, type SheetReader, type TextLayout } from '../lists/files/sheets';
import { LEGACY_ZIP_LIMITS, type ReadSlot } from '../lists/files/legacySheets';
import { countSignal } from '../lists/countCancel';
import { checkZip } from '../lists/files/zipGuard';
import { tooManyRows } from '../lists/files/jsonRows';
import { withSlot } from '../lists/userSlots';
import { runOnce } from '../jobs/jobRuns';
import { tempFilesFor } from '../storage/select';
import { TooLarge, type TempFileMeta, type TempFiles } from '../storage/tempFiles';
import type { AuthUser, Deps } from './context';
import { readFormat } from './format';
import { cancelImports } from '../lists/importRuns';
import { warmIfScripted } from '../lists/idModification';

export interface FilesDeps extends Deps {
  tempFiles: TempFiles;
  lists: ListsConfig;
}

/** The list engine's dependencies: the app's, the temporary files and the list limits. */
export function createFilesDeps(deps: Deps): FilesDeps {
  return { ...deps, tempFiles: tempFilesFor(deps.db, deps.config), lists: resolveListsConfig(deps.config.lists) };
}

const notFound = () => new ApiError(404, ERROR_CODES.FILE_NOT_FOUND, 'The file does not exist or has expired; upload it again');

export function checkFileName(deps: FilesDeps, fileName: string): void {
  if (!deps.tempFiles.isValidName(fileName)) throw new ApiError(400, ERROR_CODES.INVALID_FILE_NAME, 'Not a file name given by the upload');
}

const quotaExceeded = (deps: FilesDeps) =>
  new ApiError(
    413,
    ERROR_CODES.TEMP_QUOTA_EXCEEDED,
    `Uploaded files waiting for import are limited to ${deps.lists.tempQuotaFiles} files and ${Math.round(deps.lists.tempQuotaBytes / 1048576)} MB per user; import or close them first`,
    { maxFiles: deps.lists.tempQuotaFiles, maxBytes: deps.lists.tempQuotaBytes },
  );

export async function uploadFile(deps: FilesDeps, user: AuthUser, originalName: string, source: Readable): Promise<UploadResponse> {
  return withSlot(user.id, 'upload', deps.lists.slots, async () => {
    const usage = await deps.tempFiles.usage(user.id);
    const room = deps.lists.tempQuotaBytes - usage.bytes;
    if (usage.files >= deps.lists.tempQuotaFiles || room <= 0) throw quotaExceeded(deps);
    const maxBytes = Math.min(deps.lists.maxUploadBytes, room);
    try {
      const { file, meta } = await deps.tempFiles.save(user.id, originalName, source, maxBytes, classifyUpload);
      if (meta.format === 'xlsx' || meta.format === 'ods') {
        // Zip bombs are refused here, before any reader inflates a part (an ods is read whole: tighter caps).
        await checkZip(await deps.tempFiles.localCopy(file), meta.format === 'ods' ? LEGACY_ZIP_LIMITS : deps.lists.zip).catch(async (e: unknown) => {
          await deps.tempFiles.remove(file);
          throw e;
        });
      }
      return { file, name: meta.name, size: meta.size, format: meta.format };
    } catch (e) {
      if (e instanceof TooLarge) throw maxBytes < deps.lists.maxUploadBytes ? quotaExceeded(deps) : new ApiError(413, ERROR_CODES.FILE_TOO_LARGE, e.message);
      throw e;
    }
  });
}

/** The caller's temporary file: 400 for a name the server did not generate, 404 when absent or not theirs. */
export async function ownFile(deps: FilesDeps, user: AuthUser, fileName: string): Promise<TempFileMeta> {
  checkFileName(deps, fileName);
  const meta = await deps.tempFiles.meta(fileName, user.id);
  if (!meta) throw notFound();
  return meta;
}

/**
 * How to read the file: the given format, else the one of the last read, else the caller's saved one
 * without its separator (an export setting: the file's own separator is detected).
 */
export async function effectiveReadFormat(deps: FilesDeps, user: AuthUser, meta: TempFileMeta, given: ReadFormat | null | undefined): Promise<ReadFormat> {
  if (given) return given;
  if (meta.readFormat) return meta.readFormat;
  const { separator: _separator, otherSeparator: _other, ...saved } = await readFormat(deps.db, user.id).catch(() => DEFAULT_EXPORT_FORMAT);
  return saved;
}

/** Every row of every sheet, counted against the row cap of one file; `slot`: whose read it is (./legacySheets). */
export async function* cappedSheets(deps: FilesDeps, fileName: string, meta: TempFileMeta, format: ReadFormat, slot: ReadSlot): AsyncGenerator<SheetReader> {
  let total = 0;
  const max = deps.lists.maxImportRows;
  for await (const sheet of readSheets(await deps.tempFiles.localCopy(fileName), meta, format, max, slot, deps.lists.zip.maxSharedStringsBytes)) {
    const source = sheet.rows;
    yield {
      ...sheet,
      rows: (async function* counted() {
        for await (const block of source) {
          total += block.length;
          if (total > max) throw tooManyRows(max);
          yield block;
        }
      })(),
    };
  }
}

export async function readFile(deps: FilesDeps, user: AuthUser, fileName: string, given: ReadFormat | null | undefined): Promise<ImportSheet[]> {
  const meta = await ownFile(deps, user, fileName);
  const format = await effectiveReadFormat(deps, user, meta, given);
  const sheets: Array<{ index: number; sheet: ImportSheet }> = [];
  let layout: TextLayout | undefined;
  try {
    // A workbook parse waits for its slot; a request closed meanwhile leaves the queue.
    for await (const sheet of cappedSheets(deps, fileName, meta, format, { owner: user.id, signal: countSignal() })) {
      const data: ImportSheet['data'] = [];
      let rows = 0;
      for await (const block of sheet.rows) {
        for (const row of block) {
          if (data.length < PREVIEW_ROWS) {
            data.push(row.cells);
            // Past the preview only whether a row holds something counts (a workbook then skips its cells).
            if (data.length === PREVIEW_ROWS) sheet.countOnly?.();
          }
          if (row.filled ?? row.cells.some((c) => c !== null && c !== '')) rows += 1;
        }
      }
      const firstIsHeader = sheet.hasHeader && data.length > 0;
      layout = sheet.text ?? layout;
      sheets.push({
        index: sheet.index,
        sheet: { name: sheet.name, data, totalItems: Math.max(0, rows - (firstIsHeader ? 1 : 0)), hasHeader: sheet.hasHeader, ...sheet.text },
      });
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw withCause(invalidFile('The file could not be read'), e);
  }
  // The import reads the file as the preview showed it (detected encoding and separator included).
  await deps.tempFiles.updateMeta(fileName, { ...meta, readFormat: { ...format, ...layout } });
  // An import usually follows the preview: the ID script's sandbox loads while the user maps the columns (not
  // during the read, which the user waits for and two workers loading QuickJS slowed from 0.35 to 0.75 s).
  void warmIfScripted(deps.db, user.storeIds).catch(() => undefined);
  return sheets.sort((a, b) => a.index - b.index).map((s) => s.sheet);
}

export async function deleteFile(deps: FilesDeps, user: AuthUser, fileName: string): Promise<{ deleted: boolean }> {
  checkFileName(deps, fileName);
  const meta = await deps.tempFiles.meta(fileName, user.id);
  if (!meta) return { deleted: false };
  // An import still reading it (the Import modal's Cancel) stops first, nothing imported; then the file goes.
  await cancelImports(fileName);
  await deps.tempFiles.remove(fileName);
  return { deleted: true };
}

/**
 * Starts the periodic sweep of abandoned temporary files; returns its stop function. A shared store is swept
 * by one instance per interval (job_runs 'temp-sweep'); each instance sweeps its own local copies.
 */
export function startSweep(deps: Pick<FilesDeps, 'db' | 'tempFiles' | 'lists' | 'config'>, log: (e: unknown) => void): () => void {
  const { tempFiles, lists: config } = deps;
  const run = () => {
    if (!tempFiles.sweepCache) {
      tempFiles.sweep(config.tempFileTtlMs).catch(log);
      return;
    }
    tempFiles.sweepCache(config.tempFileTtlMs).catch(log);
    const slot = String(Math.floor(deps.config.now().getTime() / config.sweepIntervalMs));
    runOnce(deps.db, 'temp-sweep', slot, deps.config.now, async () => {
      await tempFiles.sweep(config.tempFileTtlMs);
    }).catch(log);
  };
  run();
  const timer = setInterval(run, config.sweepIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
