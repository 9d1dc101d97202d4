import { selectSettings, updateSettings, useAppDispatch, useAppSelector } from '@portal/session';
import { useCallback } from 'react';
import type { DashboardItems } from '../model/dashboardItems';

/** settings.dashboardItems and its saving (merged per section by the session and the server). */
export function useDashboardItems(): { items: DashboardItems; save: (sectionKey: string, keys: string[]) => void } {
  const items = useAppSelector(selectSettings).dashboardItems;
  const dispatch = useAppDispatch();
  const save = useCallback(
    (sectionKey: string, keys: string[]) => {
      dispatch(updateSettings({ dashboardItems: { [sectionKey]: keys } }));
    },
    [dispatch],
  );
  return { items, save };
}
