import type { CatalogueItem, CatalogueItemInput } from '@portal/api';
import type { ItemFieldLabel } from './itemColumns';

const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The body the item form sends (data-areas §5): only the fields the library shows, and on an edit only
 * those the user changed. Fields the form does not show (field1..6 or objectId without a label) are never
 * sent, so the server leaves them as they are.
 */
export function itemInput(fields: readonly ItemFieldLabel[], values: Record<string, unknown>, item: CatalogueItem | null): CatalogueItemInput {
  const input: CatalogueItemInput = {};
  for (const { key } of fields) {
    const value = textOrNull(values[key]);
    if (item === null || value !== textOrNull(item[key])) input[key] = value;
  }
  return input;
}
