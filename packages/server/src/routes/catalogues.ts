/** Catalogue calls under /api/stores/{storeId}/catalogues (data-areas §7); permission 'inventories'. */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  AddItemsFromBody, Catalogue, CatalogueExistsBody, CatalogueFromParams, CatalogueInput, CatalogueItem,
  CatalogueItemExistsBody, CatalogueItemIdsParams, CatalogueItemParams, CatalogueParams, CataloguesIdsParams, DeletedIds,
  ExistsResponse, ExportBody, ImportBody, ItemInput, ItemsCountResult, ListQuery, ListResponse, NumCatalogueItems,
  StoreIdParams,
} from '@portal/contract';
import type { App } from '../app';
import { listParams } from '../lists/engine';
import { contentDisposition, type ExportFile } from '../lists/export/export';
import { currentUser } from '../plugins/auth';
import * as s from '../services/catalogues';
import type { FilesDeps } from '../services/files';

const BASE = '/api/stores/:storeId/catalogues';
const config = { requirement: 'inventories' as const };
const tags = ['catalogues'];

/** GET export: the list's searchTexts and order in the query string, every column, the saved format. */
const ExportQuery = Type.Object({ searchTexts: ListQuery.properties.searchTexts, order: ListQuery.properties.order }, { additionalProperties: false });

function exportBodyFromQuery(query: { searchTexts?: string; order?: string }) {
  const params = listParams(query);
  return { searchTexts: params.searchTexts, order: params.order };
}

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.stream);
}

const exportSummary = 'Export (body: format, columns [{id,title}], order, searchTexts) as csv, txt or xlsx';

export function cataloguesRoutes(app: App, deps: FilesDeps): void {
  app.get(BASE, {
    config, schema: { tags, summary: "The library's catalogues (generic list)", params: StoreIdParams, querystring: ListQuery, response: { 200: ListResponse(Catalogue) } },
  }, (request) => s.listCatalogues(deps, currentUser(request), request.params.storeId, request.query));

  app.post(BASE, {
    config, schema: { tags, summary: 'Create a catalogue (unique name; optional http(s) sync URL)', params: StoreIdParams, body: CatalogueInput, response: { 200: Catalogue } },
  }, (request) => s.createCatalogue(deps, currentUser(request), request.params.storeId, request.body));

  app.delete(BASE, {
    config, schema: { tags, summary: 'Delete every catalogue of the library', params: StoreIdParams, response: { 200: DeletedIds } },
  }, (request) => s.deleteCatalogues(deps, currentUser(request), request.params.storeId, null));

  app.post(`${BASE}/exists`, {
    config, schema: { tags, summary: 'Is the name taken by another catalogue (catalogueId = the one edited)?', params: StoreIdParams, body: CatalogueExistsBody, response: { 200: ExistsResponse } },
  }, (request) => s.catalogueExists(deps, currentUser(request), request.params.storeId, request.body));

  app.get(`${BASE}/numCatalogueItems`, {
    config, schema: { tags, summary: 'Items over every catalogue of the library, and distinct code/objectId pairs', params: StoreIdParams, response: { 200: NumCatalogueItems } },
  }, (request) => s.numCatalogueItems(deps, currentUser(request), request.params.storeId));

  app.post(`${BASE}/import`, {
    config, schema: { tags, summary: 'Import a file: one new catalogue per sheet, named after it', params: StoreIdParams, body: ImportBody, response: { 200: ItemsCountResult } },
  }, (request) => s.importCatalogues(deps, currentUser(request), request.params.storeId, request.body));

  app.post(`${BASE}/export`, {
    config, schema: { tags, summary: `${exportSummary}: the catalogues`, params: StoreIdParams, body: ExportBody },
  }, async (request, reply) => sendFile(reply, await s.exportCatalogues(deps, currentUser(request), request.params.storeId, request.body)));

  app.get(`${BASE}/export`, {
    config, schema: { tags, summary: 'Export the catalogues with the saved format', params: StoreIdParams, querystring: ExportQuery },
  }, async (request, reply) => sendFile(reply, await s.exportCatalogues(deps, currentUser(request), request.params.storeId, exportBodyFromQuery(request.query))));

  app.get(`${BASE}/:catalogueId`, {
    config, schema: { tags, summary: 'A catalogue', params: CatalogueParams, response: { 200: Catalogue } },
  }, (request) => s.getCatalogue(deps, currentUser(request), request.params.storeId, request.params.catalogueId));

  app.put(`${BASE}/:catalogueId`, {
    config, schema: { tags, summary: 'Edit a catalogue', params: CatalogueParams, body: CatalogueInput, response: { 200: Catalogue } },
  }, (request) => s.updateCatalogue(deps, currentUser(request), request.params.storeId, request.params.catalogueId, request.body));

  app.delete(`${BASE}/:ids`, {
    config, schema: { tags, summary: 'Delete catalogues (ids comma-separated) with their items', params: CataloguesIdsParams, response: { 200: DeletedIds } },
  }, (request) => s.deleteCatalogues(deps, currentUser(request), request.params.storeId, request.params.ids));

  // ---- items ----
  const ITEMS = `${BASE}/:catalogueId/items`;

  app.get(ITEMS, {
    config, schema: { tags, summary: "A catalogue's items (generic list)", params: CatalogueParams, querystring: ListQuery, response: { 200: ListResponse(CatalogueItem) } },
  }, (request) => s.listCatalogueItems(deps, currentUser(request), request.params.storeId, request.params.catalogueId, request.query));

  app.post(ITEMS, {
    config, schema: { tags, summary: 'Add an item (code/objectId rules; the pair is unique)', params: CatalogueParams, body: ItemInput, response: { 200: CatalogueItem } },
  }, (request) => s.createCatalogueItem(deps, currentUser(request), request.params.storeId, request.params.catalogueId, request.body));

  app.delete(ITEMS, {
    config, schema: { tags, summary: 'Delete every item of the catalogue', params: CatalogueParams, response: { 200: Type.Object({ deleted: Type.Integer() }) } },
  }, (request) => s.deleteAllCatalogueItems(deps, currentUser(request), request.params.storeId, request.params.catalogueId));

  app.post(`${ITEMS}/exists`, {
    config, schema: { tags, summary: 'Is the code/objectId pair taken by another item (catalogueItemId = the one edited)?', params: CatalogueParams, body: CatalogueItemExistsBody, response: { 200: ExistsResponse } },
  }, (request) => s.catalogueItemExists(deps, currentUser(request), request.params.storeId, request.params.catalogueId, request.body));

  app.post(`${ITEMS}/:from`, {
    config, schema: {
      tags, summary: 'Add items of another list (from: catalogue, searchList, inventory, inventoryGroup, allInventories; parentId names it)',
      params: CatalogueFromParams, body: AddItemsFromBody, response: { 200: ItemsCountResult },
    },
  }, (request) => s.addItemsToCatalogue(deps, currentUser(request), request.params.storeId, request.params.catalogueId, request.params.from, request.body));

  app.put(`${ITEMS}/:itemId`, {
    config, schema: { tags, summary: 'Edit an item', params: CatalogueItemParams, body: ItemInput, response: { 200: CatalogueItem } },
  }, (request) => s.updateCatalogueItem(deps, currentUser(request), request.params.storeId, request.params.catalogueId, request.params.itemId, request.body));

  app.delete(`${ITEMS}/:ids`, {
    config, schema: { tags, summary: 'Delete items (ids comma-separated)', params: CatalogueItemIdsParams, response: { 200: DeletedIds } },
  }, (request) => s.deleteCatalogueItems(deps, currentUser(request), request.params.storeId, request.params.catalogueId, request.params.ids));

  app.post(`${BASE}/:catalogueId/import`, {
    config, schema: { tags, summary: 'Import a file into the catalogue (fileName, fields per sheet, sheetIndex)', params: CatalogueParams, body: ImportBody, response: { 200: ItemsCountResult } },
  }, (request) => s.importCatalogueItems(deps, currentUser(request), request.params.storeId, request.params.catalogueId, request.body));

  app.post(`${BASE}/:catalogueId/export`, {
    config, schema: { tags, summary: `${exportSummary}: the catalogue's items`, params: CatalogueParams, body: ExportBody },
  }, async (request, reply) => sendFile(reply, await s.exportCatalogueItems(deps, currentUser(request), request.params.storeId, request.params.catalogueId, request.body)));

  app.get(`${BASE}/:catalogueId/export`, {
    config, schema: { tags, summary: "Export the catalogue's items with the saved format", params: CatalogueParams, querystring: ExportQuery },
  }, async (request, reply) => sendFile(reply, await s.exportCatalogueItems(deps, currentUser(request), request.params.storeId, request.params.catalogueId, exportBodyFromQuery(request.query))));

  app.get(`${BASE}/:catalogueId/sync`, {
    config, schema: { tags, summary: 'Add the items listed at the sync URL (csv or json)', params: CatalogueParams, response: { 200: ItemsCountResult } },
  }, (request) => s.syncCatalogue(deps, currentUser(request), request.params.storeId, request.params.catalogueId));
}
