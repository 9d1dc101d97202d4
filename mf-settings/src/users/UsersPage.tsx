import { useCallback, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { deleteUsers, getUsers, type ListParams, type User } from '@portal/api';
import { GenericList, type ListHandle } from '@portal/lists';
import { useDeploySettings } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { useSettingsTranslation } from '../i18n';
import { useFormDialog } from '../useFormDialog';
import { useActor } from './useActor';
import { UserForm } from './UserForm';
import { usersColumns } from './usersColumns';
import { canDeleteUser } from './userRules';

/** /users: the users the signed-in admin or supervisor manages; no Delete All, admins and supervisors kept. */
export function UsersPage({ title }: PageProps) {
  const { t } = useSettingsTranslation();
  const location = useLocation();
  const actor = useActor();
  const list = useRef<ListHandle>(null);
  const form = useFormDialog<User>(() => list.current?.refresh());
  const { productName } = useDeploySettings();
  const columns = useMemo(() => usersColumns(t, actor.role === 'admin', productName), [t, actor.role, productName]);
  const fetchPage = useCallback((params: ListParams) => getUsers(params), []);

  return (
    <PageFrame title={title}>
      <GenericList<User>
        ref={list}
        listName="users"
        columns={columns}
        fetchPage={fetchPage}
        resetKey={location.pathname}
        onAdd={form.add}
        onEdit={form.edit}
        onDelete={(ids) => deleteUsers(ids.map(Number))}
        canDeleteRow={(row) => canDeleteUser(actor, row)}
      />
      <UserForm open={form.open} user={form.record} onClose={form.close} />
    </PageFrame>
  );
}
