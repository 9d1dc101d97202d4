/** Interval type (Daily/Weekly/Monthly/Yearly); for day the range 5/15/30/60 minutes, else a HH:mm range in 15-minute steps. */
import { Select, Space } from 'antd';
import { INTERVAL_RANGES, INTERVAL_TYPES, type IntervalRange, type IntervalType } from '@portal/contract';
import { useCountersTranslation } from '../i18n';

const QUARTERS = Array.from({ length: 96 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);

export interface IntervalControlsProps {
  type: IntervalType;
  range: IntervalRange;
  times: [string, string];
  onType: (type: IntervalType) => void;
  onRange: (range: IntervalRange) => void;
  onTimes: (times: [string, string]) => void;
}

export function IntervalControls({ type, range, times, onType, onRange, onTimes }: IntervalControlsProps) {
  const { t } = useCountersTranslation();
  return (
    <Space wrap>
      <Select<IntervalType>
        aria-label={t('intervalType')}
        value={type}
        onChange={onType}
        style={{ width: 140 }}
        options={INTERVAL_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
      />
      {type === 'day' ? (
        <Select<IntervalRange>
          aria-label={t('range')}
          value={range}
          onChange={onRange}
          style={{ width: 120 }}
          options={INTERVAL_RANGES.map((value) => ({ value, label: t('minutes', { count: value }) }))}
        />
      ) : (
        <Space.Compact>
          <Select
            aria-label={t('timeFrom')}
            value={times[0]}
            style={{ width: 100 }}
            showSearch
            options={QUARTERS.filter((q) => q <= times[1]).map((value) => ({ value, label: value }))}
            onChange={(from: string) => onTimes([from, times[1]])}
          />
          <Select
            aria-label={t('timeTo')}
            value={times[1]}
            style={{ width: 100 }}
            showSearch
            options={QUARTERS.filter((q) => q >= times[0]).map((value) => ({ value, label: value }))}
            onChange={(to: string) => onTimes([times[0], to])}
          />
        </Space.Compact>
      )}
    </Space>
  );
}
