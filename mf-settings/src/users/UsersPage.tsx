import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { deleteUsers, getUsers, type ListParams, type User } from '@portal/api';
import { GenericList, type ListHandle } from '@portal/lists';
import { selectSession, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { useSettingsTranslation } from '../i18n';
import { UserForm } from './UserForm';
import { usersColumns } from './usersColumns';
import { canDeleteUser } from './userRules';

/** /users: the users the signed-in admin or supervisor manages; no Delete All, admins and supervisors kept. */
export function UsersPage({ title }: PageProps) {
  const { t } = useSettingsTranslation();
  const location = useLocation();
  const { userId, role, permissions } = useAppSelector(selectSession);
  const list = useRef<ListHandle>(null);
  const [form, setForm] = useState<{ open: boolean; user: User | null }>({ open: false, user: null });
  const actor = useMemo(() => ({ userId: userId ?? 0, role: role ?? 'user', permissions }), [userId, role, permissions]);
  const columns = useMemo(() => usersColumns(t, role === 'admin'), [t, role]);
  const fetchPage = useCallback((params: ListParams) => getUsers(params), []);

  const closeForm = (saved?: User) => {
    setForm((f) => ({ ...f, open: false }));
    if (saved) list.current?.refresh();
  };

  return (
    <PageFrame title={title}>
      <GenericList<User>
        ref={list}
        listName="users"
        columns={columns}
        fetchPage={fetchPage}
        resetKey={location.pathname}
        onAdd={() => setForm({ open: true, user: null })}
        onEdit={(user) => setForm({ open: true, user })}
        onDelete={(ids) => deleteUsers(ids.map(Number))}
        canDeleteRow={(row) => canDeleteUser(actor, row)}
      />
      <UserForm open={form.open} user={form.user} onClose={closeForm} />
    </PageFrame>
  );
}
