/**
 * The counters chart (Highcharts, the shared singleton) and its image export: done in the browser by Highcharts'
 * exporting module (its local export), 1280x720 at 4x (data-areas §9), no export server. Its offline-exporting
 * module adds only PDF export, and warned on every chart without a URL to load a PDF library from.
 */
import { useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import Highcharts, { type Chart } from 'highcharts';
import 'highcharts/modules/accessibility';
import 'highcharts/modules/exporting';
import HighchartsReact, { type HighchartsReactRefObject } from 'highcharts-react-official';
import { useLanguage } from '@portal/i18n';
import { localizeChart } from '@portal/ui';
import { counterChartOptions, imageChartOptions, type CounterChartInput } from '../model/chartOptions';

export const IMAGE_EXPORT = { type: 'image/png', sourceWidth: 1280, sourceHeight: 720, scale: 4 } as const;

export interface CounterChartHandle {
  /** Saves the chart as `{title}.png`, with the title above it and a legend of every drawn series. */
  saveImage: (title: string) => Promise<void>;
}

type ExportingChart = Chart & { exporting?: { exportChart: (options: object, chartOptions?: object) => Promise<void> } };

export function CounterChart({ input, ref }: { input: CounterChartInput; ref?: Ref<CounterChartHandle> }) {
  const chartRef = useRef<HighchartsReactRefObject>(null);
  const language = useLanguage();
  const options = useMemo(() => localizeChart(counterChartOptions(input), language), [input, language]);
  useImperativeHandle(
    ref,
    () => ({
      async saveImage(title: string) {
        const chart = chartRef.current?.chart as ExportingChart | undefined;
        await chart?.exporting?.exportChart({ ...IMAGE_EXPORT, filename: title, local: true, fallbackToExportServer: false }, imageChartOptions(input, title));
      },
    }),
    [input],
  );
  return <HighchartsReact ref={chartRef} highcharts={Highcharts} options={options} />;
}
