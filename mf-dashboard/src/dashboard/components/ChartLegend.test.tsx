/**
 * The charts' HTML legend (ChartLegend under ChartWidget): every group with its colour, each a toggle button that
 * takes its series out of the chart and puts it back.
 */
import { setLanguage } from '@portal/i18n';
import Highcharts from 'highcharts';
import { buildChartOptions, type ChartInput } from '../model/chartOptions';
import { colorForLabel, colorMapFor } from '@portal/ui';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ChartWidget } from './ChartWidget';

jest.mock('highcharts-react-official', () => jest.requireActual('../testing.chartStub'));

const ROWS = [
  { day: '2024-03-04', value: 5, storeName: 'Norte' },
  { day: '2024-03-05', value: 2, storeName: 'Sur' },
];

const series = () => screen.getAllByTestId('series').map((element) => element.textContent);

describe('chart legend', () => {
  beforeAll(async () => {
    await act(() => setLanguage('en-GB'));
  });

  it('lists every group of a weekly chart as a pressed toggle that hides and shows its series', () => {
    render(
      <ChartWidget
        title="Current Week"
        chartType="line"
        data={ROWS}
        groupName="storeName"
        weekStartDay={1}
        colorMap={colorMapFor(['Norte', 'Sur'])}
        date="2024-03-06"
        today="2024-03-06"
      />,
    );
    const legend = screen.getByRole('list', { name: 'Legend' });
    const buttons = within(legend).getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['Norte', 'true'],
      ['Sur', 'true'],
    ]);
    expect((buttons[1].querySelector('.dashboard-legend-swatch') as HTMLElement).style.borderColor).toBe(hexToRgb(colorForLabel('Sur')));
    expect(series()).toEqual(['Norte: [5,0,0,null,null,null,null]', 'Sur: [0,2,0,null,null,null,null]']);

    fireEvent.click(buttons[1]);
    expect(buttons[1].getAttribute('aria-pressed')).toBe('false');
    expect(series()).toEqual(['Norte: [5,0,0,null,null,null,null]', 'Sur (hidden): [0,2,0,null,null,null,null]']);

    fireEvent.click(buttons[1]);
    expect(buttons[1].getAttribute('aria-pressed')).toBe('true');
    expect(series()[1]).toBe('Sur: [0,2,0,null,null,null,null]');
  });

  it('keeps the last legend while the next week or a Refresh loads, and drops it without data', () => {
    const props = { title: 'Current Week', chartType: 'line' as const, groupName: 'storeName' as const, weekStartDay: 1, colorMap: {}, today: '2024-03-06' };
    const { rerender } = render(<ChartWidget {...props} data={ROWS} date="2024-03-06" />);
    const names = () => screen.queryAllByRole('button', { pressed: true }).map((button) => button.textContent);
    expect(names()).toEqual(['Norte', 'Sur']);
    rerender(<ChartWidget {...props} data={null} date="2024-02-28" />);
    expect(names()).toEqual(['Norte', 'Sur']);
    rerender(<ChartWidget {...props} data={[{ day: '2024-02-27', value: 1, storeName: 'Este' }]} date="2024-02-28" />);
    expect(names()).toEqual(['Este']);
    rerender(<ChartWidget {...props} data={[]} date="2024-02-21" />);
    expect(names()).toEqual([]);
  });

  it('has none on the per-library bars, nor while loading or without data', () => {
    const { rerender } = render(<ChartWidget title="Per library" chartType="bar" data={[{ label: 'Norte', value: 3 }]} colorMap={{}} />);
    expect(screen.getByTestId('chart')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
    rerender(<ChartWidget title="Today" chartType="pie" data={null} colorMap={{}} />);
    expect(screen.queryByRole('list')).toBeNull();
    rerender(<ChartWidget title="Today" chartType="pie" data={[]} colorMap={{}} />);
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe("what Highcharts draws of the legend's choice", () => {
  afterEach(() => {
    Highcharts.charts.forEach((chart) => chart?.destroy());
    document.body.innerHTML = '';
  });

  const PIE: ChartInput = {
    chartType: 'pie',
    data: [
      { label: 'Uno', value: 3 },
      { label: 'Dos', value: 5 },
    ],
    seriesName: 'Today',
    colorMap: {},
  };
  const LINE: ChartInput = { chartType: 'line', data: ROWS, groupName: 'storeName', weekStartDay: 1, date: '2024-03-06', today: '2024-03-06', colorMap: {} };

  it.each([
    ['pie slice', PIE, (chart: Highcharts.Chart) => chart.series[0].points.map((point) => point.visible)],
    ['weekly series', LINE, (chart: Highcharts.Chart) => chart.series.map((one) => one.visible)],
  ])('takes a %s out and puts it back, as the chart is updated with new options (highcharts-react)', (_kind, input, shown) => {
    const host = document.createElement('div');
    document.body.append(host);
    const chart = Highcharts.chart(host, buildChartOptions(input));
    expect(shown(chart)).toEqual([true, true]);
    const labels = input.chartType === 'pie' ? ['Dos'] : ['Sur'];
    chart.update(buildChartOptions({ ...input, hidden: labels }), true, true);
    expect(shown(chart)).toEqual([true, false]);
    chart.update(buildChartOptions(input), true, true);
    expect(shown(chart)).toEqual([true, true]);
  });
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
