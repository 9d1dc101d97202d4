import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import type { SeriesBarOptions, SeriesColumnOptions, SeriesLineOptions, SeriesPieOptions, XAxisOptions } from 'highcharts';
import { colorForLabel, colorMapFor, PALETTE } from '@portal/ui';
import { barChartHeight, buildChartOptions, CHART_HEIGHT, chartLabels, legendItems } from './chartOptions';

const categories = (options: ReturnType<typeof buildChartOptions>) => (options.xAxis as XAxisOptions).categories;

describe('weekly charts', () => {
  // 2024-03-06 is a Wednesday.
  const rows = [
    { day: '2024-03-04', value: 5, storeName: 'Norte' },
    { day: '2024-03-06', value: 2, storeName: 'Norte' },
    { day: '2024-03-06', value: 7, storeName: 'Sur' },
    { day: '2024-03-10', value: 1, storeName: 'Sur' },
  ];

  it('lays the days out from Monday when the locale starts weeks on Monday, zero-filling missing days', () => {
    const options = buildChartOptions({
      chartType: 'line',
      data: rows,
      groupName: 'storeName',
      weekStartDay: 1,
      date: '2024-03-06',
      today: '2024-03-12',
      colorMap: {},
    });
    expect(categories(options)).toEqual(['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07', '2024-03-08', '2024-03-09', '2024-03-10']);
    const [norte, sur] = options.series as SeriesLineOptions[];
    expect(norte).toMatchObject({ type: 'line', name: 'Norte', data: [5, 0, 2, 0, 0, 0, 0] });
    expect(sur).toMatchObject({ name: 'Sur', data: [0, 0, 7, 0, 0, 0, 1] });
  });

  it('keeps 0 at the bottom of a week without figures (real Highcharts: the value axis runs 0 to 1)', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const zeros = rows.map((row) => ({ ...row, value: 0 }));
    const options = buildChartOptions({
      chartType: 'line',
      data: zeros,
      groupName: 'storeName',
      weekStartDay: 1,
      date: '2024-03-06',
      today: '2024-03-12',
      colorMap: {},
    });
    const chart = Highcharts.chart(host, options);
    expect([chart.yAxis[0].min, chart.yAxis[0].max]).toEqual([0, 1]);
    chart.destroy();
    host.remove();
  });

  it('lays the days out from Sunday when the locale starts weeks on Sunday', () => {
    const options = buildChartOptions({
      chartType: 'line',
      data: rows,
      groupName: 'storeName',
      weekStartDay: 0,
      date: '2024-03-06',
      today: '2024-03-12',
      colorMap: {},
    });
    expect(categories(options)).toEqual(['2024-03-03', '2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07', '2024-03-08', '2024-03-09']);
    // 2024-03-10 belongs to the next Sunday week: not shown.
    expect((options.series as SeriesLineOptions[])[1].data).toEqual([0, 0, 0, 7, 0, 0, 0]);
  });

  it('leaves the days after today empty (null), not 0: the current week has no figures for them yet', () => {
    const line = buildChartOptions({
      chartType: 'line',
      data: rows,
      groupName: 'storeName',
      weekStartDay: 1,
      date: '2024-03-06',
      today: '2024-03-06',
      colorMap: {},
    });
    const [norte, sur] = line.series as SeriesLineOptions[];
    expect(norte.data).toEqual([5, 0, 2, null, null, null, null]);
    expect(sur.data).toEqual([0, 0, 7, null, null, null, null]);
    const bars = buildChartOptions({
      chartType: 'multibar',
      data: rows,
      groupName: 'storeName',
      weekStartDay: 1,
      date: '2024-03-06',
      today: '2024-03-04',
      colorMap: {},
    });
    expect((bars.series as SeriesColumnOptions[])[0].data).toEqual([5, null, null, null, null, null, null]);
    // A past week is complete.
    const past = buildChartOptions({
      chartType: 'line',
      data: rows,
      groupName: 'storeName',
      weekStartDay: 1,
      date: '2024-02-28',
      today: '2024-03-06',
      colorMap: {},
    });
    expect((past.series as SeriesLineOptions[])[0].data).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('stacks a multibar by origin with each origin in its palette colour', () => {
    const byOrigin = [
      { day: '2024-03-05', value: 3, origin: 'Kiosk 1' },
      { day: '2024-03-05', value: 4, origin: 'App' },
    ];
    const input = {
      chartType: 'multibar' as const,
      data: byOrigin,
      groupName: 'origin' as const,
      weekStartDay: 1,
      date: '2024-03-05',
      today: '2024-03-05',
      colorMap: colorMapFor(['Kiosk 1', 'App']),
    };
    const options = buildChartOptions(input);
    const series = options.series as SeriesColumnOptions[];
    expect(series.map((s) => [s.type, s.name, s.color])).toEqual([
      ['column', 'Kiosk 1', colorForLabel('Kiosk 1')],
      ['column', 'App', colorForLabel('App')],
    ]);
    expect(PALETTE).toContain(series[0].color);
    expect(series[0].color).not.toBe(series[1].color);
    expect(options.plotOptions?.column?.stacking).toBe('normal');
    expect(chartLabels(input)).toEqual(['Kiosk 1', 'App']);
  });

  it('formats the day labels and can hide the x axis', () => {
    const options = buildChartOptions({
      chartType: 'multibar',
      data: [],
      groupName: 'origin',
      weekStartDay: 1,
      date: '2024-03-06',
      today: '2024-03-06',
      colorMap: {},
      hideXAxis: true,
      labelFormatter: (day) => day.slice(8),
    });
    expect(categories(options)).toEqual(['04', '05', '06', '07', '08', '09', '10']);
    expect((options.xAxis as XAxisOptions).visible).toBe(false);
  });
});

describe('today charts', () => {
  const rows = [
    { label: 'Checkout OK', value: 9 },
    { label: 'Checkout blocked', value: 1 },
  ];

  it('gives each pie slice the palette colour of its label, the same one any other chart uses', () => {
    const options = buildChartOptions({ chartType: 'pie', data: rows, seriesName: 'Today', colorMap: colorMapFor(['Checkout OK', 'Checkout blocked']) });
    const [pie] = options.series as SeriesPieOptions[];
    expect(pie.data).toEqual([
      { name: 'Checkout OK', y: 9, color: colorForLabel('Checkout OK'), visible: true },
      { name: 'Checkout blocked', y: 1, color: colorForLabel('Checkout blocked'), visible: true },
    ]);
  });

  it('leaves the slices turned off in the legend out of the pie', () => {
    const options = buildChartOptions({ chartType: 'pie', data: rows, seriesName: 'Today', colorMap: {}, hidden: ['Checkout OK'] });
    expect((options.series as SeriesPieOptions[])[0].data).toMatchObject([
      { name: 'Checkout OK', visible: false },
      { name: 'Checkout blocked', visible: true },
    ]);
  });

  it('draws the per-library chart as horizontal bars, whole names on the vertical axis, at the dashboard chart height', () => {
    const options = buildChartOptions({ chartType: 'bar', data: [{ label: 'Norte', value: 12 }], seriesName: 'In', colorMap: {} });
    expect(options.chart?.height).toBe(CHART_HEIGHT);
    expect(CHART_HEIGHT).toBeCloseTo(151.5);
    expect(categories(options)).toEqual(['Norte']);
    const [bar] = options.series as SeriesBarOptions[];
    expect(bar.type).toBe('bar');
    expect(bar.data).toEqual([{ y: 12, color: undefined }]);
  });

  it('gives twelve libraries named "Biblioteca …" a row each, their names whole, one line each', () => {
    const names = [
      'Biblioteca Sant Antoni – Joan Oliver',
      'Biblioteca Carles Rahola',
      'Biblioteca Eugenio Trías',
      'Biblioteca Cardenal Cisneros',
      'Biblioteca Infanta Elena',
      'Biblioteca Cánovas del Castillo',
      'Biblioteca Pública Las Palmas',
      'Biblioteca Municipal de La Laguna',
      'Biblioteca Ánxel Casal',
      'Biblioteca Central Xavier Amorós',
      'Biblioteca del Nord',
      'Biblioteca Nova',
    ];
    const options = buildChartOptions({ chartType: 'bar', data: names.map((label, n) => ({ label, value: n })), seriesName: 'In', colorMap: {} });
    expect(categories(options)).toEqual(names);
    expect((options.series as SeriesBarOptions[])[0].type).toBe('bar');
    expect(options.chart?.height).toBe(barChartHeight(12));
    expect(barChartHeight(12)).toBeGreaterThanOrEqual(12 * 20);
    expect((options.xAxis as XAxisOptions).labels?.style).toMatchObject({ whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
  });
});

describe('legend', () => {
  const weekly = {
    chartType: 'line' as const,
    data: [
      { day: '2024-03-04', value: 5, storeName: 'Norte' },
      { day: '2024-03-05', value: 2, storeName: 'Sur' },
    ],
    groupName: 'storeName' as const,
    weekStartDay: 1,
    date: '2024-03-06',
    today: '2024-03-06',
    colorMap: colorMapFor(['Norte', 'Sur']),
    labelFormatter: (day: string) => day.slice(8),
  };

  it('is drawn in HTML (ChartLegend), not by Highcharts: one entry per group with its colour, none for the bars', () => {
    expect(buildChartOptions(weekly).legend).toEqual({ enabled: false });
    expect(legendItems(weekly)).toEqual([
      { label: 'Norte', name: 'Norte', color: colorForLabel('Norte') },
      { label: 'Sur', name: 'Sur', color: colorForLabel('Sur') },
    ]);
    const pie = {
      chartType: 'pie' as const,
      data: [{ label: 'ok', value: 1 }],
      seriesName: 'Today',
      colorMap: {},
      labelFormatter: (l: string) => l.toUpperCase(),
    };
    expect(legendItems(pie)).toEqual([{ label: 'ok', name: 'OK', color: undefined }]);
    expect(legendItems({ chartType: 'bar', data: [{ label: 'Norte', value: 12 }], seriesName: 'In', colorMap: {} })).toEqual([]);
  });

  it('leaves the groups turned off in the legend out of the chart', () => {
    const series = buildChartOptions({ ...weekly, hidden: ['Sur'] }).series as SeriesLineOptions[];
    expect(series.map((s) => [s.name, s.visible])).toEqual([
      ['Norte', true],
      ['Sur', false],
    ]);
  });
});

describe('chart accessibility', () => {
  it('turns on Highcharts accessibility with the widget title as the chart description', () => {
    const options = buildChartOptions({ chartType: 'bar', data: [{ label: 'Norte', value: 12 }], seriesName: 'In', colorMap: {} }, 'Total entradas hoy');
    expect(options.accessibility).toEqual({ enabled: true, description: 'Total entradas hoy' });
  });
});

describe('first draw', () => {
  it('draws every chart type at once, without animation', () => {
    const inputs = [
      { chartType: 'bar' as const, data: [{ label: 'Norte', value: 12 }], seriesName: 'In', colorMap: {} },
      { chartType: 'pie' as const, data: [{ label: 'Norte', value: 12 }], seriesName: 'In', colorMap: {} },
      ...(['line', 'multibar'] as const).map((chartType) => ({
        chartType,
        data: [{ day: '2030-05-06', value: 3, storeName: 'Uno' }],
        groupName: 'storeName' as const,
        weekStartDay: 1,
        date: '2030-05-06',
        today: '2030-05-06',
        colorMap: {},
      })),
    ];
    for (const input of inputs) {
      const options = buildChartOptions(input);
      expect(options.chart?.animation).toBe(false);
      expect(options.plotOptions?.series?.animation).toBe(false);
    }
    const weekly = buildChartOptions(inputs[3]);
    expect(weekly.plotOptions?.column?.stacking).toBe('normal'); // the weekly options keep their own plot options
  });
});
