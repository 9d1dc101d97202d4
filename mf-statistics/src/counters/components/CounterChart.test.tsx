import { act, render } from '@testing-library/react';
import type { Options } from 'highcharts';
import { i18n, I18nextProvider } from '@portal/i18n';
import { CounterChart } from './CounterChart';
import type { CounterChartInput } from '../model/chartOptions';

const drawn: Options[] = [];
jest.mock('highcharts-react-official', () => ({
  __esModule: true,
  default: ({ options }: { options: Options }) => {
    drawn.push(options);
    return null;
  },
}));

const input: CounterChartInput = {
  type: 'day',
  chartType: 'lines',
  shown: ['countIn'],
  statisticLabel: (s) => s,
  zoomEnabled: false,
  zoom: null,
  onZoom: () => undefined,
  onLegendClick: () => undefined,
  intervals: [{ key: 1, label: 'A', color: '#111', rows: [{ date: '2024-03-31 10:00:00', countIn: 5, countOut: 1, inside: 4 }] }],
};

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en-GB');
  });
});

describe('CounterChart', () => {
  it('is mirrored in Arabic and its hidden screen-reader texts are Arabic', async () => {
    await act(async () => {
      await i18n.changeLanguage('ar');
    });
    render(
      <I18nextProvider i18n={i18n}>
        <CounterChart input={input} />
      </I18nextProvider>,
    );
    const options = drawn.at(-1)!;
    expect(options.xAxis).toMatchObject({ reversed: true });
    expect(options.yAxis).toMatchObject({ opposite: true });
    expect(options.legend).toMatchObject({ rtl: true });
    expect(options.lang?.accessibility?.svgContainerLabel).toBe('مخطط تفاعلي');
  });

  it('is drawn left to right in Spanish, with Spanish screen-reader texts', async () => {
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    render(
      <I18nextProvider i18n={i18n}>
        <CounterChart input={input} />
      </I18nextProvider>,
    );
    const options = drawn.at(-1)!;
    expect(options.xAxis).not.toMatchObject({ reversed: true });
    expect(options.lang?.accessibility?.chartTypes?.lineSingle).toBe('Gráfico de líneas con {numPoints} {#eq numPoints 1}punto{else}puntos{/eq}.');
  });
});
