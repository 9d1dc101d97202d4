/**
 * /alarms (data-areas §2 Alarms): the RFID gate alarms of your libraries, date newest first, activated ones
 * by default; header counts Records / Activated / Deactivated; delete only; export.
 */
import { useCallback, useMemo, useState } from 'react';
import { Segmented, Space, Tag } from 'antd';
import { type Alarm, ALARMS_EXPORT_URL, deleteAlarms, getAlarms, getNumAlarms, type ListParams, logger, type NumAlarms } from '@portal/api';
import { GenericList, isFirstPage } from '@portal/lists';
import { PageFrame, type PageProps } from '@portal/ui';
import { alarmsColumns } from './alarmsColumns';
import { useAlarmsTranslation } from './i18n';
import { ALARM_FILTERS, useAlarmFilter, type AlarmFilter } from './useAlarmFilter';

export function AlarmsPage({ title }: PageProps) {
  const { t } = useAlarmsTranslation();
  const { filter, setFilter, apply } = useAlarmFilter();
  const [counts, setCounts] = useState<NumAlarms | null>(null);
  const columns = useMemo(() => alarmsColumns(t), [t]);
  const fetchPage = useCallback(
    (params: ListParams) => {
      if (isFirstPage(params)) {
        getNumAlarms({ searchTexts: params.searchTexts })
          .then(setCounts)
          .catch((error: unknown) => logger.error('Alarm counts not loaded', error));
      }
      return getAlarms(apply(params));
    },
    [apply],
  );

  return (
    <PageFrame title={title}>
      <GenericList<Alarm>
        listName="alarms"
        columns={columns}
        fetchPage={fetchPage}
        resetKey={`/alarms|${filter}`}
        title={
          <Segmented<AlarmFilter>
            aria-label={t('filter')}
            // On a narrow screen the options scroll inside it, not the page.
            style={{ maxWidth: '100%', overflowX: 'auto' }}
            value={filter}
            onChange={setFilter}
            options={ALARM_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
          />
        }
        extra={
          counts && (
            <Space size={4} wrap data-testid="alarm-counts">
              <Tag>
                {t('records')}: {counts.numAlarms}
              </Tag>
              <Tag color="red">
                {t('activated')}: {counts.numAlarmsActivated}
              </Tag>
              <Tag>
                {t('deactivated')}: {counts.numAlarmsDeactivated}
              </Tag>
            </Space>
          )
        }
        onDelete={(ids) => deleteAlarms(ids)}
        exporter={{ url: filter === 'all' ? ALARMS_EXPORT_URL : `${ALARMS_EXPORT_URL}?alarmActivated=${filter === 'activated'}`, fileName: title }}
      />
    </PageFrame>
  );
}
