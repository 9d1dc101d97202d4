import type { TFunction } from 'i18next';
import type { Store } from '@portal/api';
import type { ListColumn } from '@portal/lists';

const hidden = ['province', 'city', 'address', 'manager', 'managertel', 'resetTime', 'timezone'];

/** The Libraries list columns (data-areas §3 Library). */
export function storesColumns(t: TFunction): ListColumn<Store>[] {
  const keys = [
    'code',
    'name',
    'country',
    'area',
    'province',
    'city',
    'address',
    'manager',
    'managertel',
    'capacity',
    'resetTime',
    'startTime',
    'endTime',
    'timezone',
  ] as const;
  return [
    ...keys.map((key): ListColumn<Store> => ({
      key,
      title: t(`stores.${key}`),
      width: key === 'name' || key === 'address' ? 220 : 130,
      type: key === 'capacity' ? 'number' : 'text',
      defaultVisible: !hidden.includes(key),
    })),
    { key: 'expirationDate', title: t('stores.expirationDate'), type: 'date', width: 130 },
  ];
}
