import { useMemo } from 'react';
import { message as antdMessage } from 'antd';
import { type Catalogue, type CatalogueInput, checkSyncURL, logger, normalizeError } from '@portal/api';
import { CATALOGUES, type ContainerKind } from './containerKind';
import { ModalForm, type FormField } from '@portal/lists';
import { debouncedCheck } from './debouncedCheck';
import { useCataloguesTranslation } from './i18n';

export interface CatalogueFormProps {
  open: boolean;
  storeId: number;
  /** The catalogue being edited; null adds a new one. */
  catalogue: Catalogue | null;
  onClose: (saved?: Catalogue) => void;
  /** Catalogue (default) or search list. */
  kind?: ContainerKind;
}

const hasText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Add or edit a catalogue (data-areas §5): name required and unique (checked 300 ms after typing,
 * 'NameAlreadyExistsMessage'), Sync URL optional and checked by the server ('Invalid URL').
 */
export function CatalogueForm({ open, storeId, catalogue, onClose, kind = CATALOGUES }: CatalogueFormProps) {
  const { t } = useCataloguesTranslation();
  const [message, messageHolder] = antdMessage.useMessage();

  const fields = useMemo<FormField[]>(() => {
    const nameTaken = debouncedCheck(async (name: string) => (await kind.calls.exists(storeId, catalogue?.tid ?? null, name.trim())).exists);
    const urlValid = debouncedCheck(async (url: string) => (await checkSyncURL(url.trim())).valid);
    return [
      {
        type: 'input',
        name: 'name',
        label: t('name'),
        required: true,
        initialValue: catalogue?.name ?? '',
        rules: [
          {
            validator: async (_rule, value: unknown) => {
              if (!hasText(value)) return;
              let taken = false;
              try {
                taken = await nameTaken(value);
              } catch (error) {
                logger.error('Name check failed', error); // the server checks again on save
              }
              if (taken) throw new Error(t('NameAlreadyExistsMessage'));
            },
          },
        ],
      },
      {
        type: 'input',
        name: 'syncURL',
        label: t('syncURL'),
        initialValue: catalogue?.syncURL ?? '',
        placeholder: 'https://',
        rules: [
          {
            validator: async (_rule, value: unknown) => {
              if (!hasText(value)) return;
              let valid = false;
              try {
                valid = await urlValid(value);
              } catch (error) {
                logger.error('Sync URL check failed', error);
              }
              if (!valid) throw new Error(t('invalidUrl'));
            },
          },
        ],
      },
      {
        type: 'switch',
        name: 'autoSync',
        label: t('autoSync'),
        initialValue: catalogue?.autoSync ?? false,
        dependencies: ['syncURL'],
        visible: (values) => hasText(values.syncURL),
      },
    ];
  }, [storeId, catalogue, t, kind]);

  const save = async (values: Record<string, unknown>) => {
    const syncURL = hasText(values.syncURL) ? values.syncURL.trim() : null;
    const input: CatalogueInput = { name: String(values.name).trim(), syncURL, autoSync: syncURL ? Boolean(values.autoSync) : false };
    try {
      onClose(catalogue ? await kind.calls.update(storeId, catalogue.tid, input) : await kind.calls.create(storeId, input));
    } catch (error) {
      const { code } = normalizeError(error);
      logger.error('Catalogue not saved', error);
      void message.error(code === 'NameAlreadyExistsMessage' ? t('NameAlreadyExistsMessage') : t(kind.texts.saveFailed));
    }
  };

  return (
    <>
      {messageHolder}
      <ModalForm open={open} title={catalogue ? t(kind.texts.editList) : t(kind.texts.newList)} fields={fields} onOk={save} onCancel={() => onClose()} />
    </>
  );
}
