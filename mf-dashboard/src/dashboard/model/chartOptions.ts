/** Highcharts options for the dashboard's chart widgets, built from plain rows (pure, tested). */
import { weekDays, type ChartRow, type WeeklyGroupName } from '@portal/contract';
import type { Options, SeriesOptionsType } from 'highcharts';
import { groupOf, type WeeklyRow } from './sources';

/** §9: "Chart height is about 151.5 px". */
export const CHART_HEIGHT = 151.5;

/** Label → colour, from the fixed palette (the same label keeps its colour everywhere). */
export type ColorMap = Record<string, string>;

export interface TodayChartInput {
  chartType: 'bar' | 'pie';
  data: ChartRow[];
  seriesName: string;
  colorMap: ColorMap;
  hideXAxis?: boolean;
  labelFormatter?: (label: string) => string;
  /** The chart's width (px) when known: the bar chart's names leave its plot room (barNamesWidth). */
  width?: number;
  /** Labels the user turned off in the legend (ChartLegend): their slices are not drawn. */
  hidden?: readonly string[];
}

export interface WeeklyChartInput {
  chartType: 'line' | 'multibar';
  data: WeeklyRow[];
  groupName: WeeklyGroupName;
  weekStartDay: number;
  /** Any day of the shown week, YYYY-MM-DD. */
  date: string;
  /** Today, YYYY-MM-DD: days after it have no figure yet and are left empty (null), not drawn as 0. */
  today: string;
  colorMap: ColorMap;
  hideXAxis?: boolean;
  labelFormatter?: (day: string) => string;
  /** Groups the user turned off in the legend (ChartLegend): their series are not drawn. */
  hidden?: readonly string[];
}

export type ChartInput = TodayChartInput | WeeklyChartInput;

const isWeekly = (input: ChartInput): input is WeeklyChartInput => input.chartType === 'line' || input.chartType === 'multibar';

/** The distinct labels a chart shows (bar and pie labels, or weekly groups), in first-seen order. */
export function chartLabels(input: ChartInput): string[] {
  const labels = isWeekly(input) ? input.data.map((row) => groupOf(row, input.groupName)) : input.data.map((row) => row.label);
  return [...new Set(labels)];
}

/** A legend entry (ChartLegend): the label as the chart has it, its name as shown, and its colour. */
export interface LegendItem {
  label: string;
  name: string;
  color: string | undefined;
}

/**
 * The legend of a chart that has one (every chart but the per-library bars): drawn in HTML beside the chart
 * (ChartLegend), not by Highcharts, which built, measured and paged an SVG item per label inside the chart's height.
 */
export function legendItems(input: ChartInput): LegendItem[] {
  if (input.chartType === 'bar') return [];
  const format = isWeekly(input) ? undefined : input.labelFormatter;
  return chartLabels(input).map((label) => ({ label, name: format ? format(label) : label, color: input.colorMap[label] }));
}

/**
 * No animation: the charts are drawn at once when their data arrive, and the many frames of nine
 * charts growing in do not hold up the rest of the dashboard's first draw (or later redraws).
 */
const STILL = { chart: { animation: false }, series: { animation: false } } as const;

function base(hideXAxis: boolean | undefined): Options {
  return {
    chart: { height: CHART_HEIGHT, spacing: [8, 4, 4, 4], backgroundColor: 'transparent', ...STILL.chart },
    // Highcharts' colour variables come once from its palette sheet (ChartWidget imports it): injected by each
    // chart, they were a new :root style sheet per chart, each restyling the whole page.
    palette: { injectCSS: false },
    plotOptions: { series: STILL.series },
    title: { text: undefined },
    credits: { enabled: false },
    // The legend is ChartLegend's, in HTML under the chart (legendItems).
    legend: { enabled: false },
    // Whole numbers from 0; a week without figures keeps 0 at the bottom (softMax) instead of mid-height.
    yAxis: { title: { text: undefined }, allowDecimals: false, min: 0, softMax: 1 },
    xAxis: { visible: !hideXAxis },
  };
}

function todayOptions(input: TodayChartInput): Options {
  const options = base(input.hideXAxis);
  const format = input.labelFormatter;
  if (input.chartType === 'pie') {
    const pie: SeriesOptionsType = {
      type: 'pie',
      name: input.seriesName,
      data: input.data.map((row) => ({
        name: format ? format(row.label) : row.label,
        y: row.value,
        color: input.colorMap[row.label],
        visible: !input.hidden?.includes(row.label),
      })),
      dataLabels: { enabled: false },
    };
    return { ...options, series: [pie] };
  }
  // Horizontal bars: one row per library, its whole name on the vertical axis (library names often share a
  // first word, "Biblioteca …", which cut column labels to the same "Bibliot…") unless the chart is narrow
  // (barNamesWidth); the chart grows with the rows.
  const bar: SeriesOptionsType = {
    type: 'bar',
    name: input.seriesName,
    colorByPoint: true,
    data: input.data.map((row) => ({ y: row.value, color: input.colorMap[row.label] })),
    dataLabels: { enabled: true, style: { fontSize: '12px', fontWeight: 'normal', textOutline: 'none' } },
  };
  const categories = input.data.map((row) => (format ? format(row.label) : row.label));
  return {
    ...options,
    chart: { ...options.chart, height: barChartHeight(categories.length) },
    xAxis: {
      ...options.xAxis,
      categories,
      labels: {
        style: { fontSize: '12px', textOverflow: 'ellipsis', whiteSpace: 'nowrap', ...(input.width ? { width: barNamesWidth(input.width) } : {}) },
      },
    },
    plotOptions: { ...options.plotOptions, bar: { borderWidth: 0, pointPadding: 0.1, groupPadding: 0.05 } },
    series: [bar],
  };
}

/** Room the bar chart's plot keeps beside the names (bars and their figures), or 60 % of a narrower chart. */
const PLOT_ROOM = 160;

/**
 * How wide the bar chart's names may be in a chart `width` px wide: whole on a wide card, shortened with an
 * ellipsis on a narrow one (Highcharts puts the whole name in the label's title). Uncapped, a name wider than the
 * chart left the plot no width, and Highcharts drew its clip rectangle -1 px high (an error in the console).
 */
export const barNamesWidth = (width: number): number => Math.max(8, Math.round(Math.max(width * 0.4, width - PLOT_ROOM)));

/** Pixels per library row of the horizontal bar chart. */
export const BAR_ROW_HEIGHT = 22;
/** The per-library chart's height: the dashboard chart height, or more when its rows need it. */
export const barChartHeight = (rows: number): number => Math.max(CHART_HEIGHT, rows * BAR_ROW_HEIGHT + 30);

function weeklyOptions(input: WeeklyChartInput): Options {
  const options = base(input.hideXAxis);
  const days = weekDays(input.date, input.weekStartDay);
  const totals = new Map<string, number>();
  for (const row of input.data) {
    const key = `${groupOf(row, input.groupName)}\u0000${row.day}`;
    totals.set(key, (totals.get(key) ?? 0) + row.value);
  }
  const series: SeriesOptionsType[] = chartLabels(input).map((group) => ({
    type: input.chartType === 'line' ? 'line' : 'column',
    name: group,
    color: input.colorMap[group],
    visible: !input.hidden?.includes(group),
    data: days.map((day) => (day > input.today ? null : (totals.get(`${group}\u0000${day}`) ?? 0))),
  }));
  const format = input.labelFormatter;
  return {
    ...options,
    xAxis: { ...options.xAxis, categories: days.map((day) => (format ? format(day) : day)) },
    tooltip: { shared: true },
    plotOptions: { ...options.plotOptions, column: { stacking: 'normal', borderWidth: 0 }, line: { marker: { radius: 2 } } },
    series,
  };
}

/**
 * The chart's options; `description` (the widget's title) is what screen readers announce for the chart
 * (Highcharts' accessibility module, loaded by ChartWidget).
 */
export function buildChartOptions(input: ChartInput, description?: string): Options {
  const options = isWeekly(input) ? weeklyOptions(input) : todayOptions(input);
  return { ...options, accessibility: { enabled: true, description } };
}
