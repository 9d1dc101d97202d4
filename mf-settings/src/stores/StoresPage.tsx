import { useCallback, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { deleteStores, getStores, type ListParams, type Store } from '@portal/api';
import { GenericList, type ListHandle } from '@portal/lists';
import { fetchStores, isStoreExpired, selectSession, useAppDispatch, useAppSelector, usePermission } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { useSettingsTranslation } from '../i18n';
import { useFormDialog } from '../useFormDialog';
import { StoreForm } from './StoreForm';
import { canAddOrDeleteStores } from './storeRules';
import { storesColumns } from './storesColumns';

/** /stores (Libraries): admin adds, edits and deletes; others edit only. Expired rows are styled. */
export function StoresPage({ title }: PageProps) {
  const { t } = useSettingsTranslation();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const { role } = useAppSelector(selectSession);
  const isAdmin = canAddOrDeleteStores(role);
  const devices = usePermission('devices');
  const list = useRef<ListHandle>(null);
  const columns = useMemo(() => storesColumns(t), [t]);
  const fetchPage = useCallback((params: ListParams) => getStores(params), []);

  /** The session's libraries (Change Library, the header) follow every change. */
  const form = useFormDialog<Store>(() => {
    list.current?.refresh();
    dispatch(fetchStores());
  });

  return (
    <PageFrame title={title}>
      <GenericList<Store>
        ref={list}
        listName="stores"
        columns={columns}
        fetchPage={fetchPage}
        resetKey={location.pathname}
        isRowExpired={(row) => isStoreExpired(row)}
        onAdd={isAdmin ? form.add : undefined}
        onEdit={form.edit}
        onDelete={
          isAdmin
            ? async (ids) => {
                await deleteStores(ids.map(Number));
                dispatch(fetchStores());
              }
            : undefined
        }
      />
      <StoreForm open={form.open} isAdmin={isAdmin} devices={devices} store={form.record} onClose={form.close} />
    </PageFrame>
  );
}
