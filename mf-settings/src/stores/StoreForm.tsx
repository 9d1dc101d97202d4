import { useMemo } from 'react';
import { message as antdMessage } from 'antd';
import { createStore, logger, normalizeError, type Store, updateStore } from '@portal/api';
import { ModalForm } from '@portal/lists';
import { useSettingsTranslation } from '../i18n';
import { storeFields } from './storeFields';
import { newStoreBody, storeBody } from './storeRules';

export interface StoreFormProps {
  open: boolean;
  isAdmin: boolean;
  /** The user may manage the library's devices: the form links to its Devices screen. */
  devices?: boolean;
  /** The library being edited; null adds one (admin only). */
  store: Store | null;
  onClose: (saved?: Store) => void;
}

/** Add or edit a library (data-areas §5): others than an admin see country … name and expiration read-only. */
export function StoreForm({ open, isAdmin, devices = false, store, onClose }: StoreFormProps) {
  const { t } = useSettingsTranslation();
  const [message, messageHolder] = antdMessage.useMessage();
  const fields = useMemo(() => storeFields(t, isAdmin, store, devices), [t, isAdmin, store, devices]);

  const save = async (values: Record<string, unknown>) => {
    try {
      onClose(store ? await updateStore(store.tid, storeBody(values, isAdmin)) : await createStore(newStoreBody(values)));
    } catch (error) {
      logger.error('Library not saved', error);
      const { code } = normalizeError(error);
      void message.error(t(code === 'STORE_CODE_EXISTS' ? 'stores.codeExists' : 'stores.saveFailed'));
    }
  };

  return (
    <>
      {messageHolder}
      <ModalForm open={open} title={store ? t('stores.editStore') : t('stores.newStore')} fields={fields} onOk={save} onCancel={() => onClose()} />
    </>
  );
}
