import { useMemo } from 'react';
import { message as antdMessage } from 'antd';
import {
  type AdditionalOperation,
  additionalOperationExists,
  createAdditionalOperation,
  type GroupRef,
  logger,
  normalizeError,
  updateAdditionalOperation,
} from '@portal/api';
import { debouncedCheck, ModalForm, type FormField } from '@portal/lists';
import { useInventoriesTranslation } from '../inventories/i18n';
import { nameTaken } from '../inventories/rules';
import { OPERATION_METHODS, operationInput } from './operationRules';

export interface OperationFormProps {
  open: boolean;
  storeId: number;
  groupId: GroupRef;
  /** The operation being edited; null adds one. */
  operation: AdditionalOperation | null;
  onClose: (saved?: AdditionalOperation) => void;
}

/**
 * Add or edit an additional operation (data-areas §5): name, url and method required; name unique within the
 * group (checked 300 ms after typing, 'NameAlreadyExistsMessage'; an empty name passes); attach data a switch;
 * params a key/value object; the form imports and exports its values as JSON.
 */
export function OperationForm({ open, storeId, groupId, operation, onClose }: OperationFormProps) {
  const { t } = useInventoriesTranslation();
  const [message, messageHolder] = antdMessage.useMessage();

  const fields = useMemo<FormField[]>(() => {
    const taken = debouncedCheck(
      async (name: string) =>
        (await additionalOperationExists(storeId, groupId, { name: name.trim(), groupId, additionalOperationId: operation?.tid ?? null })).exists,
    );
    return [
      {
        type: 'input',
        name: 'name',
        label: t('name'),
        required: true,
        initialValue: operation?.name ?? '',
        rules: [
          {
            validator: async (_rule, value: unknown) => {
              if (await nameTaken(value, taken)) throw new Error(t('NameAlreadyExistsMessage'));
            },
          },
        ],
      },
      { type: 'input', name: 'url', label: t('url'), required: true, initialValue: operation?.url ?? '', placeholder: 'https://' },
      {
        type: 'select',
        name: 'method',
        label: t('method'),
        required: true,
        initialValue: operation?.method ?? 'POST',
        selectOptions: OPERATION_METHODS.map((m) => ({ value: m, text: m })),
      },
      { type: 'switch', name: 'attachData', label: t('attachData'), initialValue: operation?.attachData ?? false },
      { type: 'object', name: 'params', label: t('params'), initialValue: operation?.params ?? {} },
    ];
  }, [storeId, groupId, operation, t]);

  const save = async (values: Record<string, unknown>) => {
    const input = operationInput(values);
    try {
      onClose(operation ? await updateAdditionalOperation(storeId, groupId, operation.tid, input) : await createAdditionalOperation(storeId, groupId, input));
    } catch (error) {
      const { code } = normalizeError(error);
      logger.error('Additional operation not saved', error);
      const text = code === 'NameAlreadyExistsMessage' ? t('NameAlreadyExistsMessage') : code === 'INVALID_URL' ? t('invalidUrl') : t('operationSaveFailed');
      void message.error(text);
      // Not saved: the form keeps every value (its params rows too) for the user to correct.
      throw error;
    }
  };

  return (
    <>
      {messageHolder}
      <ModalForm
        open={open}
        title={operation ? t('editOperation') : t('newOperation')}
        fields={fields}
        onOk={save}
        onCancel={() => onClose()}
        showImport
        showExport
      />
    </>
  );
}
