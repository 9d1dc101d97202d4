/** /counters (data-areas §2 "Counters statistics"): compare visitor counts of up to 30 intervals on one chart. */
import { useMemo, useRef, useState } from 'react';
import moment from 'moment';
import { Empty, Flex, Spin } from 'antd';
import { exportRecords } from '@portal/api';
import { useLanguage, weekStartDay } from '@portal/i18n';
import { selectSelectedStoreId, selectStores, useAppSelector } from '@portal/session';
import { GettingStarted, lazyDialog, PageFrame, useDrawTurn, type PageProps } from '@portal/ui';
import { CounterChart, type CounterChartHandle } from './components/CounterChart';
import { CountersHeader } from './components/CountersHeader';
import { IntervalCard } from './components/IntervalCard';
import { IntervalControls } from './components/IntervalControls';
import { Summary } from './components/Summary';
import { recordsBody, useCounters } from './hooks/useCounters';
import { useRegionTree } from './hooks/useRegionTree';
import { useCountersTranslation } from './i18n';
import { canAddInterval, type IntervalsState } from './model/intervals';
import { CHART_HEIGHT, colorOf, tooltipDate } from './model/chartOptions';
import { initialRegion } from './model/regions';
import { statisticsOf } from './model/statistics';

// The export dialog (its form, with antd's tables-forms components) is fetched when first opened.
const ExportModal = lazyDialog(
  () => import(/* webpackChunkName: "export-modal" */ './components/ExportModal'),
  'ExportModal',
  (props) => props.onClose(),
);

export function CountersPage({ title }: PageProps) {
  const tree = useRegionTree();
  const selectedStoreId = useAppSelector(selectSelectedStoreId);
  const region = useMemo(() => (tree ? initialRegion(tree, selectedStoreId) : null), [tree, selectedStoreId]);
  const noLibraries = useAppSelector(selectStores).length === 0;
  const { t } = useCountersTranslation();
  if (!tree)
    return (
      <PageFrame title={title}>
        <Spin />
      </PageFrame>
    );
  // An install without libraries has no region: what to do first instead.
  if (!region) return <PageFrame title={title}>{noLibraries ? <GettingStarted /> : <Empty description={t('noRegions')} />}</PageFrame>;
  return <Counters title={title} tree={tree} region={region} />;
}

/** An interval's name in the chart and the summary: its region and its period. */
function intervalLabel(state: IntervalsState, index: number): string {
  const interval = state.intervals[index];
  return `${interval.region.label} ${tooltipDate(state.type === 'day' ? 'month' : state.type, state.type === 'year' ? interval.backupDate.slice(0, 7) : interval.startDate.slice(0, 10))}`;
}

function Counters({
  title,
  tree,
  region,
}: {
  title: string;
  tree: NonNullable<ReturnType<typeof useRegionTree>>;
  region: NonNullable<ReturnType<typeof initialRegion>>;
}) {
  const { t } = useCountersTranslation();
  const today = useMemo(() => moment().format('YYYY-MM-DD'), []);
  const weekStart = weekStartDay(useLanguage());
  const counters = useCounters(region, today, weekStart);
  const { state, actions, data, zoom } = counters;
  const chart = useRef<CounterChartHandle>(null);
  const drawTurn = useDrawTurn(!!data);
  const [exporting, setExporting] = useState(false);

  const shownIntervals = useMemo(
    () =>
      state.intervals
        .map((interval, index) => ({ interval, color: colorOf(index), label: intervalLabel(state, index), records: data?.get(interval.key) }))
        .filter((i) => i.interval.enabled),
    [state, data],
  );
  const chartInput = useMemo(
    () => ({
      type: state.type,
      chartType: counters.chartType,
      shown: counters.shown,
      zoomEnabled: counters.zoomEnabled,
      zoom,
      statisticLabel: (s: string) => t(`statistics.${s}`),
      onZoom: actions.setZoom,
      onLegendClick: counters.clickLegend,
      intervals: shownIntervals.map((i) => ({ key: i.interval.key, label: i.label, color: i.color, rows: i.records?.data ?? [] })),
    }),
    [state.type, counters.chartType, counters.shown, counters.zoomEnabled, zoom, t, actions, counters.clickLegend, shownIntervals],
  );

  const exportExcel = ({ fileName, exportMode }: { fileName: string; exportMode: 'complete' | 'zoom' }) =>
    exportRecords({
      ...recordsBody(state, counters.range, counters.times),
      fileName,
      intervalType: state.type,
      exportMode,
      zoom: exportMode === 'zoom' && zoom ? zoom : undefined,
      titles: Object.fromEntries([['date', t('date')], ...statisticsOf(state.type).map((s) => [s, t(`statistics.${s}`)])]),
      // The region only: the server ends each sheet name with the interval's period, which a cut never removes.
      sheetNames: state.intervals.map((interval) => interval.region.label),
    });

  return (
    <PageFrame
      title={title}
      extra={
        <CountersHeader
          canAdd={canAddInterval(state)}
          onAdd={actions.add}
          onMove={actions.move}
          zoomEnabled={counters.zoomEnabled}
          zoomed={zoom !== null}
          onZoomEnabled={actions.setZoomEnabled}
          onResetZoom={actions.resetZoom}
          onExport={() => {
            setExporting(true);
          }}
          onSaveImage={() => {
            void chart.current?.saveImage(title);
          }}
          chartType={counters.chartType}
          onChartType={actions.setChartType}
          disabled={state.intervals.length === 0}
        />
      }
    >
      <Flex vertical gap={12}>
        <IntervalControls
          type={state.type}
          range={counters.range}
          times={counters.times}
          onType={actions.setType}
          onRange={actions.setRange}
          onTimes={actions.setTimes}
        />
        <Flex gap={8} wrap>
          {state.intervals.map((interval, index) => (
            <IntervalCard
              key={interval.key}
              state={state}
              interval={interval}
              color={colorOf(index)}
              tree={tree}
              today={today}
              onRegion={(r) => actions.setRegion(interval.key, r)}
              onDate={(day) => actions.setDate(interval.key, day)}
              onToggle={() => actions.toggle(interval.key)}
              onRemove={() => actions.remove(interval.key)}
            />
          ))}
        </Flex>
        <Spin spinning={counters.loading} delay={300}>
          <div data-testid="counters-chart">
            {/* Drawn once the first counts arrive (an empty chart first would be drawn twice), its place kept, in a
                task after the commit that shows them (the cards and the summary), not in that one long task. */}
            {data && drawTurn ? <CounterChart ref={chart} input={chartInput} /> : <div style={{ height: CHART_HEIGHT }} />}
          </div>
        </Spin>
        <Summary intervals={shownIntervals} zoom={zoom} />
      </Flex>
      <ExportModal open={exporting} zoomed={zoom !== null} onExport={exportExcel} onClose={() => setExporting(false)} />
    </PageFrame>
  );
}
