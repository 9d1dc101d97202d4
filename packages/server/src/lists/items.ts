/**
 * The columns every item table shares (catalogue, search list and inventory items: code, objectId,
 * field1..field6 and the folded search_text), for list definitions of those tables.
 */
import { ITEM_FIELDS, type ItemField, type ItemInput } from '@portal/contract';
import type { ListColumn, Row } from './definition';
import { fastFold } from './fold';
import { optionalText } from './rowValues';

export const ITEM_COLUMN: Readonly<Record<ItemField, string>> = {
  code: 'code',
  objectId: 'object_id',
  field1: 'field1',
  field2: 'field2',
  field3: 'field3',
  field4: 'field4',
  field5: 'field5',
  field6: 'field6',
};

export const ITEM_LIST_COLUMNS: Readonly<Record<string, ListColumn>> = {
  tid: { column: 'id', type: 'integer' },
  ...Object.fromEntries(ITEM_FIELDS.map((f) => [f, { column: ITEM_COLUMN[f], type: 'text', isCode: f === 'code' } satisfies ListColumn])),
};

export const ITEM_SEARCH_TEXT = { column: 'search_text', covers: ITEM_FIELDS } as const;

/** search_text of a table with a substring index (migration 0004). */
export const indexedSearchText = (fts: string) => ({ ...ITEM_SEARCH_TEXT, fts });

export type ItemValues = Record<ItemField, string | null>;

export interface ApiItem extends ItemValues {
  tid: number;
}

export function toApiItem(row: Row): ApiItem {
  return {
    tid: Number(row.id),
    code: optionalText(row.code),
    objectId: optionalText(row.object_id),
    field1: optionalText(row.field1),
    field2: optionalText(row.field2),
    field3: optionalText(row.field3),
    field4: optionalText(row.field4),
    field5: optionalText(row.field5),
    field6: optionalText(row.field6),
  };
}

/** Trims values; empty text is stored as null (so '' and a missing value are the same for uniqueness). */
export function normalizeItem(input: ItemInput | Partial<Record<ItemField, unknown>>): ItemValues {
  const out = {} as ItemValues;
  for (const f of ITEM_FIELDS) {
    const v = (input as Record<string, unknown>)[f];
    const s = v === null || v === undefined ? '' : String(v).trim();
    out[f] = s === '' ? null : s;
  }
  return out;
}

/**
 * An edit (PUT) of `current`: the fields the body carries (null or '' clears one) replace the current
 * values; absent fields are left as they are, so fields the form does not show survive an edit.
 */
export function editedItem(current: ItemValues, input: ItemInput | Partial<Record<ItemField, unknown>>): ItemValues {
  const given = normalizeItem(input);
  const out = { ...current };
  for (const f of ITEM_FIELDS) if ((input as Record<string, unknown>)[f] !== undefined) out[f] = given[f];
  return out;
}

/** ITEM_FIELDS read once (the contract's re-exports are getters, and imports read it for every row). */
const FIELDS = ITEM_FIELDS;

/** itemSearchText of @portal/contract, folded the fast way (imports fold every value of every row). */
export function searchText(values: ItemValues): string {
  let text = fastFold(values.code ?? '');
  for (let i = 1; i < FIELDS.length; i += 1) text += ` ${fastFold(values[FIELDS[i]!] ?? '')}`;
  return text;
}

/** The database columns of an item (without its parent keys). */
export function itemRow(values: ItemValues) {
  return {
    code: values.code,
    object_id: values.objectId,
    field1: values.field1,
    field2: values.field2,
    field3: values.field3,
    field4: values.field4,
    field5: values.field5,
    field6: values.field6,
    search_text: searchText(values),
  };
}
