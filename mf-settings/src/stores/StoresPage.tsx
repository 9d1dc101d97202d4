import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { deleteStores, getStores, type ListParams, type Store } from '@portal/api';
import { GenericList, type ListHandle } from '@portal/lists';
import { fetchStores, isStoreExpired, selectSession, useAppDispatch, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { useSettingsTranslation } from '../i18n';
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
  const list = useRef<ListHandle>(null);
  const [form, setForm] = useState<{ open: boolean; store: Store | null }>({ open: false, store: null });
  const columns = useMemo(() => storesColumns(t), [t]);
  const fetchPage = useCallback((params: ListParams) => getStores(params), []);

  /** The session's libraries (Change Library, the header) follow every change. */
  const changed = () => {
    list.current?.refresh();
    dispatch(fetchStores());
  };
  const closeForm = (saved?: Store) => {
    setForm((f) => ({ ...f, open: false }));
    if (saved) changed();
  };

  return (
    <PageFrame title={title}>
      <GenericList<Store>
        ref={list}
        listName="stores"
        columns={columns}
        fetchPage={fetchPage}
        resetKey={location.pathname}
        isRowExpired={(row) => isStoreExpired(row)}
        onAdd={isAdmin ? () => setForm({ open: true, store: null }) : undefined}
        onEdit={(store) => setForm({ open: true, store })}
        onDelete={isAdmin ? async (ids) => { await deleteStores(ids.map(Number)); dispatch(fetchStores()); } : undefined}
      />
      <StoreForm open={form.open} isAdmin={isAdmin} store={form.store} onClose={closeForm} />
    </PageFrame>
  );
}
