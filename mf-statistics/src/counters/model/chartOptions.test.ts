import type { Options, SeriesLineOptions } from 'highcharts';
import { axisLabel, counterChartOptions, type CounterChartInput } from './chartOptions';

const rows = [
  { date: '2024-03-31 10:00:00', countIn: 5, countOut: 1, inside: 4 },
  { date: '2024-03-31 10:30:00', countIn: 2, countOut: 3, inside: 3 },
];
const input = (over: Partial<CounterChartInput> = {}): CounterChartInput => ({
  type: 'day',
  chartType: 'lines',
  shown: ['countIn'],
  statisticLabel: (s) => s,
  zoomEnabled: false,
  zoom: null,
  onZoom: () => undefined,
  onLegendClick: () => undefined,
  intervals: [
    { key: 1, label: 'A', color: '#111', rows },
    { key: 2, label: 'B', color: '#222', rows: rows.slice(0, 1) },
  ],
  ...over,
});
const series = (o: Options) => o.series as SeriesLineOptions[];

describe('counters chart options', () => {
  it('a series per interval and statistic, only the shown ones visible, intervals overlaid by position', () => {
    const o = counterChartOptions(input());
    expect(series(o).map((s) => [s.name, s.visible])).toEqual([
      ['A · countIn', true],
      ['A · countOut', false],
      ['A · inside', false],
      ['B · countIn', true],
      ['B · countOut', false],
      ['B · inside', false],
    ]);
    expect((o.xAxis as { categories: string[] }).categories).toEqual(['10:00', '10:30']);
    expect(series(o).map((s) => s.showInLegend)).toEqual([true, true, true, false, false, false]);
    expect(series(o)[0].data?.map((p) => (p as { y: number }).y)).toEqual([5, 2]);
  });

  it('chart types: lines, bars, stacked bars', () => {
    expect(series(counterChartOptions(input({ chartType: 'bars' })))[0].type).toBe('column');
    expect(counterChartOptions(input({ chartType: 'stack' })).plotOptions?.column?.stacking).toBe('normal');
    expect(counterChartOptions(input()).plotOptions?.column?.stacking).toBeUndefined();
  });

  it('zoom: x selection only when zoom is on; the zoom range sets the axis', () => {
    expect(counterChartOptions(input()).chart?.zooming?.type).toBeUndefined();
    expect(counterChartOptions(input({ zoomEnabled: true })).chart?.zooming?.type).toBe('x');
    expect(counterChartOptions(input({ zoom: [1, 1] })).xAxis).toMatchObject({ min: 1, max: 1 });
  });

  it('axis labels per interval type', () => {
    expect(axisLabel('day', '2024-03-31 10:30:00')).toBe('10:30');
    expect(axisLabel('month', '2024-03-09')).toBe('9');
  });
});

describe('counters chart accessibility', () => {
  it('turns on Highcharts accessibility, described by the intervals and the statistics shown', () => {
    const o = counterChartOptions(input({ shown: ['countIn', 'inside'], statisticLabel: (s) => `«${s}»` }));
    expect(o.accessibility).toEqual({ enabled: true, description: 'A, B: «countIn», «inside»' });
  });
});
