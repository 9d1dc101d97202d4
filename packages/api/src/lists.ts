/**
 * Generic list, import, sync, add-to and temporary-file calls (data-areas §2 generic list screen, §7).
 * Every list area passes its own base URL (e.g. /api/stores/1/catalogues); the shapes are the same.
 * Request/response types are the server's schemas (@portal/contract lists.ts).
 */
import {
  ITEM_FIELDS,
  type AddItemsFromBody,
  type CheckSyncUrlResponse,
  type ImportBody,
  type ImportFieldMap as ContractImportFieldMap,
  type ImportSheet as ContractImportSheet,
  type ItemField,
  type ItemsCountResult as ContractItemsCountResult,
  type ReadFormat,
  type UploadResponse,
} from '@portal/contract';
import { api } from './client';
import type { ListParams, ListResponse } from './types';

/** A row id: rows use tid as id. */
export type ListId = number | string;

/** A column of an import file, mapped to one item field. */
export type ImportField = ItemField;
export const IMPORT_FIELDS: readonly ImportField[] = ITEM_FIELDS;
/** Per sheet: item field → index of the file column that holds it. */
export type ImportFieldMap = ContractImportFieldMap;
/** Body of POST {list}/import: `fields` holds one map per sheet of the file; sheetIndex null imports every sheet. */
export type ImportRequest = ImportBody;
/** Result of an import, a sync or an add-to: numItemsInserted of numItems. */
export type ItemsCountResult = ContractItemsCountResult;
/** POST /api/misc/upload answers the server-side name of the temporary file (`file`). */
export type UploadedFile = UploadResponse;
/** One sheet of POST /api/misc/readFile: its name, the first rows (cells by column) and its item count. */
export type ImportSheet = ContractImportSheet;
/** How readFile splits a text file (the export format's separator and header). */
export type { ReadFormat };
/** Body of POST {target}/items/{from} (add items of one list to a catalogue or a search list). */
export type AddItemsToRequest = AddItemsFromBody;

/** GET {url} with searchTexts, order, offset, limit → {items, total}. */
export function getListPage<T>(url: string, params: ListParams): Promise<ListResponse<T>> {
  return api.get(url, { params });
}

/** DELETE {url}/{ids}: ids comma-joined. */
export function deleteListItems(url: string, ids: readonly ListId[]): Promise<unknown> {
  return api.delete(`${url}/${ids.map(encodeURIComponent).join(',')}`);
}

/** DELETE {url}: every element of the list (the Delete All menu entry). */
export function deleteAllListItems(url: string): Promise<unknown> {
  return api.delete(url);
}

/** POST {url}: creates an element of the list (e.g. a catalogue) and answers it with its tid. */
export function createListEntry<T extends { tid: ListId }>(url: string, body: Record<string, unknown>): Promise<T> {
  return api.post(url, body);
}

/** POST {url}/exists → {exists}; the body names the element being edited (if any) and the value to check. */
export function listEntryExists<R extends { exists: boolean } = { exists: boolean }>(url: string, body: Record<string, unknown>): Promise<R> {
  return api.post(`${url}/exists`, body);
}

/** POST {url}/import (fileName, fields, sheetIndex) → numItemsInserted of numItems. */
export function importListItems(url: string, body: ImportRequest): Promise<ItemsCountResult> {
  return api.post(`${url}/import`, body);
}

/** GET {url}/sync → numItemsInserted of numItems. */
export function syncListItems(url: string): Promise<ItemsCountResult> {
  return api.get(`${url}/sync`);
}

/** POST {targetUrl}/items/{from}: adds the chosen items of another list to the target. */
export function addItemsTo(targetUrl: string, from: string, body: AddItemsToRequest): Promise<ItemsCountResult> {
  return api.post(`${targetUrl}/items/${encodeURIComponent(from)}`, body);
}

/** POST /api/misc/upload, multipart field 'file'; reports upload progress in percent. */
export function uploadFile(file: Blob, fileName: string, onProgress?: (percent: number) => void): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.post('/api/misc/upload', form, {
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
}

/** POST /api/misc/readFile (fileName, format) → the sheets of an uploaded file. */
export function readFile(fileName: string, format?: ReadFormat | null): Promise<ImportSheet[]> {
  return api.post('/api/misc/readFile', { fileName, format: format ?? null });
}

/** POST /api/misc/deleteFile (fileName): drops an uploaded file that will not be imported. */
export function deleteFile(fileName: string): Promise<unknown> {
  return api.post('/api/misc/deleteFile', { fileName });
}

/** GET /api/misc/checkSyncURL?url= → {valid}. */
export function checkSyncURL(url: string): Promise<CheckSyncUrlResponse> {
  return api.get('/api/misc/checkSyncURL', { params: { url } });
}
