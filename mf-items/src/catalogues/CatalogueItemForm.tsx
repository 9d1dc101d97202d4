import { useMemo } from 'react';
import { App } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { type CatalogueItem, type CatalogueItemInput, logger, normalizeError } from '@portal/api';
import { CATALOGUES } from './containerKind';
import { ModalForm, type FormField } from '@portal/lists';
import { debouncedCheck } from './debouncedCheck';
import { useCataloguesTranslation } from './i18n';
import type { ItemFieldLabel } from './itemColumns';
import { itemInput } from './itemInput';

export interface CatalogueItemFormProps {
  open: boolean;
  storeId: number;
  catalogueId: number;
  fields: ItemFieldLabel[];
  /** The item being edited; null adds one. */
  item: CatalogueItem | null;
  onClose: (saved?: CatalogueItem) => void;
  /** The list's exists/create/update calls (default: the catalogue's); inventory sections pass theirs. */
  calls?: ItemCalls;
}

/** The calls an item form makes on its list. */
export interface ItemCalls {
  exists: (body: { itemId: number | null; code: string | null; objectId: string | null }) => Promise<{ exists: boolean }>;
  create: (input: CatalogueItemInput) => Promise<CatalogueItem>;
  update: (itemId: number, input: CatalogueItemInput) => Promise<CatalogueItem>;
}

const catalogueCalls = (storeId: number, catalogueId: number): ItemCalls => ({
  exists: (pair) => CATALOGUES.calls.itemExists(storeId, catalogueId, pair),
  create: (input) => CATALOGUES.calls.createItem(storeId, catalogueId, input),
  update: (itemId, input) => CATALOGUES.calls.updateItem(storeId, catalogueId, itemId, input),
});

const hasText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const textOrNull = (v: unknown): string | null => (hasText(v) ? v.trim() : null);

/**
 * Add or edit a catalogue item (data-areas §5): with an objectId column at least one of code or objectId
 * ('AtLeastOneCodeMessage') and the pair unique ('AlreadyExists', exists call 300 ms after typing);
 * without one, code is required.
 */
export function CatalogueItemForm({ open, storeId, catalogueId, fields, item, onClose, calls }: CatalogueItemFormProps) {
  const { t } = useCataloguesTranslation();
  const { message } = App.useApp();
  const withObjectId = fields.some((f) => f.key === 'objectId');

  const api = useMemo(() => calls ?? catalogueCalls(storeId, catalogueId), [calls, storeId, catalogueId]);

  const formFields = useMemo<FormField[]>(() => {
    const taken = debouncedCheck(async (code: string | null, objectId: string | null) =>
      (await api.exists({ itemId: item?.tid ?? null, code, objectId })).exists);
    const identity = (checkExists: boolean) => ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject => ({
      validator: async () => {
        const code = textOrNull(getFieldValue('code'));
        const objectId = withObjectId ? textOrNull(getFieldValue('objectId')) : null;
        if (code === null && objectId === null) {
          // Without an objectId column the required rule of code says it.
          if (withObjectId) throw new Error(t('AtLeastOneCodeMessage'));
          return;
        }
        if (!checkExists) return;
        let exists = false;
        try {
          exists = await taken(code, objectId);
        } catch (error) {
          logger.error('Item check failed', error); // the server checks again on save
        }
        if (exists) throw new Error(t('AlreadyExists'));
      },
    });
    return fields.map(({ key, label }): FormField => {
      const initialValue = item?.[key] ?? '';
      if (key === 'code') return { type: 'input', name: key, label, initialValue, required: !withObjectId, dependencies: withObjectId ? ['objectId'] : undefined, rules: [identity(true)] };
      if (key === 'objectId') return { type: 'input', name: key, label, initialValue, dependencies: ['code'], rules: [identity(false)] };
      return { type: 'input', name: key, label, initialValue };
    });
  }, [api, item, fields, withObjectId, t]);

  const save = async (values: Record<string, unknown>) => {
    const input = itemInput(fields, values, item);
    try {
      onClose(item ? await api.update(item.tid, input) : await api.create(input));
    } catch (error) {
      const { code } = normalizeError(error);
      logger.error('Item not saved', error);
      void message.error(code === 'AlreadyExists' || code === 'AtLeastOneCodeMessage' ? t(code) : t('itemSaveFailed'));
    }
  };

  return <ModalForm open={open} title={item ? t('editItem') : t('newItem')} fields={formFields} onOk={save} onCancel={() => onClose()} />;
}
