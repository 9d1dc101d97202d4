import type { TFunction } from 'i18next';
import type { Alarm } from '@portal/api';
import { CIRCULATION_STATUSES } from '@portal/api';
import type { ListColumn } from '@portal/lists';

/** data-areas §3: '03 - Available'; codes outside the table show 'code - Unknown'. */
export function circulationStatusText(code: string, t: TFunction): string {
  return Object.hasOwn(CIRCULATION_STATUSES, code) ? `${code} - ${t(`status.${code}`)}` : `${code} - ${t('unknownStatus')}`;
}

/** The alarm fields of data-areas §3 as list columns. */
export function alarmsColumns(t: TFunction): ListColumn<Alarm>[] {
  return [
    { key: 'date', title: t('date'), type: 'event', width: 180 },
    { key: 'store.name', title: t('store'), dataIndex: ['store', 'name'], width: 220 },
    { key: 'sensorName', title: t('sensorName'), width: 180 },
    { key: 'type', title: t('type'), width: 90 },
    { key: 'antenna', title: t('antenna'), width: 90 },
    { key: 'uid', title: t('uid'), width: 180 },
    { key: 'barcode', title: t('barcode'), width: 150 },
    { key: 'titleIdentifier', title: t('titleIdentifier'), width: 220 },
    {
      key: 'circulationStatus',
      title: t('circulationStatus'),
      width: 230,
      render: (row) => circulationStatusText(row.circulationStatus, t),
      exportValues: Object.fromEntries(Object.keys(CIRCULATION_STATUSES).map((code) => [code, circulationStatusText(code, t)])),
    },
    { key: 'alarmActivated', title: t('alarmActivated'), type: 'boolean', width: 110 },
  ];
}
