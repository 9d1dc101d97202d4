/** Catalogue calls under /api/stores/{storeId}/catalogues (data-areas §3 Catalogue, §5, §7). */
import { Type, type Static } from 'typebox';
import { Id, IdListText, RequiredText } from './common';
import { ITEM_TEXT_MAX, ItemSourceText } from './lists';

export const SYNC_URL_MAX = 2048;

export const Catalogue = Type.Object({
  tid: Type.Integer(),
  name: Type.String(),
  syncURL: Type.Union([Type.String(), Type.Null()]),
  autoSync: Type.Boolean(),
  /** UTC instant of the last successful sync (ISO 8601), null before the first. */
  lastSync: Type.Union([Type.String(), Type.Null()]),
});
export type Catalogue = Static<typeof Catalogue>;

/** POST (create) and PUT /{id} (edit). An empty syncURL is stored as none. */
export const CatalogueInput = Type.Object(
  {
    name: RequiredText(ITEM_TEXT_MAX),
    syncURL: Type.Optional(Type.Union([Type.String({ maxLength: SYNC_URL_MAX }), Type.Null()])),
    autoSync: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CatalogueInput = Static<typeof CatalogueInput>;

/** POST /exists: is `name` taken by a catalogue other than catalogueId (the one being edited)? */
export const CatalogueExistsBody = Type.Object(
  { catalogueId: Type.Optional(Type.Union([Id, Type.Null()])), name: Type.String({ maxLength: ITEM_TEXT_MAX }) },
  { additionalProperties: false },
);
export type CatalogueExistsBody = Static<typeof CatalogueExistsBody>;

/** GET /numCatalogueItems: items of every catalogue of the library, and distinct code/objectId pairs. */
export const NumCatalogueItems = Type.Object({ numItems: Type.Integer(), numItemsDistinct: Type.Integer() });
export type NumCatalogueItems = Static<typeof NumCatalogueItems>;

export const CatalogueItem = Type.Object({
  tid: Type.Integer(),
  code: Type.Union([Type.String(), Type.Null()]),
  objectId: Type.Union([Type.String(), Type.Null()]),
  field1: Type.Union([Type.String(), Type.Null()]),
  field2: Type.Union([Type.String(), Type.Null()]),
  field3: Type.Union([Type.String(), Type.Null()]),
  field4: Type.Union([Type.String(), Type.Null()]),
  field5: Type.Union([Type.String(), Type.Null()]),
  field6: Type.Union([Type.String(), Type.Null()]),
});
export type CatalogueItem = Static<typeof CatalogueItem>;

/** POST /{id}/items/exists: is the code/objectId pair taken by an item other than catalogueItemId? */
export const CatalogueItemExistsBody = Type.Object(
  {
    catalogueItemId: Type.Optional(Type.Union([Id, Type.Null()])),
    code: Type.Optional(Type.Union([Type.String({ maxLength: ITEM_TEXT_MAX }), Type.Null()])),
    objectId: Type.Optional(Type.Union([Type.String({ maxLength: ITEM_TEXT_MAX }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CatalogueItemExistsBody = Static<typeof CatalogueItemExistsBody>;

/**
 * Path parameters of the item containers (catalogues and search lists share one route table): containerId is
 * the catalogue or search list, itemId one of its items. One name per path position (an OpenAPI path is one
 * template): the DELETE calls take their comma-separated ids, and POST …/items/{itemId} the kind of list the
 * items come from, where the other calls name one.
 */
export const ContainerParams = Type.Object({ storeId: Id, containerId: Id }, { additionalProperties: false });
export type ContainerParams = Static<typeof ContainerParams>;
export const ContainerIdsParams = Type.Object({ storeId: Id, containerId: IdListText }, { additionalProperties: false });
export const ContainerItemParams = Type.Object({ storeId: Id, containerId: Id, itemId: Id }, { additionalProperties: false });
export const ContainerItemIdsParams = Type.Object({ storeId: Id, containerId: Id, itemId: IdListText }, { additionalProperties: false });
export const ContainerFromParams = Type.Object({ storeId: Id, containerId: Id, itemId: ItemSourceText }, { additionalProperties: false });

/** DELETE answers the ids that were deleted. */
export const DeletedIds = Type.Object({ ids: Type.Array(Type.Integer()) });
