import { useCallback } from 'react';
import { Modal } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { ItemEvent } from '@portal/api';
import {
  hasPermission,
  isStoreExpired,
  selectPermissionHolder,
  selectSelectedStoreId,
  selectStores,
  updateSettings,
  useAppDispatch,
  useAppSelector,
} from '@portal/session';
import { eventTarget, needsLibrarySwitch } from './eventTarget';
import { useItemEventsTranslation } from './i18n';

/**
 * Opening an event's screen. `canOpen`: the user may open that screen (no jump is offered otherwise). `open`
 * navigates; an event of another library first asks 'Document belongs to a different store', and Yes switches
 * the selected library (the session's updateSettings, saved like Change Library) and navigates. A library
 * past its expiration date cannot be selected (as in Change Library): that is explained and nothing changes.
 */
export function useOpenEvent() {
  const { t } = useItemEventsTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const selectedStoreId = useAppSelector(selectSelectedStoreId);
  const stores = useAppSelector(selectStores);
  const holder = useAppSelector(selectPermissionHolder);
  const canOpen = useCallback((event: ItemEvent) => hasPermission(holder, eventTarget(event).permission), [holder]);
  const open = useCallback(
    (event: ItemEvent) => {
      if (!canOpen(event)) return;
      const { path } = eventTarget(event);
      if (!needsLibrarySwitch(event, selectedStoreId)) {
        navigate(path);
        return;
      }
      const library = stores.find((s) => s.tid === event.storeId);
      if (isStoreExpired(library)) {
        modal.warning({
          title: t('common:libraryExpired'),
          content: t('expiredStore', { name: event.storeName, date: library!.expirationDate.slice(0, 10) }),
          okText: t('common:ok'),
        });
        return;
      }
      modal.confirm({
        title: t('differentStore'),
        content: event.storeName,
        okText: t('common:yes'),
        cancelText: t('common:no'),
        onOk: () => {
          dispatch(updateSettings({ selectedStoreId: event.storeId }));
          navigate(path);
        },
      });
    },
    [canOpen, dispatch, modal, navigate, selectedStoreId, stores, t],
  );
  // The dialogs' holder, rendered by the page (it takes its theme, language and direction).
  return { open, canOpen, holder: modalHolder };
}
