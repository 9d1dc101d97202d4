import type { TFunction } from 'i18next';
import type { Catalogue } from '@portal/api';
import { CopyUrl, type ListColumn } from '@portal/lists';
import { NumItemsCell } from './NumItems';

/** The Catalogues list columns (data-areas §2 Catalogues, like Search lists): Name, Sync URL, Auto Sync, Last Sync, Num Items. */
export function cataloguesColumns(t: TFunction): ListColumn<Catalogue>[] {
  return [
    { key: 'name', title: t('name'), width: 240 },
    { key: 'syncURL', title: t('syncURL'), width: 300, render: (row) => (row.syncURL ? <CopyUrl url={row.syncURL} /> : null) },
    {
      // Yes/No only means something when there is a URL to sync from.
      key: 'autoSync',
      title: t('autoSync'),
      width: 110,
      searchable: false,
      render: (row) => (row.syncURL ? t(row.autoSync ? 'common:yes' : 'common:no') : null),
    },
    { key: 'lastSync', title: t('lastSync'), type: 'event', width: 180, searchable: false },
    {
      key: 'numItems',
      title: t('numItems'),
      width: 120,
      sortable: false,
      searchable: false,
      exportable: false,
      render: (row) => <NumItemsCell catalogueId={row.tid} />,
    },
  ];
}
