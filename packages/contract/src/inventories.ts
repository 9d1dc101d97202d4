/**
 * Inventory calls under /api/stores/{storeId}/inventoryGroups and /inventories (data-areas §3 Inventory group,
 * Inventory section, Inventory item; §5; §7). The group UNGROUPED is virtual: the sections without a group.
 */
import { Type, type Static } from 'typebox';
import { Id, IdListText, RequiredText } from './common';
import { ITEM_TEXT_MAX, ItemSourceText } from './lists';
import { UNGROUPED } from './values/inventories';
export * from './values/inventories';

/** A group id in a path: a group's id or UNGROUPED. */
export const GroupIdText = Type.String({ pattern: '^(UNGROUPED|[1-9][0-9]{0,9})$' });

export const InventoryGroup = Type.Object({
  tid: Type.Union([Type.Integer(), Type.Literal(UNGROUPED)]),
  name: Type.String(),
  catalogueId: Type.Union([Type.Integer(), Type.Null()]),
  catalogue: Type.Union([Type.Object({ tid: Type.Integer(), name: Type.String() }), Type.Null()]),
  catalogueName: Type.Union([Type.String(), Type.Null()]),
  numInventories: Type.Integer(),
  numItems: Type.Integer(),
  numItemsDistinct: Type.Integer(),
  /** UTC instant (ISO 8601); null for UNGROUPED. */
  createdAt: Type.Union([Type.String(), Type.Null()]),
});
export type InventoryGroup = Static<typeof InventoryGroup>;

/** POST (create) and PUT /{groupId} (edit). */
export const InventoryGroupInput = Type.Object(
  { name: RequiredText(ITEM_TEXT_MAX), catalogueId: Type.Optional(Type.Union([Id, Type.Null()])) },
  { additionalProperties: false },
);
export type InventoryGroupInput = Static<typeof InventoryGroupInput>;

/** POST /exists: is `name` taken by a group other than inventoryGroupId? */
export const InventoryGroupExistsBody = Type.Object(
  { inventoryGroupId: Type.Optional(Type.Union([Id, Type.Null()])), name: Type.String({ maxLength: ITEM_TEXT_MAX }) },
  { additionalProperties: false },
);
export type InventoryGroupExistsBody = Static<typeof InventoryGroupExistsBody>;

/** Date of a section or a scanned item: the library's wall-clock time, 'YYYY-MM-DD HH:mm:ss'. */
export const LocalDateTimeText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?$', maxLength: 19 });

/** An inventory section ("inventory"): comment is its location. */
export const InventorySection = Type.Object({
  tid: Type.Integer(),
  comment: Type.String(),
  date: Type.String(),
  groupId: Type.Union([Type.Integer(), Type.Null()]),
  numItems: Type.Integer(),
});
export type InventorySection = Static<typeof InventorySection>;

export const InventorySectionInput = Type.Object({ comment: RequiredText(ITEM_TEXT_MAX), date: LocalDateTimeText }, { additionalProperties: false });
export type InventorySectionInput = Static<typeof InventorySectionInput>;

/** POST {groupId}/inventories/exists: is the location taken in the group by a section other than inventoryId? */
export const InventorySectionExistsBody = Type.Object(
  { inventoryId: Type.Optional(Type.Union([Id, Type.Null()])), comment: Type.String({ maxLength: ITEM_TEXT_MAX }) },
  { additionalProperties: false },
);
export type InventorySectionExistsBody = Static<typeof InventorySectionExistsBody>;

const Text = Type.Union([Type.String(), Type.Null()]);

export const InventoryItem = Type.Object({
  tid: Type.Integer(),
  code: Text,
  objectId: Text,
  field1: Text,
  field2: Text,
  field3: Text,
  field4: Text,
  field5: Text,
  field6: Text,
  date: Type.String(),
  searchListId: Type.Union([Type.Integer(), Type.Null()]),
  searchListName: Text,
  inventoryId: Type.Integer(),
  groupId: Type.Union([Type.Integer(), Type.Null()]),
  inventoryComment: Text,
  groupName: Text,
});
export type InventoryItem = Static<typeof InventoryItem>;

/** POST …/items/exists: is the code/objectId pair taken in the section by an item other than inventoryItemId? */
export const InventoryItemExistsBody = Type.Object(
  {
    inventoryItemId: Type.Optional(Type.Union([Id, Type.Null()])),
    code: Type.Optional(Type.Union([Type.String({ maxLength: ITEM_TEXT_MAX }), Type.Null()])),
    objectId: Type.Optional(Type.Union([Type.String({ maxLength: ITEM_TEXT_MAX }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type InventoryItemExistsBody = Static<typeof InventoryItemExistsBody>;

/** GET /numInventoryItems: items of every inventory of the library, and distinct code/objectId pairs. */
export const NumInventoryItems = Type.Object({ numItems: Type.Integer(), numItemsDistinct: Type.Integer() });
export type NumInventoryItems = Static<typeof NumInventoryItems>;

export const StoreGroupParams = Type.Object({ storeId: Id, groupId: GroupIdText }, { additionalProperties: false });
export const StoreGroupIdsParams = Type.Object({ storeId: Id, groupId: IdListText }, { additionalProperties: false });
export const StoreSectionParams = Type.Object({ storeId: Id, groupId: GroupIdText, inventoryId: Id }, { additionalProperties: false });
export const StoreSectionIdsParams = Type.Object({ storeId: Id, groupId: GroupIdText, inventoryId: IdListText }, { additionalProperties: false });
export const StoreSectionItemParams = Type.Object({ storeId: Id, groupId: GroupIdText, inventoryId: Id, itemId: Id }, { additionalProperties: false });
export const StoreSectionItemIdsParams = Type.Object(
  { storeId: Id, groupId: GroupIdText, inventoryId: Id, itemId: IdListText },
  { additionalProperties: false },
);
export const StoreSectionFromParams = Type.Object(
  { storeId: Id, groupId: GroupIdText, inventoryId: Id, itemId: ItemSourceText },
  { additionalProperties: false },
);

/** GET /api/stores/{storeId}/inventories: every section of the library (compare cascader). */
export const InventorySectionSummary = Type.Object({
  tid: Type.Integer(),
  comment: Type.String(),
  date: Type.String(),
  groupId: Type.Union([Type.Integer(), Type.Null()]),
});
export type InventorySectionSummary = Static<typeof InventorySectionSummary>;
