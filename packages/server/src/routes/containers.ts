/**
 * One route table for the item containers (data-areas §7): catalogues under /api/stores/{storeId}/catalogues
 * and search lists under /api/stores/{storeId}/searchLists answer the same calls; a ContainerRoutes names
 * the base path, the kind and the bodies whose field names differ (catalogueId / searchListId, …).
 * Permission 'inventories'.
 */
import type { FastifyReply } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import {
  AddItemsFromBody,
  Catalogue,
  CatalogueInput,
  CatalogueItem,
  ContainerFromParams,
  ContainerIdsParams,
  ContainerItemIdsParams,
  ContainerItemParams,
  ContainerParams,
  DeletedIds,
  ExistsResponse,
  ItemExistsResponse,
  ExportBody,
  ImportBody,
  ItemInput,
  ItemsCountResult,
  ListQuery,
  ListResponse,
  NumCatalogueItems,
  StoreIdParams,
} from '@portal/contract';
import type { App } from '../app';
import { listParams } from '../lists/engine';
import { contentDisposition, type ExportFile } from '../lists/export/export';
import { currentUser } from '../plugins/auth';
import { ERRORS, EXPORT_FILE } from '../plugins/docs';
import * as s from '../services/containers';
import type { FilesDeps } from '../services/files';
import { clientGone } from '../lists/importRuns';

export interface ContainerRoutes<NameBody extends TSchema, PairBody extends TSchema> {
  /** e.g. 'catalogues' → /api/stores/:storeId/catalogues */
  path: string;
  kind: s.ContainerKind;
  /** e.g. 'numCatalogueItems' */
  numItemsPath: string;
  /** POST /exists body, and the id of the container being edited in it. */
  existsBody: NameBody;
  existsExceptId(body: Static<NameBody>): number | null | undefined;
  /** POST /{id}/items/exists body (code, objectId), and the id of the item being edited in it. */
  itemExistsBody: PairBody;
  itemExistsExceptId(body: Static<PairBody>): number | null | undefined;
}

const config = { requirement: 'inventories' as const };

/** GET export: the list's searchTexts and order in the query string, every column, the saved format. */
export const ExportQuery = Type.Object({ searchTexts: ListQuery.properties.searchTexts, order: ListQuery.properties.order }, { additionalProperties: false });

export function exportBodyFromQuery(query: { searchTexts?: string; order?: string }) {
  const params = listParams(query);
  return { searchTexts: params.searchTexts, order: params.order };
}

export function sendFile(reply: FastifyReply, file: ExportFile) {
  // A file cut short must never look whole. On a connection the response says is closing, Node 20's fetch
  // (undici 6) takes a close or even a reset in the middle of a chunked body as the end of a complete file,
  // so an HTTP/1.1 file is framed as keep-alive (the client still closes after it, as it asked); and a file
  // failing once its first bytes are sent ends the connection with a reset.
  if (reply.request.raw.httpVersion === '1.1' && /\bclose\b/i.test(reply.request.headers.connection ?? '')) reply.header('connection', 'keep-alive');
  file.stream.once('error', () => {
    if (reply.raw.headersSent) reply.raw.socket?.resetAndDestroy();
  });
  return reply.type(file.contentType).header('content-disposition', contentDisposition(file.fileName)).header('cache-control', 'no-store').send(file.stream);
}

const exportSummary = 'Export (body: format, columns [{id,title}], order, searchTexts) as csv, txt or xlsx';

export function containerRoutes<NameBody extends TSchema, PairBody extends TSchema>(
  app: App,
  deps: FilesDeps,
  spec: ContainerRoutes<NameBody, PairBody>,
): void {
  const { kind: k, path } = spec;
  const BASE = `/api/stores/:storeId/${path}`;
  const tags = [path];
  const noun = k.noun;
  const user = currentUser;
  /** 'catalogues' → 'Catalogue' (operationIds). */
  const Kind = path.charAt(0).toUpperCase() + path.slice(1, -1);
  const nameTaken = ERRORS.taken('NameAlreadyExistsMessage');
  const pairTaken = { ...ERRORS.taken('AlreadyExists (the code/objectId pair)'), ...ERRORS.invalid('AtLeastOneCodeMessage, CODE_REQUIRED') };

  app.get(
    BASE,
    {
      config,
      schema: {
        tags,
        summary: `The library's ${noun}s (generic list)`,
        params: StoreIdParams,
        querystring: ListQuery,
        response: { 200: ListResponse(Catalogue) },
      },
    },
    (r) => s.listContainers(k, deps, user(r), r.params.storeId, r.query),
  );

  app.post(
    BASE,
    {
      config,
      schema: {
        tags,
        summary: `Create a ${noun} (unique name; optional http(s) sync URL)`,
        params: StoreIdParams,
        body: CatalogueInput,
        response: { 200: Catalogue },
        errors: nameTaken,
      },
    },
    (r) => s.createContainer(k, deps, user(r), r.params.storeId, r.body),
  );

  app.delete(
    BASE,
    {
      config,
      schema: { tags, summary: `Delete every ${noun} of the library`, params: StoreIdParams, response: { 200: DeletedIds } },
    },
    (r) => s.deleteContainers(k, deps, user(r), r.params.storeId, null),
  );

  app.post(
    `${BASE}/exists`,
    {
      config,
      schema: {
        tags,
        summary: `Is the name taken by another ${noun} (its id = the one edited)?`,
        params: StoreIdParams,
        body: spec.existsBody,
        response: { 200: ExistsResponse },
      },
    },
    (r) => {
      const body = r.body as Static<NameBody> & { name: string };
      return s.containerExists(k, deps, user(r), r.params.storeId, body.name, spec.existsExceptId(body) ?? null);
    },
  );

  app.get(
    `${BASE}/${spec.numItemsPath}`,
    {
      config,
      schema: {
        tags,
        summary: `Items over every ${noun} of the library, and distinct code/objectId pairs`,
        params: StoreIdParams,
        response: { 200: NumCatalogueItems },
      },
    },
    (r) => s.numItems(k, deps, user(r), r.params.storeId),
  );

  app.post(
    `${BASE}/import`,
    {
      config,
      schema: {
        tags,
        summary: `Import a file: one new ${noun} per sheet, named after it`,
        params: StoreIdParams,
        body: ImportBody,
        response: { 200: ItemsCountResult },
        errors: ERRORS.import,
      },
    },
    (r, reply) => s.importContainers(k, deps, user(r), r.params.storeId, r.body, clientGone(reply)),
  );

  app.post(
    `${BASE}/export`,
    {
      config,
      schema: {
        tags,
        summary: `${exportSummary}: the ${noun}s`,
        params: StoreIdParams,
        body: ExportBody,
        response: { 200: EXPORT_FILE },
        errors: ERRORS.export,
      },
    },
    async (r, reply) => sendFile(reply, await s.exportContainers(k, deps, user(r), r.params.storeId, r.body)),
  );

  app.get(
    `${BASE}/export`,
    {
      config,
      schema: {
        tags,
        summary: `Export the ${noun}s with the saved format`,
        params: StoreIdParams,
        querystring: ExportQuery,
        response: { 200: EXPORT_FILE },
        errors: ERRORS.export,
      },
    },
    async (r, reply) => sendFile(reply, await s.exportContainers(k, deps, user(r), r.params.storeId, exportBodyFromQuery(r.query))),
  );

  app.get(
    `${BASE}/:containerId`,
    {
      config,
      schema: { tags, summary: `A ${noun}`, params: ContainerParams, response: { 200: Catalogue } },
    },
    (r) => s.getContainer(k, deps, user(r), r.params.storeId, r.params.containerId),
  );

  app.put(
    `${BASE}/:containerId`,
    {
      config,
      schema: { tags, summary: `Edit a ${noun}`, params: ContainerParams, body: CatalogueInput, response: { 200: Catalogue }, errors: nameTaken },
    },
    (r) => s.updateContainer(k, deps, user(r), r.params.storeId, r.params.containerId, r.body),
  );

  app.delete(
    `${BASE}/:containerId`,
    {
      config,
      schema: { tags, summary: `Delete ${noun}s (ids comma-separated) with their items`, params: ContainerIdsParams, response: { 200: DeletedIds } },
    },
    (r) => s.deleteContainers(k, deps, user(r), r.params.storeId, r.params.containerId),
  );

  // ---- items ----
  const ITEMS = `${BASE}/:containerId/items`;

  app.get(
    ITEMS,
    {
      config,
      schema: {
        tags,
        summary: `A ${noun}'s items (generic list)`,
        params: ContainerParams,
        querystring: ListQuery,
        response: { 200: ListResponse(CatalogueItem) },
      },
    },
    (r) => s.listItems(k, deps, user(r), r.params.storeId, r.params.containerId, r.query),
  );

  app.post(
    ITEMS,
    {
      config,
      schema: {
        tags,
        summary: 'Add an item (code/objectId rules; the pair is unique)',
        params: ContainerParams,
        body: ItemInput,
        response: { 200: CatalogueItem },
        errors: pairTaken,
      },
    },
    (r) => s.createItem(k, deps, user(r), r.params.storeId, r.params.containerId, r.body),
  );

  app.delete(
    ITEMS,
    {
      config,
      schema: { tags, summary: `Delete every item of the ${noun}`, params: ContainerParams, response: { 200: Type.Object({ deleted: Type.Integer() }) } },
    },
    (r) => s.deleteAllItems(k, deps, user(r), r.params.storeId, r.params.containerId),
  );

  app.post(
    `${ITEMS}/exists`,
    {
      config,
      schema: {
        tags,
        summary: 'Is the code/objectId pair, as the ID modification script would store it, taken by another item (its id = the one edited)?',
        params: ContainerParams,
        body: spec.itemExistsBody,
        response: { 200: ItemExistsResponse },
      },
    },
    (r) => {
      const body = r.body as Static<PairBody> & { code?: string | null; objectId?: string | null };
      return s.itemExists(k, deps, user(r), r.params.storeId, r.params.containerId, body, spec.itemExistsExceptId(body) ?? null);
    },
  );

  app.post(
    `${ITEMS}/:itemId`,
    {
      config,
      schema: {
        tags,
        operationId: `add${Kind}ItemsFrom`,
        summary: 'Add items of another list (itemId: catalogue, searchList, inventory, inventoryGroup, allInventories; parentId names it)',
        params: ContainerFromParams,
        body: AddItemsFromBody,
        response: { 200: ItemsCountResult },
        errors: ERRORS.addFrom,
      },
    },
    (r) => s.addItemsTo(k, deps, user(r), r.params.storeId, r.params.containerId, r.params.itemId, r.body),
  );

  app.put(
    `${ITEMS}/:itemId`,
    {
      config,
      schema: { tags, summary: 'Edit an item', params: ContainerItemParams, body: ItemInput, response: { 200: CatalogueItem }, errors: pairTaken },
    },
    (r) => s.updateItem(k, deps, user(r), r.params.storeId, r.params.containerId, r.params.itemId, r.body),
  );

  app.delete(
    `${ITEMS}/:itemId`,
    {
      config,
      schema: { tags, summary: 'Delete items (ids comma-separated)', params: ContainerItemIdsParams, response: { 200: DeletedIds } },
    },
    (r) => s.deleteItems(k, deps, user(r), r.params.storeId, r.params.containerId, r.params.itemId),
  );

  app.post(
    `${BASE}/:containerId/import`,
    {
      config,
      schema: {
        tags,
        summary: `Import a file into the ${noun} (fileName, fields per sheet, sheetIndex)`,
        params: ContainerParams,
        body: ImportBody,
        response: { 200: ItemsCountResult },
        errors: ERRORS.import,
      },
    },
    (r, reply) => s.importItems(k, deps, user(r), r.params.storeId, r.params.containerId, r.body, clientGone(reply)),
  );

  app.post(
    `${BASE}/:containerId/export`,
    {
      config,
      schema: {
        tags,
        summary: `${exportSummary}: the ${noun}'s items`,
        params: ContainerParams,
        body: ExportBody,
        response: { 200: EXPORT_FILE },
        errors: ERRORS.export,
      },
    },
    async (r, reply) => sendFile(reply, await s.exportItems(k, deps, user(r), r.params.storeId, r.params.containerId, r.body)),
  );

  app.get(
    `${BASE}/:containerId/export`,
    {
      config,
      schema: {
        tags,
        summary: `Export the ${noun}'s items with the saved format`,
        params: ContainerParams,
        querystring: ExportQuery,
        response: { 200: EXPORT_FILE },
        errors: ERRORS.export,
      },
    },
    async (r, reply) => sendFile(reply, await s.exportItems(k, deps, user(r), r.params.storeId, r.params.containerId, exportBodyFromQuery(r.query))),
  );

  app.get(
    `${BASE}/:containerId/sync`,
    {
      config,
      schema: {
        tags,
        summary: 'Add the items listed at the sync URL (csv or json)',
        params: ContainerParams,
        response: { 200: ItemsCountResult },
        errors: ERRORS.sync,
      },
    },
    (r) => s.syncContainer(k, deps, user(r), r.params.storeId, r.params.containerId),
  );
}
