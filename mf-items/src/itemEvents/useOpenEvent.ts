import { useCallback } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { ItemEvent } from '@portal/api';
import { selectSelectedStoreId, updateSettings, useAppDispatch, useAppSelector } from '@portal/session';
import { eventTarget, needsLibrarySwitch } from './eventTarget';
import { useItemEventsTranslation } from './i18n';

/**
 * Opens an event's screen; one of another library first asks 'Document belongs to a different store', and
 * Yes switches the selected library (the session's updateSettings, saved like Change Library) and navigates.
 */
export function useOpenEvent() {
  const { t } = useItemEventsTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const selectedStoreId = useAppSelector(selectSelectedStoreId);
  return useCallback((event: ItemEvent) => {
    const target = eventTarget(event);
    if (!needsLibrarySwitch(event, selectedStoreId)) {
      navigate(target);
      return;
    }
    modal.confirm({
      title: t('differentStore'),
      content: event.storeName,
      okText: t('common:yes'),
      cancelText: t('common:no'),
      onOk: () => {
        dispatch(updateSettings({ selectedStoreId: event.storeId }));
        navigate(target);
      },
    });
  }, [dispatch, modal, navigate, selectedStoreId, t]);
}
