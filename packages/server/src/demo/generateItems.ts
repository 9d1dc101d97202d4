/**
 * Catalogue items as a pure function of (library, catalogue number, index): any item can be rebuilt
 * without storing the catalogue, so inventories, search lists, alarms and SIP operations refer to real
 * catalogue items, and a million-item catalogue streams in constant memory.
 *
 * Codes are 12-digit barcodes `3 LLL C IIIIIII` (library, catalogue, index); object ids are 16-hex RFID
 * UIDs `E00401 LL C IIIIIII`. Catalogue number 9 is reserved for items found in no catalogue.
 */
import { foldText } from '@portal/contract';
import type { Cell } from './generateBulk';
import type { FieldKind, Library } from './generateLibraries';
import { rngFor } from './generateRandom';
import { MATERIALS, PUBLISHERS, SUBJECTS, author, title } from './generateText';

export interface ItemValues {
  code: string | null;
  objectId: string | null;
  fields: (string | null)[];
  /** Always known (alarms, SIP operations and self-check labels use them even where no column shows them). */
  title: string;
  material: string;
}

/** Items that belong to no catalogue. */
export const UNKNOWN_CATALOGUE = 9;

export function itemCode(library: Library, catalogueNo: number, index: number): string {
  return `3${String(library.number).padStart(3, '0')}${catalogueNo}${String(index).padStart(7, '0')}`;
}

export function itemObjectId(library: Library, catalogueNo: number, index: number): string {
  return `E00401${library.number.toString(16).toUpperCase().padStart(2, '0')}${catalogueNo}${index.toString(16).toUpperCase().padStart(7, '0')}`;
}

const CDU = ['821.134.2-31', '821.134.1-31', '82-1', '94(460)', '5', '087.5', '7.01', '1', '34', '004'];

/** The item at `index` of a library's catalogue `catalogueNo` (1-based). */
export function catalogueItem(library: Library, catalogueNo: number, index: number): ItemValues {
  const code = itemCode(library, catalogueNo, index);
  const r = rngFor('item', code);
  const itemTitle = title(r, library.spec.language);
  const itemAuthor = author(r);
  const material = r.pick(MATERIALS);
  const value = (kind: FieldKind): string | null => {
    switch (kind) {
      case 'title':
        return itemTitle;
      case 'author':
        return itemAuthor;
      case 'publisher':
        return r.pick(PUBLISHERS);
      case 'year':
        return String(r.int(1950, 2024));
      case 'callNumber': {
        const word = itemTitle.split(' ').find((w) => w.length > 3) ?? itemTitle;
        return `${r.pick(CDU)} ${itemAuthor.slice(0, 3).toUpperCase()} ${word.slice(0, 3).toLowerCase()}`;
      }
      case 'subject':
        return r.pick(SUBJECTS);
      case 'material':
        return material;
      default:
        return null;
    }
  };
  return {
    code,
    objectId: library.spec.fieldObjectId ? itemObjectId(library, catalogueNo, index) : null,
    fields: library.spec.fields.map(value),
    title: itemTitle,
    material,
  };
}

/** Folded code, object id and fields, as stored in search_text. */
export function searchText(item: Pick<ItemValues, 'code' | 'objectId' | 'fields'>): string {
  return foldText([item.code, item.objectId, ...item.fields].filter((v): v is string => !!v).join(' '));
}

/** The shared item columns in ITEM_COLUMNS order. */
export function itemCells(library: Library, item: ItemValues, createdAt: string): Cell[] {
  return [library.id, item.code, item.objectId, ...item.fields, searchText(item), createdAt];
}

export const ITEM_COLUMNS = {
  store_id: 'int',
  code: 'text',
  object_id: 'text',
  field1: 'text',
  field2: 'text',
  field3: 'text',
  field4: 'text',
  field5: 'text',
  field6: 'text',
  search_text: 'text',
  created_at: 'text',
} as const;
