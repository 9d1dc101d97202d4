import { useMemo } from 'react';
import { message as antdMessage } from 'antd';
import moment from 'moment';
import {
  createInventorySection,
  type GroupRef,
  type InventorySection,
  inventorySectionExists,
  logger,
  normalizeError,
  updateInventorySection,
} from '@portal/api';
import { debouncedCheck, ModalForm, type FormField } from '@portal/lists';
import { INVENTORY_DATE_FORMAT } from './dates';
import { useInventoriesTranslation } from './i18n';
import { nameTaken } from './rules';

export interface SectionFormProps {
  open: boolean;
  storeId: number;
  groupId: GroupRef;
  /** The section being edited; null adds one. */
  section: InventorySection | null;
  onClose: (saved?: InventorySection) => void;
}

/** Add or edit a section (data-areas §5): location and date required; location unique within the group. */
export function SectionForm({ open, storeId, groupId, section, onClose }: SectionFormProps) {
  const { t } = useInventoriesTranslation();
  const [message, messageHolder] = antdMessage.useMessage();

  const fields = useMemo<FormField[]>(() => {
    const taken = debouncedCheck(
      async (comment: string) => (await inventorySectionExists(storeId, groupId, { inventoryId: section?.tid ?? null, comment: comment.trim() })).exists,
    );
    return [
      {
        type: 'input',
        name: 'comment',
        label: t('comment'),
        required: true,
        initialValue: section?.comment ?? '',
        rules: [
          {
            validator: async (_rule, value: unknown) => {
              if (await nameTaken(value, taken)) throw new Error(t('locationTaken'));
            },
          },
        ],
      },
      {
        type: 'datetime',
        name: 'date',
        label: t('date'),
        required: true,
        initialValue: section?.date ?? moment().format('YYYY-MM-DD HH:mm:00'),
        format: INVENTORY_DATE_FORMAT,
      },
    ];
  }, [storeId, groupId, section, t]);

  const save = async (values: Record<string, unknown>) => {
    const date = moment.isMoment(values.date) ? values.date.format('YYYY-MM-DD HH:mm:ss') : String(values.date);
    const input = { comment: String(values.comment).trim(), date };
    try {
      onClose(section ? await updateInventorySection(storeId, groupId, section.tid, input) : await createInventorySection(storeId, groupId, input));
    } catch (error) {
      const { code } = normalizeError(error);
      logger.error('Section not saved', error);
      void message.error(code === 'NameAlreadyExistsMessage' ? t('locationTaken') : t('sectionSaveFailed'));
    }
  };

  return (
    <>
      {messageHolder}
      <ModalForm open={open} title={section ? t('editSection') : t('newSection')} fields={fields} onOk={save} onCancel={() => onClose()} />
    </>
  );
}
