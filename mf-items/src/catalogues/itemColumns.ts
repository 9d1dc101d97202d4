import type { TFunction } from 'i18next';
import type { CatalogueItem, Store } from '@portal/api';
import type { ListColumn } from '@portal/lists';

export type ItemFieldKey = 'code' | 'objectId' | 'field1' | 'field2' | 'field3' | 'field4' | 'field5' | 'field6';
export interface ItemFieldLabel {
  key: ItemFieldKey;
  label: string;
}

const OPTIONAL_FIELDS = [
  ['field1', 'field1'],
  ['field2', 'field2'],
  ['field3', 'field3'],
  ['field4', 'field4'],
  ['field5', 'field5'],
  ['field6', 'field6'],
] as const;

type Labels = Pick<Store, 'fieldCode' | 'fieldObjectId' | 'field1' | 'field2' | 'field3' | 'field4' | 'field5' | 'field6'>;

const filled = (label: string | null | undefined): label is string => typeof label === 'string' && label.trim() !== '';

/**
 * The item fields a library shows (data-areas §2/§3): its code label (always), the object-id label if
 * set, and field1..field6 whose labels are non-empty.
 */
export function itemFieldLabels(store: Labels, t: TFunction): ItemFieldLabel[] {
  const fields: ItemFieldLabel[] = [{ key: 'code', label: filled(store.fieldCode) ? store.fieldCode : t('code') }];
  if (filled(store.fieldObjectId)) fields.push({ key: 'objectId', label: store.fieldObjectId });
  for (const [key, labelKey] of OPTIONAL_FIELDS) {
    const label = store[labelKey];
    if (filled(label)) fields.push({ key, label });
  }
  return fields;
}

export function itemColumns(fields: ItemFieldLabel[]): ListColumn<CatalogueItem>[] {
  return fields.map(({ key, label }) => ({ key, title: label }));
}
