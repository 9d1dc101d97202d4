import type { ModalFuncProps } from 'antd';
import { useListsTranslation } from '../i18n';

type Confirm = (props: ModalFuncProps) => unknown;

/**
 * The delete confirmations of data-areas §2: one text for a single element, one plural, one for Delete All,
 * each followed by 'this operation cannot be undone'.
 */
export function useDeleteConfirm(confirm: Confirm) {
  const { t } = useListsTranslation();
  const ask = (title: string, onOk: () => Promise<unknown>) =>
    confirm({
      title,
      content: t('cannotBeUndone'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk,
    });
  return {
    confirmDelete: (count: number, onOk: () => Promise<unknown>) => ask(count === 1 ? t('confirmDeleteOne') : t('confirmDeleteMany', { count }), onOk),
    confirmDeleteAll: (onOk: () => Promise<unknown>) => ask(t('confirmDeleteAll'), onOk),
  };
}
