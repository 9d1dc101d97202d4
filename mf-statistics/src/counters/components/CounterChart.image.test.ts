/**
 * The chart on real Highcharts in jsdom: its value axis, and the saved image: the chart as drawn on screen (no
 * title, the legend listing statistics only), then the SVG its export makes with imageChartOptions, as
 * CounterChart.saveImage does.
 */
import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import 'highcharts/modules/exporting';
import { counterChartOptions, imageChartOptions, type CounterChartInput } from '../model/chartOptions';

const rows = [
  { date: '2024-03-31 10:00:00', countIn: 5, countOut: 1, inside: 4 },
  { date: '2024-03-31 10:30:00', countIn: 2, countOut: 3, inside: 3 },
];
const LABELS: Record<string, string> = { countIn: 'In', countOut: 'Out', inside: 'Inside' };
const input: CounterChartInput = {
  type: 'day',
  chartType: 'lines',
  shown: ['countIn'],
  statisticLabel: (s) => LABELS[s],
  zoomEnabled: false,
  zoom: null,
  onZoom: () => undefined,
  onLegendClick: () => undefined,
  intervals: [
    { key: 1, label: 'Central · Entrada principal 31/03/2024', color: '#1677ff', rows },
    { key: 2, label: 'Rahola · Entrada principal 31/03/2024', color: '#fa8c16', rows },
  ],
};

/** The exporting module adds getSVG at run time; the chart type does not declare it. */
type ExportingChart = Highcharts.Chart & { getSVG(chartOptions?: object): string };

const texts = (svg: string, selector: string) => {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  return [...doc.querySelectorAll(selector)].map((node) => node.textContent).filter(Boolean);
};

afterEach(() => {
  Highcharts.charts.forEach((chart) => chart?.destroy());
  document.body.innerHTML = '';
});

it('the saved image has the title and a legend naming each interval and its statistic', () => {
  const host = document.createElement('div');
  host.style.width = '800px';
  document.body.append(host);
  const chart = Highcharts.chart(host, counterChartOptions(input)) as ExportingChart;
  // On screen: no title, the legend lists statistics (a click picks what every interval shows).
  expect(texts(chart.getSVG(), '.highcharts-title')).toEqual([]);
  expect(texts(chart.getSVG(), '.highcharts-legend-item text')).toEqual(['In', 'Out', 'Inside']);

  const svg = chart.getSVG(imageChartOptions(input, 'Counters'));
  expect(texts(svg, '.highcharts-title')).toEqual(['Counters']);
  expect(texts(svg, '.highcharts-legend-item text')).toEqual(['Central · Entrada principal 31/03/2024 · In', 'Rahola · Entrada principal 31/03/2024 · In']);
});

it('a day without counts keeps 0 at the bottom of the value axis (it reaches 1), in whole numbers', () => {
  const host = document.createElement('div');
  host.style.width = '800px';
  document.body.append(host);
  const zeros = rows.map((row) => ({ ...row, countIn: 0, countOut: 0, inside: 0 }));
  const chart = Highcharts.chart(host, counterChartOptions({ ...input, intervals: [{ ...input.intervals[0], rows: zeros }] }));
  const axis = chart.yAxis[0];
  // jsdom lays nothing out: the axis's range says where 0 goes (its minimum, the bottom of the plot).
  expect([axis.min, axis.max]).toEqual([0, 1]);
  expect(axis.options.allowDecimals).toBe(false);
});
