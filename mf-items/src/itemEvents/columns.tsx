import type { TFunction } from 'i18next';
import { Button } from 'antd';
import type { ItemEvent } from '@portal/api';
import type { ListColumn } from '@portal/lists';

const detailsTitle = (row: ItemEvent): string => (typeof row.details.title === 'string' ? row.details.title : '');

/**
 * The Item events columns (data-areas §3 Item event); the last one opens the event's screen, offered only when
 * the user may open it.
 */
export function itemEventColumns(t: TFunction, open: (event: ItemEvent) => void, canOpen: (event: ItemEvent) => boolean): ListColumn<ItemEvent>[] {
  return [
    { key: 'date', title: t('date'), type: 'event', width: 170 },
    { key: 'storeName', title: t('storeName'), width: 220 },
    {
      key: 'type',
      title: t('type'),
      width: 150,
      render: (row) => t(`types.${row.type}`, { defaultValue: row.type }),
      exportValues: t('types', { returnObjects: true }) as unknown as Record<string, string>,
    },
    { key: 'code', title: t('code'), width: 160 },
    { key: 'objectId', title: t('objectId'), width: 160 },
    { key: 'details', title: t('title'), width: 240, sortable: false, searchable: false, exportable: false, render: detailsTitle },
    {
      key: 'open',
      title: t('open'),
      width: 150,
      sortable: false,
      searchable: false,
      exportable: false,
      render: (row) =>
        canOpen(row) && (
          <Button type="link" size="small" onClick={() => open(row)}>
            {t(`targets.${row.type}`, { defaultValue: t('open') })}
          </Button>
        ),
    },
  ];
}
