/**
 * Search list calls under /api/stores/{storeId}/searchLists (data-areas §3 Search list, §5, §7): the same
 * shapes as catalogues, with the search list's own names for the exists checks and the item count.
 */
import { Type, type Static } from 'typebox';
import { Id } from './common';
import { Catalogue, CatalogueInput, CatalogueItem, NumCatalogueItems } from './catalogues';
import { ITEM_TEXT_MAX } from './lists';

export const SearchList = Catalogue;
export type SearchList = Static<typeof SearchList>;

export const SearchListInput = CatalogueInput;
export type SearchListInput = Static<typeof SearchListInput>;

/** POST /exists: is `name` taken by a search list other than searchListId (the one being edited)? */
export const SearchListExistsBody = Type.Object(
  { searchListId: Type.Optional(Type.Union([Id, Type.Null()])), name: Type.String({ maxLength: ITEM_TEXT_MAX }) },
  { additionalProperties: false },
);
export type SearchListExistsBody = Static<typeof SearchListExistsBody>;

/** GET /numSearchListItems: items of every search list of the library, and distinct code/objectId pairs. */
export const NumSearchListItems = NumCatalogueItems;
export type NumSearchListItems = Static<typeof NumSearchListItems>;

export const SearchListItem = CatalogueItem;
export type SearchListItem = Static<typeof SearchListItem>;

/** POST /{id}/items/exists: is the code/objectId pair taken by an item other than searchListItemId? */
export const SearchListItemExistsBody = Type.Object(
  {
    searchListItemId: Type.Optional(Type.Union([Id, Type.Null()])),
    code: Type.Optional(Type.Union([Type.String({ maxLength: ITEM_TEXT_MAX }), Type.Null()])),
    objectId: Type.Optional(Type.Union([Type.String({ maxLength: ITEM_TEXT_MAX }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type SearchListItemExistsBody = Static<typeof SearchListItemExistsBody>;
