/** The summary (data-areas §2): Total In and, for regions that are not sensors, Max. Inside / capacity; the zoomed part only when zoomed. */
import { Card, Flex, Statistic as Figure } from 'antd';
import type { IntervalRecords } from '@portal/contract';
import type { CounterInterval } from '../model/intervals';
import { summarize, type Zoom } from '../model/statistics';
import { useCountersTranslation } from '../i18n';

export interface SummaryProps {
  intervals: Array<{ interval: CounterInterval; color: string; label: string; records: IntervalRecords | undefined }>;
  zoom: Zoom;
}

export function Summary({ intervals, zoom }: SummaryProps) {
  const { t } = useCountersTranslation();
  return (
    <Flex gap={8} wrap role="region" aria-label={t('summary')}>
      {intervals.map(({ interval, color, label, records }) => {
        const figures = records ? summarize(records.data, zoom) : null;
        return (
          <Card
            key={interval.key}
            size="small"
            title={<IsolatedLabel label={label} region={interval.region.label} />}
            // The whole name and period, on two lines when they do not fit: an ellipsis would cut the period off,
            // and in Arabic the start of a Latin name.
            styles={{ title: { whiteSpace: 'normal' } }}
            style={{ minWidth: 'min(220px, 100%)', borderInlineStart: `3px solid ${color}` }}
            data-testid="summary-card"
          >
            <Flex gap={24}>
              <Figure title={t('totalIn')} value={figures?.totalIn ?? '-'} />
              {interval.region.sensor ? null : <Figure title={t('maxInside')} value={figures ? `${figures.maxInside} / ${interval.region.capacity}` : '-'} />}
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}

/**
 * An interval's name, its region and its period each isolated (<bdi>): in Arabic the Latin region name, its
 * numbers and the date otherwise run together in the bidi order ('2026/12/Biblioteca … 4').
 */
function IsolatedLabel({ label, region }: { label: string; region: string }) {
  if (!label.startsWith(region)) return <bdi>{label}</bdi>;
  const period = label.slice(region.length).trim();
  return (
    <>
      <bdi>{region}</bdi>
      {period && (
        <>
          {' '}
          <bdi>{period}</bdi>
        </>
      )}
    </>
  );
}
