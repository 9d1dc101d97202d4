/** Highcharts options of the counters chart (pure): one series per enabled interval and statistic, intervals overlaid by position. */
import moment from 'moment';
import type { IntervalType, RecordRow } from '@portal/contract';
import type { Options, SeriesOptionsType } from 'highcharts';
import { statisticsOf, statisticValue, type Statistic, type Zoom } from './statistics';

export const CHART_TYPES = ['lines', 'bars', 'stack'] as const;
export type CounterChartType = (typeof CHART_TYPES)[number];
export const DEFAULT_CHART_TYPE: CounterChartType = 'lines';

/** The fixed palette: interval n takes colour n. */
export const PALETTE = [
  '#1677ff',
  '#fa8c16',
  '#52c41a',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#faad14',
  '#f5222d',
  '#2f54eb',
  '#a0d911',
  '#8c8c8c',
  '#9254de',
  '#36cfc9',
  '#ff7a45',
  '#73d13d',
  '#597ef7',
];
export const colorOf = (index: number) => PALETTE[index % PALETTE.length];

const DASHES = ['Solid', 'ShortDash', 'ShortDot', 'DashDot', 'LongDash'] as const;

/** Axis labels and tooltip dates per interval type (access-shell-dashboard §3: each type has its own). */
export function axisLabel(type: IntervalType, date: string): string {
  if (type === 'day') return date.slice(11, 16);
  if (type === 'week') return moment(date, 'YYYY-MM-DD').format('ddd');
  if (type === 'month') return String(Number(date.slice(8, 10)));
  return moment(`${date}-01`, 'YYYY-MM-DD').format('MMM');
}

export function tooltipDate(type: IntervalType, date: string): string {
  if (type === 'day') return moment(date, 'YYYY-MM-DD HH:mm:ss').format('L HH:mm');
  if (type === 'week') return moment(date, 'YYYY-MM-DD').format('ddd L');
  if (type === 'month') return moment(date, 'YYYY-MM-DD').format('L');
  return moment(`${date}-01`, 'YYYY-MM-DD').format('MMMM YYYY');
}

export interface ChartInterval {
  key: number;
  label: string;
  color: string;
  rows: RecordRow[];
}

export interface CounterChartInput {
  type: IntervalType;
  chartType: CounterChartType;
  intervals: ChartInterval[];
  shown: readonly Statistic[];
  statisticLabel: (statistic: Statistic) => string;
  zoomEnabled: boolean;
  zoom: Zoom;
  onZoom: (zoom: Zoom) => void;
  onLegendClick: (statistic: Statistic) => void;
}

/** 'interval, interval: statistic, statistic' — the counters chart's accessible description. */
export function chartDescription({ intervals, shown, statisticLabel }: CounterChartInput): string {
  return `${intervals.map((interval) => interval.label).join(', ')}: ${shown.map(statisticLabel).join(', ')}`;
}

/** The chart's height, px; the page keeps the place while the first counts load. */
export const CHART_HEIGHT = 420;

export function counterChartOptions(input: CounterChartInput): Options {
  const { type, chartType, intervals, shown } = input;
  const longest = intervals.reduce<RecordRow[]>((a, i) => (i.rows.length > a.length ? i.rows : a), []);
  // The legend lists each statistic once (the first interval's series): a click picks what every interval shows.
  const series: SeriesOptionsType[] = intervals.flatMap((interval, index) =>
    statisticsOf(type).map((statistic, n) => ({
      type: chartType === 'lines' ? ('line' as const) : ('column' as const),
      id: `${interval.key}:${statistic}`,
      name: `${interval.label} · ${input.statisticLabel(statistic)}`,
      color: interval.color,
      dashStyle: DASHES[n % DASHES.length],
      visible: shown.includes(statistic),
      showInLegend: index === 0,
      custom: { statistic },
      data: interval.rows.map((row) => ({ y: statisticValue(row, statistic), custom: { date: tooltipDate(type, row.date) } })),
    })),
  );
  return {
    chart: {
      height: CHART_HEIGHT,
      zooming: { type: input.zoomEnabled ? 'x' : undefined, resetButton: { theme: { style: { display: 'none' } } } },
      events: {
        selection(event) {
          const axis = event.xAxis?.[0];
          input.onZoom(axis ? [Math.max(0, Math.ceil(axis.min)), Math.floor(axis.max)] : null);
          return false;
        },
      },
    },
    title: { text: undefined },
    credits: { enabled: false },
    // Screen readers announce the chart by what it shows: the intervals and the statistics drawn.
    accessibility: { enabled: true, description: chartDescription(input) },
    exporting: { enabled: false, fallbackToExportServer: false },
    xAxis: {
      categories: longest.map((row) => axisLabel(type, row.date)),
      min: input.zoom ? input.zoom[0] : undefined,
      max: input.zoom ? input.zoom[1] : undefined,
    },
    // Counts: whole numbers from 0; a day with no counts keeps 0 at the bottom (softMax) instead of mid-height.
    yAxis: { title: { text: undefined }, min: 0, softMax: 1, allowDecimals: false },
    legend: {
      labelFormatter() {
        const statistic = (this.options.custom as { statistic?: Statistic } | undefined)?.statistic;
        return statistic ? input.statisticLabel(statistic) : this.name;
      },
    },
    tooltip: { shared: true, pointFormat: '<span style="color:{series.color}">●</span> {series.name} ({point.custom.date}): <b>{point.y}</b><br/>' },
    plotOptions: {
      column: { stacking: chartType === 'stack' ? 'normal' : undefined },
      series: {
        animation: false,
        events: {
          legendItemClick(event) {
            const statistic = (this.options.custom as { statistic?: Statistic } | undefined)?.statistic;
            if (statistic) input.onLegendClick(statistic);
            event.preventDefault();
          },
        },
      },
    },
    series,
  };
}

/**
 * What the saved image adds to the chart on screen, which has neither: a title, and a legend naming each drawn
 * series by interval and statistic (on screen the interval cards and colours say which line is which; an
 * image stands alone). Given to Highcharts' export as its chart options; series are matched by id.
 */
export function imageChartOptions(input: CounterChartInput, title: string): Options {
  return {
    title: { text: title },
    legend: {
      enabled: true,
      labelFormatter() {
        return this.name;
      },
    },
    series: input.intervals.flatMap((interval) =>
      statisticsOf(input.type).map((statistic) => ({
        type: input.chartType === 'lines' ? ('line' as const) : ('column' as const),
        id: `${interval.key}:${statistic}`,
        showInLegend: input.shown.includes(statistic),
      })),
    ),
  };
}
