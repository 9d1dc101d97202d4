/**
 * The accessibility layer added a task after the first draw, on real Highcharts in jsdom: the chart ends
 * as one drawn with the layer from the start, and it is not drawn again to get it. In a browser the first draw is
 * split once more: the chart's frame first, hidden, its points a task later.
 */
import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import { buildChartOptions, type ChartInput } from '../model/chartOptions';
import { addAccessibilityLater, chartsAwaitingAccessibility, fillLater, withoutAccessibility, withoutPoints } from './chartAccessibility';

const COLORS = { Uno: '#1677ff', Dos: '#52c41a' };
const CHARTS: Record<string, ChartInput> = {
  pie: {
    chartType: 'pie',
    data: [
      { label: 'Uno', value: 3 },
      { label: 'Dos', value: 5 },
    ],
    seriesName: 'Visitors',
    colorMap: COLORS,
  },
  bar: {
    chartType: 'bar',
    data: [
      { label: 'Uno', value: 3 },
      { label: 'Dos', value: 5 },
    ],
    seriesName: 'Visitors',
    colorMap: COLORS,
  },
  line: {
    chartType: 'line',
    groupName: 'storeName',
    weekStartDay: 1,
    date: '2026-11-23',
    today: '2026-11-29',
    colorMap: COLORS,
    data: [
      { storeName: 'Uno', day: '2026-11-23', value: 4 },
      { storeName: 'Dos', day: '2026-11-24', value: 7 },
    ],
  },
};

const waitForLayers = async () => {
  for (let i = 0; i < 100 && chartsAwaitingAccessibility() > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** What screen readers and keyboard users get from a chart: its host, the description region, the legend and points. */
function accessibilityOf(host: HTMLElement) {
  const attributes = (element: Element | null) =>
    element ? ['role', 'aria-label', 'aria-hidden', 'tabindex'].map((name) => `${name}=${element.getAttribute(name)}`).join(' ') : 'none';
  const chartIndex = host.getAttribute('data-highcharts-chart');
  return {
    host: attributes(host),
    svg: attributes(host.querySelector('svg')),
    region: (host.querySelector('[id^="highcharts-screen-reader-region-before"]')?.textContent ?? 'none').replace(new RegExp(`-${chartIndex}\\b`, 'g'), '-N'),
    regionRole: attributes(host.querySelector('[id^="highcharts-screen-reader-region-before"]')),
    proxies: [...host.querySelectorAll('button')].map((button) => `${button.getAttribute('aria-label')} ${button.getAttribute('aria-pressed')}`),
    points: [...host.querySelectorAll('.highcharts-point')].map(attributes),
    legend: [...host.querySelectorAll('.highcharts-legend-item')].map(attributes),
  };
}

function draw(options: Highcharts.Options): { host: HTMLElement; chart: Highcharts.Chart } {
  const host = document.createElement('div');
  host.style.width = '400px';
  document.body.append(host);
  return { host, chart: Highcharts.chart(host, options) };
}

afterEach(() => {
  Highcharts.charts.forEach((chart) => chart?.destroy());
  document.body.innerHTML = '';
});

describe.each(Object.keys(CHARTS))('a %s chart drawn without its accessibility layer', (kind) => {
  it('gets the layer a task later, named meanwhile by its title, ending as a chart drawn with it from the start', async () => {
    const full = buildChartOptions(CHARTS[kind], 'Visitors today');
    const expected = accessibilityOf(draw(full).host);
    expect(expected.region).toContain('Visitors today');

    const { host, chart } = draw(withoutAccessibility(full));
    const redraw = jest.spyOn(chart, 'redraw');
    let added = false;
    addAccessibilityLater(chart, full.accessibility, 'Visitors today', () => {
      added = true;
    });
    expect(host.getAttribute('role')).toBe('img');
    expect(host.getAttribute('aria-label')).toBe('Visitors today');
    expect(added).toBe(false);

    await waitForLayers();
    expect(added).toBe(true);
    expect(accessibilityOf(host)).toEqual(expected);
    // The layer is added to the chart as drawn (chart.update() redrew every axis, series and legend).
    expect(redraw).not.toHaveBeenCalled();
    // A later change of the options (another week, Refresh) keeps the layer.
    chart.update(full, true, true, false);
    expect(accessibilityOf(host)).toEqual(expected);
  });
});

describe.each(Object.keys(CHARTS))('a %s chart drawn without its points', (kind) => {
  it('is hidden until they come a task later, then ends as the chart drawn whole with its layer', async () => {
    const full = buildChartOptions(CHARTS[kind], 'Visitors today');
    const whole = draw(full);
    const expected = { accessibility: accessibilityOf(whole.host), values: whole.chart.series.map((series) => series.points.map((point) => point.y)) };
    expect(expected.values.flat().length).toBeGreaterThan(0);

    const { host, chart } = draw(withoutPoints(withoutAccessibility(full)));
    expect(chart.series.map((series) => series.points.length)).toEqual(expected.values.map(() => 0));
    fillLater(chart, () => full);
    addAccessibilityLater(chart, full.accessibility, 'Visitors today', () => undefined);
    expect(chart.container.style.visibility).toBe('hidden');

    await waitForLayers();
    expect(chart.container.style.visibility).toBe('');
    expect(chart.series.map((series) => series.points.map((point) => point.y))).toEqual(expected.values);
    expect(accessibilityOf(host)).toEqual(expected.accessibility);
  });
});

it('fills a chart with the options current when its turn comes', async () => {
  const first = buildChartOptions(CHARTS.bar, 'Visitors today');
  const { chart } = draw(withoutPoints(withoutAccessibility(first)));
  let latest = first;
  fillLater(chart, () => latest);
  latest = buildChartOptions({ ...CHARTS.bar, data: [{ label: 'Uno', value: 9 }] } as ChartInput, 'Visitors today');
  await waitForLayers();
  expect(chart.series[0].points.map((point) => point.y)).toEqual([9]);
});

it('skips a chart destroyed before its points come', async () => {
  const { chart } = draw(withoutPoints(withoutAccessibility(buildChartOptions(CHARTS.pie, 'Visitors today'))));
  fillLater(chart, () => buildChartOptions(CHARTS.pie, 'Visitors today'));
  chart.destroy();
  await waitForLayers();
  expect(chartsAwaitingAccessibility()).toBe(0);
});

it('skips a chart destroyed before its turn', async () => {
  const full = buildChartOptions(CHARTS.pie, 'Visitors today');
  const { chart } = draw(withoutAccessibility(full));
  const onAdded = jest.fn();
  addAccessibilityLater(chart, full.accessibility, 'Visitors today', onAdded);
  chart.destroy();
  await waitForLayers();
  expect(onAdded).not.toHaveBeenCalled();
});
