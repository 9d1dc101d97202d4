import { useCallback, useMemo, useState } from 'react';
import { Typography } from 'antd';
import { useLocation } from 'react-router-dom';
import { getItemEvents, getNumItemEvents, ITEM_EVENTS_EXPORT_URL, type ItemEvent, type ListParams, logger } from '@portal/api';
import { GenericList, isFirstPage } from '@portal/lists';
import { PageFrame, type PageProps } from '@portal/ui';
import { itemEventColumns } from './columns';
import { useItemEventsTranslation } from './i18n';
import { useOpenEvent } from './useOpenEvent';

/**
 * /itemEvents (labelled Search, data-areas §2): the events of every library the user holds, newest first,
 * with their count and export; an event opens /alarms, /sipOperations or its inventory section when the user
 * may open that screen, switching the selected library first when it belongs to another one.
 */
export function ItemEventsPage({ title }: PageProps) {
  const { t } = useItemEventsTranslation();
  const location = useLocation();
  const { open, canOpen, holder } = useOpenEvent();
  const [count, setCount] = useState<number | null>(null);
  const columns = useMemo(() => itemEventColumns(t, open, canOpen), [t, open, canOpen]);
  const fetchPage = useCallback((params: ListParams) => {
    if (isFirstPage(params)) {
      getNumItemEvents(params)
        .then((n) => setCount(n.numItemEvents))
        .catch((error: unknown) => logger.error('Item event count not loaded', error));
    }
    return getItemEvents(params);
  }, []);
  return (
    <PageFrame title={title}>
      {holder}
      <GenericList<ItemEvent>
        listName="itemEvents"
        columns={columns}
        fetchPage={fetchPage}
        resetKey={location.pathname}
        extra={count !== null && <Typography.Text type="secondary">{t('numItemEvents', { count })}</Typography.Text>}
        onRowDoubleClick={open}
        exporter={{ url: ITEM_EVENTS_EXPORT_URL, fileName: title }}
      />
    </PageFrame>
  );
}
