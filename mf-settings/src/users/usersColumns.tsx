import type { TFunction } from 'i18next';
import type { User } from '@portal/api';
import { flavorName } from '@portal/contract';
import type { ListColumn } from '@portal/lists';

/** The Users list columns; Flavor only for an admin (data-areas §6), {product} read as the deployed product name. */
export function usersColumns(t: TFunction, showFlavor: boolean, productName: string): ListColumn<User>[] {
  const columns: ListColumn<User>[] = [
    { key: 'userName', title: t('users.userName'), width: 160 },
    { key: 'fullName', title: t('users.fullName'), width: 200 },
    { key: 'email', title: t('users.email'), width: 220 },
    // Left to right in every language: in Arabic a number's groups would otherwise be reordered.
    { key: 'telephone', title: t('users.telephone'), width: 140, render: (row) => <bdi dir="ltr">{row.telephone}</bdi> },
    { key: 'address', title: t('users.address'), width: 220, defaultVisible: false },
    { key: 'flavor', title: t('users.flavor'), width: 120, render: (row) => flavorName(row.flavor, productName) },
    { key: 'role', title: t('users.role'), width: 130, render: (row) => t(`roles.${row.role}`) },
    {
      key: 'permissions',
      title: t('users.permissions'),
      width: 260,
      sortable: false,
      render: (row) => row.permissions.map((p) => t(`permissions.${p}`)).join(', '),
    },
    { key: 'createdAt', title: t('users.createdAt'), type: 'date', width: 120, searchable: false, defaultVisible: false },
  ];
  return showFlavor ? columns : columns.filter((c) => c.key !== 'flavor');
}
