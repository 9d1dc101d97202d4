/**
 * Item rules (data-areas §5) shared by every write path (manual add and edit, import, sync, Add Items To):
 * with an objectId column at least one of code/objectId (AtLeastOneCodeMessage), without one code is
 * required; the code/objectId pair is unique in its list (a unique index, migration 0013) — in bulk writes
 * a pair that already exists is counted but not inserted (./stagedItems writes them).
 */
import { ERROR_CODES, ITEM_FIELDS, ITEM_TEXT_MAX, type CellValue, type ItemField } from '@portal/contract';
import type { ItemValues } from './items';

/** A list that holds items: its table and parent key column are fixed by code. */
export interface ItemTarget {
  table: 'catalogue_items' | 'search_list_items' | 'inventory_items';
  parentColumn: 'catalogue_id' | 'search_list_id' | 'inventory_id';
  parentId: number;
  storeId: number;
  /** Columns every inserted row also gets, fixed by code (inventory items: group_id and date of their section). */
  extra?: Readonly<Record<string, string | number | null>>;
}

export interface RuleViolation {
  code: string;
  field?: ItemField;
}

/**
 * Where a write path takes "has an objectId column" from — the one objectId rule (data-areas §5): manual
 * add and edit follow the library's objectId label, import and sync the mapped (or named) column, and Add
 * Items To copies items that always have one (an objectId-only item is accepted).
 */
export type ObjectIdColumn = { path: 'manual'; objectIdLabel: string | null | undefined } | { path: 'file'; mapped: boolean } | { path: 'addTo' };

export function hasObjectIdColumn(source: ObjectIdColumn): boolean {
  switch (source.path) {
    case 'manual':
      return (source.objectIdLabel ?? '').trim() !== '';
    case 'file':
      return source.mapped;
    case 'addTo':
      return true;
  }
}

/** Read once (the contract's re-exports are getters, and bulk writes check every row). */
const FIELDS = ITEM_FIELDS;
const TEXT_MAX = ITEM_TEXT_MAX;

/** The §5 rule for one item; null when it is acceptable. */
export function itemViolation(values: ItemValues, source: ObjectIdColumn): RuleViolation | null {
  for (const f of FIELDS) {
    const v = values[f];
    if (v !== null && v.length > TEXT_MAX) return { code: 'VALUE_TOO_LONG', field: f };
  }
  if (hasObjectIdColumn(source)) {
    if (values.code === null && values.objectId === null) return { code: ERROR_CODES.AT_LEAST_ONE_CODE };
  } else if (values.code === null) {
    return { code: ERROR_CODES.CODE_REQUIRED, field: 'code' };
  }
  return null;
}

/** A file cell as item text: trimmed, '' → null, numbers and booleans as written. */
export function cellText(cell: CellValue | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  const s = String(cell).trim();
  return s === '' ? null : s;
}

/** Rows per insert statement of the bulk writes (./stagedItems). */
export const INSERT_BATCH = 500;
