import { IMPORT_FIELDS, type ImportField } from '@portal/api';
import type { FieldLabels } from '../import-modal/importState';
import type { ListColumn } from './types';

/** The list's titles of the item fields (its columns keyed code, objectId, field1…): what Import offers and maps. */
export function importFieldLabels<T>(columns: readonly ListColumn<T>[]): FieldLabels {
  const labels: FieldLabels = {};
  for (const column of columns) {
    if ((IMPORT_FIELDS as readonly string[]).includes(column.key) && column.title) labels[column.key as ImportField] = column.title;
  }
  return labels;
}
