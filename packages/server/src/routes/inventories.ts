/**
 * Inventory calls (data-areas §7) under /api/stores/{storeId}/inventoryGroups — groups (UNGROUPED included),
 * their sections ("inventories") and scanned items, numInventoryItems, allItems — and the library's sections
 * at /api/stores/{storeId}/inventories. Permission 'inventories'.
 */
import { Type } from 'typebox';
import {
  AddItemsFromBody,
  DeletedIds,
  ExistsResponse,
  ItemExistsResponse,
  ExportBody,
  ImportBody,
  InventoryGroup,
  InventoryGroupExistsBody,
  InventoryGroupInput,
  InventoryItem,
  InventoryItemExistsBody,
  InventorySection,
  InventorySectionExistsBody,
  InventorySectionInput,
  InventorySectionSummary,
  ItemInput,
  ItemsCountResult,
  ListQuery,
  ListResponse,
  NumInventoryItems,
  StoreGroupIdsParams,
  StoreGroupParams,
  StoreIdParams,
  StoreSectionFromParams,
  StoreSectionIdsParams,
  StoreSectionItemIdsParams,
  StoreSectionItemParams,
  StoreSectionParams,
} from '@portal/contract';
import type { App } from '../app';
import { currentUser as user } from '../plugins/auth';
import { ERRORS, EXPORT_FILE } from '../plugins/docs';
import type { FilesDeps } from '../services/files';
import * as g from '../services/inventories';
import * as i from '../services/inventoryItems';
import { exportBodyFromQuery, ExportQuery, sendFile } from './containers';
import { clientGone } from '../lists/importRuns';

const config = { requirement: 'inventories' as const };
const tags = ['inventories'];
const GROUPS = '/api/stores/:storeId/inventoryGroups';
const SECTIONS = `${GROUPS}/:groupId/inventories`;
const SECTION = `${SECTIONS}/:inventoryId`;
const ITEMS = `${SECTION}/items`;
const nameTaken = ERRORS.taken('NameAlreadyExistsMessage');
const groupNameTaken = { ...nameTaken, ...ERRORS.invalid('NotValidNameMessage (UNGROUPED as any locale reads it, any case or accents)') };
const exportFile = { response: { 200: EXPORT_FILE }, errors: ERRORS.export };
const pairTaken = { ...ERRORS.taken('AlreadyExists (the code/objectId pair)'), ...ERRORS.invalid('AtLeastOneCodeMessage, CODE_REQUIRED') };

export function inventoriesRoutes(app: App, deps: FilesDeps): void {
  // ---- groups ----
  app.get(
    GROUPS,
    {
      config,
      schema: {
        tags,
        summary: 'Inventory groups (generic list; UNGROUPED first)',
        params: StoreIdParams,
        querystring: ListQuery,
        response: { 200: ListResponse(InventoryGroup) },
      },
    },
    (r) => g.listGroups(deps, user(r), r.params.storeId, r.query),
  );

  app.post(
    GROUPS,
    {
      config,
      schema: {
        tags,
        summary: "Create a group (unique name, not 'Ungrouped'; optional related catalogue)",
        params: StoreIdParams,
        body: InventoryGroupInput,
        response: { 200: InventoryGroup },
        errors: groupNameTaken,
      },
    },
    (r) => g.createGroup(deps, user(r), r.params.storeId, r.body),
  );

  app.post(
    `${GROUPS}/exists`,
    {
      config,
      schema: {
        tags,
        summary: 'Is the name taken by another group?',
        params: StoreIdParams,
        body: InventoryGroupExistsBody,
        response: { 200: ExistsResponse },
      },
    },
    (r) => g.groupExists(deps, user(r), r.params.storeId, r.body.name, r.body.inventoryGroupId ?? null),
  );

  app.post(
    `${GROUPS}/export`,
    {
      config,
      schema: { tags, summary: 'Export the groups list', params: StoreIdParams, body: ExportBody, ...exportFile },
    },
    async (r, reply) => sendFile(reply, await g.exportGroups(deps, user(r), r.params.storeId, r.body)),
  );

  app.get(
    `${GROUPS}/export`,
    {
      config,
      schema: { tags, summary: 'Export the groups list with the saved format', params: StoreIdParams, querystring: ExportQuery, ...exportFile },
    },
    async (r, reply) => sendFile(reply, await g.exportGroups(deps, user(r), r.params.storeId, exportBodyFromQuery(r.query))),
  );

  app.get(
    `${GROUPS}/numInventoryItems`,
    {
      config,
      schema: {
        tags,
        summary: 'Scanned items over every inventory, and distinct code/objectId pairs',
        params: StoreIdParams,
        response: { 200: NumInventoryItems },
      },
    },
    (r) => g.numInventoryItems(deps, user(r), r.params.storeId),
  );

  app.get(
    `${GROUPS}/allItems`,
    {
      config,
      schema: {
        tags,
        summary: 'Every scanned item of the library (generic list)',
        params: StoreIdParams,
        querystring: ListQuery,
        response: { 200: ListResponse(InventoryItem) },
      },
    },
    (r) => i.listAllItems(deps, user(r), r.params.storeId, r.query),
  );

  app.post(
    `${GROUPS}/allItems/export`,
    {
      config,
      schema: { tags, summary: 'Export every scanned item', params: StoreIdParams, body: ExportBody, ...exportFile },
    },
    async (r, reply) => sendFile(reply, await i.exportAllItems(deps, user(r), r.params.storeId, r.body)),
  );

  app.get(
    `${GROUPS}/allItems/export`,
    {
      config,
      schema: { tags, summary: 'Export every scanned item with the saved format', params: StoreIdParams, querystring: ExportQuery, ...exportFile },
    },
    async (r, reply) => sendFile(reply, await i.exportAllItems(deps, user(r), r.params.storeId, exportBodyFromQuery(r.query))),
  );

  app.get(
    `${GROUPS}/:groupId`,
    {
      config,
      schema: { tags, summary: 'A group (or UNGROUPED) with its counts', params: StoreGroupParams, response: { 200: InventoryGroup } },
    },
    (r) => g.getGroup(deps, user(r), r.params.storeId, r.params.groupId),
  );

  app.put(
    `${GROUPS}/:groupId`,
    {
      config,
      schema: {
        tags,
        summary: 'Edit a group (never UNGROUPED)',
        params: StoreGroupParams,
        body: InventoryGroupInput,
        response: { 200: InventoryGroup },
        errors: groupNameTaken,
      },
    },
    (r) => g.updateGroup(deps, user(r), r.params.storeId, r.params.groupId, r.body),
  );

  app.delete(
    `${GROUPS}/:groupId`,
    {
      config,
      schema: {
        tags,
        summary: 'Delete groups (ids comma-separated) with their sections, items and operations',
        params: StoreGroupIdsParams,
        response: { 200: DeletedIds },
      },
    },
    (r) => g.deleteGroups(deps, user(r), r.params.storeId, r.params.groupId),
  );

  app.get(
    `${GROUPS}/:groupId/items`,
    {
      config,
      schema: {
        tags,
        summary: "Every scanned item of the group's sections (generic list)",
        params: StoreGroupParams,
        querystring: ListQuery,
        response: { 200: ListResponse(InventoryItem) },
      },
    },
    (r) => i.listGroupItems(deps, user(r), r.params.storeId, r.params.groupId, r.query),
  );

  app.post(
    `${GROUPS}/:groupId/export`,
    {
      config,
      schema: { tags, summary: "Export the group's scanned items", params: StoreGroupParams, body: ExportBody, ...exportFile },
    },
    async (r, reply) => sendFile(reply, await i.exportGroupItems(deps, user(r), r.params.storeId, r.params.groupId, r.body)),
  );

  app.get(
    `${GROUPS}/:groupId/export`,
    {
      config,
      schema: { tags, summary: "Export the group's scanned items with the saved format", params: StoreGroupParams, querystring: ExportQuery, ...exportFile },
    },
    async (r, reply) => sendFile(reply, await i.exportGroupItems(deps, user(r), r.params.storeId, r.params.groupId, exportBodyFromQuery(r.query))),
  );

  // ---- sections ----
  app.get(
    '/api/stores/:storeId/inventories',
    {
      config,
      schema: {
        tags,
        summary: 'Every section of the library (tid, comment, date, groupId)',
        params: StoreIdParams,
        querystring: ListQuery,
        response: { 200: ListResponse(InventorySectionSummary) },
      },
    },
    (r) => g.listAllSections(deps, user(r), r.params.storeId, r.query),
  );

  app.get(
    SECTIONS,
    {
      config,
      schema: {
        tags,
        summary: "The group's sections (generic list)",
        params: StoreGroupParams,
        querystring: ListQuery,
        response: { 200: ListResponse(InventorySection) },
      },
    },
    (r) => g.listSections(deps, user(r), r.params.storeId, r.params.groupId, r.query),
  );

  app.post(
    SECTIONS,
    {
      config,
      schema: {
        tags,
        summary: 'Create a section (location unique within the group)',
        params: StoreGroupParams,
        body: InventorySectionInput,
        response: { 200: InventorySection },
        errors: nameTaken,
      },
    },
    (r) => g.createSection(deps, user(r), r.params.storeId, r.params.groupId, r.body),
  );

  app.post(
    `${SECTIONS}/exists`,
    {
      config,
      schema: {
        tags,
        summary: 'Is the location taken in the group by another section?',
        params: StoreGroupParams,
        body: InventorySectionExistsBody,
        response: { 200: ExistsResponse },
      },
    },
    (r) => g.sectionExists(deps, user(r), r.params.storeId, r.params.groupId, r.body.comment, r.body.inventoryId ?? null),
  );

  app.post(
    `${SECTIONS}/export`,
    {
      config,
      schema: { tags, summary: "Export the group's sections list", params: StoreGroupParams, body: ExportBody, ...exportFile },
    },
    async (r, reply) => sendFile(reply, await g.exportSections(deps, user(r), r.params.storeId, r.params.groupId, r.body)),
  );

  app.get(
    `${SECTIONS}/export`,
    {
      config,
      schema: { tags, summary: "Export the group's sections list with the saved format", params: StoreGroupParams, querystring: ExportQuery, ...exportFile },
    },
    async (r, reply) => sendFile(reply, await g.exportSections(deps, user(r), r.params.storeId, r.params.groupId, exportBodyFromQuery(r.query))),
  );

  app.get(
    SECTION,
    {
      config,
      schema: { tags, summary: 'A section', params: StoreSectionParams, response: { 200: InventorySection } },
    },
    (r) => g.getSection(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId),
  );

  app.put(
    SECTION,
    {
      config,
      schema: {
        tags,
        summary: 'Edit a section',
        params: StoreSectionParams,
        body: InventorySectionInput,
        response: { 200: InventorySection },
        errors: nameTaken,
      },
    },
    (r) => g.updateSection(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId, r.body),
  );

  app.delete(
    `${SECTIONS}/:inventoryId`,
    {
      config,
      schema: { tags, summary: 'Delete sections (ids comma-separated) with their items', params: StoreSectionIdsParams, response: { 200: DeletedIds } },
    },
    (r) => g.deleteSections(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId),
  );

  // ---- section items ----
  app.get(
    ITEMS,
    {
      config,
      schema: {
        tags,
        summary: "A section's scanned items (generic list)",
        params: StoreSectionParams,
        querystring: ListQuery,
        response: { 200: ListResponse(InventoryItem) },
      },
    },
    (r) => i.listSectionItems(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId, r.query),
  );

  app.post(
    ITEMS,
    {
      config,
      schema: {
        tags,
        summary: 'Add an item (code/objectId rules; the pair is unique in the section)',
        params: StoreSectionParams,
        body: ItemInput,
        response: { 200: InventoryItem },
        errors: pairTaken,
      },
    },
    (r) => i.createItem(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId, r.body),
  );

  app.delete(
    ITEMS,
    {
      config,
      schema: { tags, summary: 'Delete every item of the section', params: StoreSectionParams, response: { 200: Type.Object({ deleted: Type.Integer() }) } },
    },
    (r) => i.deleteAllItems(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId),
  );

  app.post(
    `${ITEMS}/exists`,
    {
      config,
      schema: {
        tags,
        summary: 'Is the code/objectId pair, as the ID modification script would store it, taken in the section by another item?',
        params: StoreSectionParams,
        body: InventoryItemExistsBody,
        response: { 200: ItemExistsResponse },
      },
    },
    (r) => i.itemExists(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId, r.body, r.body.inventoryItemId ?? null),
  );

  app.post(
    `${ITEMS}/:itemId`,
    {
      config,
      schema: {
        tags,
        operationId: 'addInventoryGroupInventoryItemsFrom',
        summary: 'Add items of another list (itemId: catalogue, searchList, inventory, inventoryGroup, allInventories, compare)',
        params: StoreSectionFromParams,
        body: AddItemsFromBody,
        response: { 200: ItemsCountResult },
        errors: ERRORS.addFrom,
      },
    },
    (r) => i.addItemsTo(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId, r.params.itemId, r.body),
  );

  app.put(
    `${ITEMS}/:itemId`,
    {
      config,
      schema: { tags, summary: 'Edit a scanned item', params: StoreSectionItemParams, body: ItemInput, response: { 200: InventoryItem }, errors: pairTaken },
    },
    (r) => i.updateItem(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId, r.params.itemId, r.body),
  );

  app.delete(
    `${ITEMS}/:itemId`,
    {
      config,
      schema: { tags, summary: 'Delete scanned items (ids comma-separated)', params: StoreSectionItemIdsParams, response: { 200: DeletedIds } },
    },
    (r) => i.deleteItems(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId, r.params.itemId),
  );

  app.post(
    `${SECTION}/import`,
    {
      config,
      schema: {
        tags,
        summary: 'Import a file of scanned items into the section (fileName, fields per sheet, sheetIndex)',
        params: StoreSectionParams,
        body: ImportBody,
        response: { 200: ItemsCountResult },
        errors: ERRORS.import,
      },
    },
    (r, reply) => i.importItems(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId, r.body, clientGone(reply)),
  );

  app.post(
    `${SECTION}/export`,
    {
      config,
      schema: { tags, summary: "Export the section's items", params: StoreSectionParams, body: ExportBody, ...exportFile },
    },
    async (r, reply) => sendFile(reply, await i.exportSectionItems(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId, r.body)),
  );

  app.get(
    `${SECTION}/export`,
    {
      config,
      schema: { tags, summary: "Export the section's items with the saved format", params: StoreSectionParams, querystring: ExportQuery, ...exportFile },
    },
    async (r, reply) =>
      sendFile(reply, await i.exportSectionItems(deps, user(r), r.params.storeId, r.params.groupId, r.params.inventoryId, exportBodyFromQuery(r.query))),
  );
}
