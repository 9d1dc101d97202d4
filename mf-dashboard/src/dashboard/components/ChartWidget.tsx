import type { ChartRow, WeeklyGroupName } from '@portal/contract';
import { Card, Empty, Spin } from 'antd';
import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
// The colour variables of Highcharts' default palette, once for every chart (their options leave them out).
import 'highcharts/css/highcharts-palette.css';
import HighchartsReact from 'highcharts-react-official';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@portal/i18n';
import { localizeChart, useDrawTurn } from '@portal/ui';
import { DASHBOARD_NS } from '../i18n';
import { barChartHeight, buildChartOptions, CHART_HEIGHT, legendItems, type ChartInput, type ColorMap, type LegendItem } from '../model/chartOptions';
import type { WeeklyRow } from '../model/sources';
import type { ChartType } from '../model/types';
import { useSeen } from '../hooks/useSeen';
import { useWidth } from '../hooks/useWidth';
import { today as todayDate } from '../hooks/useWeekPaging';
import { addAccessibilityLater, fillLater, withoutAccessibility, withoutPoints } from './chartAccessibility';
import { ChartLegend } from './ChartLegend';
import './ChartWidget.css';

export interface ChartWidgetProps {
  title: string;
  chartType: ChartType;
  /** null while loading: the widget shows a spinner. */
  data: ChartRow[] | WeeklyRow[] | null;
  failed?: boolean;
  /** Weekly charts: the row field that groups the series (storeName or origin). */
  groupName?: WeeklyGroupName;
  weekStartDay?: number;
  colorMap: ColorMap;
  /** Weekly charts: a day of the shown week. */
  date?: string;
  /** Weekly charts: today (YYYY-MM-DD); later days are left empty. */
  today?: string;
  hideXAxis?: boolean;
  labelFormatter?: (label: string) => string;
  /** Previous/next paging (weekly charts), rendered in the card's header. */
  paging?: ReactNode;
  /** Bar charts: the rows expected (one per selected library), so the card has its drawn height while it loads. */
  expectedRows?: number;
}

type InputProps = Omit<ChartWidgetProps, 'failed' | 'paging' | 'data'> & { width: number; hidden: readonly string[] };

function toInput(props: InputProps, data: ChartRow[] | WeeklyRow[]): ChartInput {
  const { chartType, colorMap, hideXAxis, labelFormatter, width, hidden } = props;
  if (chartType === 'line' || chartType === 'multibar') {
    return {
      chartType,
      data: data as WeeklyRow[],
      groupName: props.groupName ?? 'storeName',
      weekStartDay: props.weekStartDay ?? 1,
      date: props.date ?? '',
      today: props.today ?? todayDate(),
      colorMap,
      hideXAxis,
      labelFormatter,
      hidden,
    };
  }
  return { chartType, data: data as ChartRow[], seriesName: props.title, colorMap, hideXAxis, labelFormatter, width, hidden };
}

/** A chart widget (§2) drawn with Highcharts; about 151.5 px high (§9). Memoised like ValueWidget. */
export const ChartWidget = memo(function ChartWidget(props: ChartWidgetProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { title, chartType, data, failed, paging, groupName, weekStartDay, colorMap, date, today, hideXAxis, labelFormatter, expectedRows } = props;
  // What the drawn chart will take: a card growing when its data arrive would push everything under it down.
  const height = chartType === 'bar' && expectedRows ? barChartHeight(expectedRows) : CHART_HEIGHT;
  // The first chart this widget draws comes without its accessibility layer, added in a task of its own right
  // after (chartAccessibility.ts); later ones (Refresh, another week) have it from the start.
  const accessible = useRef(false);
  // Drawn when near the screen: the charts below the fold cost the first view nothing.
  const area = useRef<HTMLDivElement>(null);
  const seen = useSeen(area);
  // The bar chart's names take what its width leaves the plot (barNamesWidth), so it follows the card's width.
  const width = useWidth(area, chartType === 'bar');
  const language = useLanguage();
  // Labels turned off in the legend.
  const [hidden, setHidden] = useState<readonly string[]>([]);
  const toggle = useCallback((label: string) => setHidden((now) => (now.includes(label) ? now.filter((h) => h !== label) : [...now, label])), []);
  const input = useMemo(
    () => data && toInput({ title, chartType, groupName, weekStartDay, colorMap, date, today, hideXAxis, labelFormatter, width, hidden }, data),
    [title, chartType, data, groupName, weekStartDay, colorMap, date, today, hideXAxis, labelFormatter, width, hidden],
  );
  const full = useMemo(() => input && localizeChart(buildChartOptions(input, title), language), [input, title, language]);
  // The legend of the last data stays while the next load (Refresh, another week) spins: the card keeps its height.
  const answered = useMemo(() => (input ? legendItems(input) : null), [input]);
  const [legend, setLegend] = useState<LegendItem[]>([]);
  if (answered && answered !== legend) setLegend(answered);
  // Where the browser can tell what is on screen (not in jsdom, like useDrawTurn), the first draw is split too: the
  // chart's frame in its turn, its points a task later (fillLater), from the options current by then.
  const split = typeof IntersectionObserver !== 'undefined';
  const latest = useRef(full);
  useLayoutEffect(() => {
    latest.current = full;
  }, [full]);
  // Rebuilt only when an input changes, so Highcharts does not redraw on every render.
  const options = useMemo(() => {
    if (!full || accessible.current) return full;
    return split ? withoutPoints(withoutAccessibility(full)) : withoutAccessibility(full);
  }, [full, split]);
  const drawn = useCallback(
    (chart: Highcharts.Chart) => {
      if (accessible.current || !full) return;
      if (split) fillLater(chart, () => latest.current);
      addAccessibilityLater(chart, full.accessibility, title, () => {
        accessible.current = true;
      });
    },
    [full, title, split],
  );
  // Several charts seen with their data in one commit are drawn one per task, not all in that commit. In a browser
  // the bar chart waits for its width (its names' room), so it is not drawn twice.
  const turn = useDrawTurn(seen && !failed && !!options && !!data && data.length > 0 && (chartType !== 'bar' || width > 0 || !split));
  let body: ReactNode;
  if (failed) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('unavailable')} />;
  else if (!options || !data) body = <Spin size="small" />;
  else if (data.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />;
  else if (!turn) body = <div style={{ height: options.chart?.height ?? CHART_HEIGHT }} />;
  else body = <HighchartsReact highcharts={Highcharts} options={options} callback={drawn} />;
  return (
    <Card
      className="dashboard-chart"
      size="small"
      title={title}
      extra={paging}
      role="group"
      aria-label={title}
      aria-busy={data === null && !failed}
      styles={{ body: { minHeight: height + 8, padding: 4 } }}
    >
      <div ref={area}>{body}</div>
      {!failed && (answered ?? legend).length > 0 && <ChartLegend items={answered ?? legend} hidden={hidden} onToggle={toggle} />}
    </Card>
  );
});
