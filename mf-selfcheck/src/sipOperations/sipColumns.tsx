import type { TFunction } from 'i18next';
import { Tag } from 'antd';
import type { SipOperation } from '@portal/api';
import type { ListColumn } from '@portal/lists';
import { sipStatusColor } from './sipStatus';

/** Columns of /sipOperations (data-areas §3 SIPOperation; error shown as Message; status in colour). */
export function sipColumns(t: TFunction): ListColumn<SipOperation>[] {
  const known = (prefix: string, value: string) => t(`${prefix}.${value}`, { defaultValue: value });
  // Every label of a prefix (code → text), written into exports as the cells show them.
  const labels = (prefix: string) => t(prefix, { returnObjects: true }) as unknown as Record<string, string>;
  return [
    { key: 'transactionDate', title: t('sip.columns.transactionDate'), type: 'event', width: 170 },
    { key: 'store.name', dataIndex: ['store', 'name'], title: t('sip.columns.store'), width: 200 },
    { key: 'origin', title: t('sip.columns.origin'), width: 160 },
    { key: 'type', title: t('sip.columns.type'), width: 150, highlight: false, render: (row) => known('sip.type', row.type), exportValues: labels('sip.type') },
    {
      key: 'status',
      title: t('sip.columns.status'),
      width: 120,
      highlight: false,
      exportValues: labels('sip.status'),
      render: (row) => (
        <Tag color={sipStatusColor(row.status)} data-status={row.status}>
          {known('sip.status', row.status)}
        </Tag>
      ),
    },
    { key: 'error', title: t('sip.columns.error'), width: 260 },
    { key: 'patronIdentifier', title: t('sip.columns.patronIdentifier'), width: 140 },
    { key: 'itemIdentifier', title: t('sip.columns.itemIdentifier'), width: 150 },
    { key: 'titleIdentifier', title: t('sip.columns.titleIdentifier'), width: 220 },
    { key: 'offline', title: t('sip.columns.offline'), type: 'boolean', width: 100 },
    { key: 'dueDate', title: t('sip.columns.dueDate'), type: 'event', width: 170, defaultVisible: false },
    { key: 'executionDate', title: t('sip.columns.executionDate'), type: 'event', width: 170, defaultVisible: false },
  ];
}
