import { useCallback, useMemo } from 'react';
import { message as antdMessage } from 'antd';
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
  /** code: the code the save would store (the library's ID modification script applied by the server). */
  exists: (body: { itemId: number | null; code: string | null; objectId: string | null }) => Promise<{ exists: boolean; code?: string | null }>;
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

/** The stored code when the ID modification script changes the typed one (the duplicate message names it). */
function storedAs(typed: string | null, stored: unknown): string | null {
  return typeof stored === 'string' && stored !== typed ? stored : null;
}

/**
 * Add or edit a catalogue item (data-areas §5): with an objectId column at least one of code or objectId
 * ('AtLeastOneCodeMessage') and the pair unique ('AlreadyExists', exists call 300 ms after typing);
 * without one, code is required. The server checks the code its ID modification script will store, and the
 * message names that code when it differs from the typed one (on the check and on a save that conflicts).
 */
export function CatalogueItemForm({ open, storeId, catalogueId, fields, item, onClose, calls }: CatalogueItemFormProps) {
  const { t } = useCataloguesTranslation();
  const [message, messageHolder] = antdMessage.useMessage();
  const withObjectId = fields.some((f) => f.key === 'objectId');

  const api = useMemo(() => calls ?? catalogueCalls(storeId, catalogueId), [calls, storeId, catalogueId]);
  const duplicateMessage = useCallback(
    (typed: string | null, stored: unknown) => {
      const code = storedAs(typed, stored);
      return code === null ? t('AlreadyExists') : t('AlreadyExistsStoredAs', { code });
    },
    [t],
  );

  const formFields = useMemo<FormField[]>(() => {
    // The code the last answered check would store, by the pair it checked.
    let lastStored: { pair: string; code: string | null | undefined } | null = null;
    const pairKey = (code: string | null, objectId: string | null) => JSON.stringify([code, objectId]);
    const taken = debouncedCheck(async (code: string | null, objectId: string | null) => {
      const answer = await api.exists({ itemId: item?.tid ?? null, code, objectId });
      lastStored = { pair: pairKey(code, objectId), code: answer.code };
      return answer.exists;
    });
    const identity =
      (checkExists: boolean) =>
      ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject => ({
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
          const checked = lastStored as { pair: string; code: string | null | undefined } | null;
          if (exists) throw new Error(duplicateMessage(code, checked?.pair === pairKey(code, objectId) ? checked.code : undefined));
        },
      });
    return fields.map(({ key, label }): FormField => {
      const initialValue = item?.[key] ?? '';
      if (key === 'code')
        return {
          type: 'input',
          name: key,
          label,
          initialValue,
          required: !withObjectId,
          dependencies: withObjectId ? ['objectId'] : undefined,
          rules: [identity(true)],
        };
      if (key === 'objectId') return { type: 'input', name: key, label, initialValue, dependencies: ['code'], rules: [identity(false)] };
      return { type: 'input', name: key, label, initialValue };
    });
  }, [api, item, fields, withObjectId, duplicateMessage, t]);

  const save = async (values: Record<string, unknown>) => {
    const input = itemInput(fields, values, item);
    try {
      onClose(item ? await api.update(item.tid, input) : await api.create(input));
    } catch (error) {
      const { code, details } = normalizeError(error);
      logger.error('Item not saved', error);
      if (code === 'AlreadyExists') {
        const stored = typeof details === 'object' && details !== null ? (details as { code?: unknown }).code : undefined;
        void message.error(duplicateMessage(input.code !== undefined ? input.code : (item?.code ?? null), stored));
      } else {
        void message.error(code === 'AtLeastOneCodeMessage' ? t(code) : t('itemSaveFailed'));
      }
    }
  };

  return (
    <>
      {messageHolder}
      <ModalForm open={open} title={item ? t('editItem') : t('newItem')} fields={formFields} onOk={save} onCancel={() => onClose()} />
    </>
  );
}
