import { useEffect, useMemo, useState } from 'react';
import { message as antdMessage } from 'antd';
import {
  type Catalogue,
  createInventoryGroup,
  getCatalogues,
  type InventoryGroup,
  inventoryGroupExists,
  logger,
  normalizeError,
  updateInventoryGroup,
} from '@portal/api';
import { debouncedCheck, ModalForm, type FormField } from '@portal/lists';
import { useInventoriesTranslation } from './i18n';
import { groupNameProblem } from './rules';

export interface GroupFormProps {
  open: boolean;
  storeId: number;
  /** The group being edited; null adds one. Never UNGROUPED. */
  group: InventoryGroup | null;
  onClose: (saved?: InventoryGroup) => void;
}

/** Add or edit an inventory group (data-areas §5): name required, unique, not 'Ungrouped'; related catalogue optional. */
export function GroupForm({ open, storeId, group, onClose }: GroupFormProps) {
  const { t } = useInventoriesTranslation();
  const [message, messageHolder] = antdMessage.useMessage();
  const [catalogues, setCatalogues] = useState<Catalogue[]>([]);

  useEffect(() => {
    if (!open) return;
    getCatalogues(storeId, { offset: 0, limit: 1000, order: ['name', 'asc'] })
      .then((page) => setCatalogues(page.items))
      .catch((error: unknown) => logger.error('Catalogues not loaded', error));
  }, [open, storeId]);

  const fields = useMemo<FormField[]>(() => {
    const taken = debouncedCheck(
      async (name: string) =>
        (await inventoryGroupExists(storeId, { inventoryGroupId: typeof group?.tid === 'number' ? group.tid : null, name: name.trim() })).exists,
    );
    return [
      {
        type: 'input',
        name: 'name',
        label: t('name'),
        required: true,
        initialValue: group?.name ?? '',
        rules: [
          {
            validator: async (_rule, value: unknown) => {
              const problem = await groupNameProblem(value, taken);
              if (problem) throw new Error(t(problem));
            },
          },
        ],
      },
      {
        type: 'select',
        name: 'catalogueId',
        label: t('catalogue'),
        initialValue: group?.catalogueId ?? undefined,
        placeholder: t('noCatalogue'),
        selectOptions: catalogues.map((c) => ({ value: c.tid, text: c.name })),
      },
    ];
  }, [storeId, group, catalogues, t]);

  const save = async (values: Record<string, unknown>) => {
    const input = { name: String(values.name).trim(), catalogueId: typeof values.catalogueId === 'number' ? values.catalogueId : null };
    try {
      onClose(group && typeof group.tid === 'number' ? await updateInventoryGroup(storeId, group.tid, input) : await createInventoryGroup(storeId, input));
    } catch (error) {
      const { code } = normalizeError(error);
      logger.error('Inventory group not saved', error);
      void message.error(code === 'NameAlreadyExistsMessage' || code === 'NotValidNameMessage' ? t(code) : t('saveFailed'));
    }
  };

  return (
    <>
      {messageHolder}
      <ModalForm open={open} title={group ? t('editGroup') : t('newGroup')} fields={fields} onOk={save} onCancel={() => onClose()} />
    </>
  );
}
