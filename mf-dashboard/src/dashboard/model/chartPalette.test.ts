/**
 * Highcharts (13) puts its palette's colour variables in a :root style sheet inside every chart it draws, each one
 * restyling the whole page; the dashboard's charts take them once from Highcharts' palette sheet instead.
 */
import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import { buildChartOptions, type ChartInput } from './chartOptions';

const CHARTS: ChartInput[] = [
  { chartType: 'pie', data: [{ label: 'Uno', value: 3 }], seriesName: 'Visitors', colorMap: {} },
  { chartType: 'bar', data: [{ label: 'Uno', value: 3 }], seriesName: 'Visitors', colorMap: {} },
  {
    chartType: 'multibar',
    groupName: 'storeName',
    weekStartDay: 1,
    date: '2026-11-23',
    today: '2026-11-29',
    colorMap: {},
    data: [{ storeName: 'Uno', day: '2026-11-23', value: 4 }],
  },
];

afterEach(() => {
  Highcharts.charts.forEach((chart) => chart?.destroy());
  document.body.innerHTML = '';
});

it.each(CHARTS.map((input) => [input.chartType, input] as const))('draws a %s chart without a style sheet of its own', (_kind, input) => {
  const host = document.createElement('div');
  document.body.append(host);
  Highcharts.chart(host, buildChartOptions(input, 'Visitors'));
  expect(host.querySelector('svg')).not.toBeNull();
  expect(document.querySelectorAll('style.highcharts-palette')).toHaveLength(0);
  // Its colours still come from the variables the palette sheet defines.
  expect(host.innerHTML).toContain('var(--highcharts-');
});
