/**
 * The counters chart (Highcharts, the shared singleton) and its image export: done in the browser by
 * Highcharts' offline exporting, 1280x720 at 4x (data-areas §9), no export server.
 */
import { useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import Highcharts, { type Chart } from 'highcharts';
import 'highcharts/modules/accessibility';
import 'highcharts/modules/exporting';
import 'highcharts/modules/offline-exporting';
import HighchartsReact, { type HighchartsReactRefObject } from 'highcharts-react-official';
import { counterChartOptions, type CounterChartInput } from '../model/chartOptions';

export const IMAGE_EXPORT = { type: 'image/png', sourceWidth: 1280, sourceHeight: 720, scale: 4 } as const;

export interface CounterChartHandle {
  saveImage: (fileName: string) => Promise<void>;
}

type ExportingChart = Chart & { exporting?: { exportChart: (options: object, chartOptions?: object) => Promise<void> } };

export function CounterChart({ input, ref }: { input: CounterChartInput; ref?: Ref<CounterChartHandle> }) {
  const chartRef = useRef<HighchartsReactRefObject>(null);
  const options = useMemo(() => counterChartOptions(input), [input]);
  useImperativeHandle(ref, () => ({
    async saveImage(fileName: string) {
      const chart = chartRef.current?.chart as ExportingChart | undefined;
      await chart?.exporting?.exportChart({ ...IMAGE_EXPORT, filename: fileName, local: true, fallbackToExportServer: false });
    },
  }), []);
  return <HighchartsReact ref={chartRef} highcharts={Highcharts} options={options} />;
}
