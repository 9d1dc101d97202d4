/**
 * One interval (data-areas §2): a searchable region tree picker, a date/week/month/year picker with the
 * dates of other intervals of the same region disabled, a colour badge toggling visibility (with several
 * intervals) and a remove button whose card fades out for 300 ms.
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import moment, { type Moment } from 'moment';
import { Button, Card, DatePicker, Select, Space, TreeSelect } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { isDateUsed, yearOptions, type CounterInterval, type IntervalRegion, type IntervalsState } from '../model/intervals';
import { findRegion, toIntervalRegion, type LabelledRegion } from '../model/regions';
import { useCountersTranslation } from '../i18n';

/** data-areas §9: the removal fade. */
export const REMOVE_FADE_MS = 300;

const PICKER_FORMAT = { day: 'L', week: 'GGGG-[W]WW', month: 'MMMM YYYY' } as const;

/** A region's name in its own direction (dir=auto: a Latin name in Arabic), ending in an ellipsis when too long. */
const OWN_LINE: CSSProperties = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' };

type ShownRegion = LabelledRegion & { shown: ReactNode; children?: ShownRegion[] };

/** The tree with the name each region shows once chosen (`shown`): the field's own ellipsis would cut a Latin name's start in Arabic. */
function withShownNames(nodes: LabelledRegion[]): ShownRegion[] {
  return nodes.map((node) => ({
    ...node,
    shown: (
      <span dir="auto" style={OWN_LINE}>
        {node.label}
      </span>
    ),
    children: node.children && withShownNames(node.children),
  }));
}

export interface IntervalCardProps {
  state: IntervalsState;
  interval: CounterInterval;
  color: string;
  tree: LabelledRegion[];
  today: string;
  onRegion: (region: IntervalRegion) => void;
  onDate: (day: string) => void;
  onToggle: () => void;
  onRemove: () => void;
}

export function IntervalCard({ state, interval, color, tree, today, onRegion, onDate, onToggle, onRemove }: IntervalCardProps) {
  const { t } = useCountersTranslation();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const shownTree = useMemo(() => withShownNames(tree), [tree]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const several = state.intervals.length > 1;
  const used = (day: string) => isDateUsed(state, interval.key, day);
  const remove = () => {
    setLeaving(true);
    timer.current = setTimeout(onRemove, REMOVE_FADE_MS);
  };
  const { type } = state;
  return (
    <Card
      size="small"
      role="group"
      aria-label={t('intervalLabel', { n: state.intervals.indexOf(interval) + 1 })}
      style={{ width: 300, maxWidth: '100%', opacity: leaving ? 0 : 1, transition: `opacity ${REMOVE_FADE_MS}ms`, borderTop: `3px solid ${color}` }}
      title={
        // The region's name keeps its own direction (a Latin name in Arabic) and ends in an ellipsis when too long.
        <Space style={{ maxWidth: '100%' }} styles={{ item: { minWidth: 0 } }}>
          {several ? (
            <Button
              size="small"
              shape="circle"
              aria-label={t('toggleInterval')}
              aria-pressed={interval.enabled}
              onClick={onToggle}
              style={{ background: interval.enabled ? color : 'transparent', borderColor: color }}
            />
          ) : null}
          <span dir="auto" title={interval.region.label} style={OWN_LINE}>
            {interval.region.label}
          </span>
        </Space>
      }
      extra={several ? <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('removeInterval')} onClick={remove} /> : null}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <TreeSelect
          aria-label={t('region')}
          style={{ width: '100%' }}
          showSearch
          treeNodeFilterProp="title"
          treeNodeLabelProp="shown"
          treeDefaultExpandAll
          value={interval.region.value}
          treeData={shownTree}
          popupMatchSelectWidth={false}
          onChange={(value: string) => {
            const node = findRegion(tree, value);
            if (node) onRegion(toIntervalRegion(node));
          }}
        />
        {type === 'year' ? (
          <Select<number>
            aria-label={t('date')}
            style={{ width: '100%' }}
            value={Number(interval.backupDate.slice(0, 4))}
            options={yearOptions(today).map((year) => ({ value: year, label: String(year), disabled: used(`${year}-01-01`) }))}
            onChange={(year) => onDate(`${year}-${interval.backupDate.slice(5, 7)}-01`)}
          />
        ) : (
          <DatePicker
            aria-label={t('date')}
            style={{ width: '100%' }}
            allowClear={false}
            picker={type === 'day' ? 'date' : type}
            format={PICKER_FORMAT[type]}
            value={moment(interval.backupDate, 'YYYY-MM-DD')}
            disabledDate={(d: { format: (template: string) => string }) => used(d.format('YYYY-MM-DD'))}
            onChange={(d: Moment | null) => {
              if (d) onDate(d.format('YYYY-MM-DD'));
            }}
          />
        )}
      </Space>
    </Card>
  );
}
