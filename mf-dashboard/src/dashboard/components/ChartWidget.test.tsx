/** The chart card keeps the height its drawn chart will take while its data load. */
import { setLanguage } from '@portal/i18n';
import { act, render, screen } from '@testing-library/react';
import { barChartHeight, CHART_HEIGHT } from '../model/chartOptions';
import { ChartWidget } from './ChartWidget';

jest.mock('highcharts-react-official', () => jest.requireActual('../testing.chartStub'));

const bodyMinHeight = (title: string) => (screen.getByRole('group', { name: title }).querySelector('.ant-card-body') as HTMLElement).style.minHeight;

describe('chart card while loading', () => {
  beforeAll(async () => {
    await act(() => setLanguage('en-GB'));
  });

  it("reserves the per-library chart's height for every selected library, so nothing under it moves when it is drawn", () => {
    render(<ChartWidget title="Per library" chartType="bar" data={null} colorMap={{}} expectedRows={12} />);
    expect(barChartHeight(12)).toBeGreaterThan(CHART_HEIGHT);
    expect(bodyMinHeight('Per library')).toBe(`${barChartHeight(12) + 8}px`);
  });

  it('reserves the dashboard chart height for other charts, and when the libraries are not known yet', () => {
    render(<ChartWidget title="Week" chartType="line" data={null} colorMap={{}} expectedRows={12} />);
    render(<ChartWidget title="Unknown" chartType="bar" data={null} colorMap={{}} />);
    expect(bodyMinHeight('Week')).toBe(`${CHART_HEIGHT + 8}px`);
    expect(bodyMinHeight('Unknown')).toBe(`${CHART_HEIGHT + 8}px`);
  });
});
