/**
 * Stands in for highcharts-react-official in component tests (drawing SVG in jsdom is slow and proves
 * nothing the option-builder tests do not): prints the x categories and each series' name and values ("hidden" when
 * turned off in the legend).
 */
import type { Options, XAxisOptions } from 'highcharts';

export default function ChartStub({ options }: { options: Options }) {
  const categories = (options.xAxis as XAxisOptions | undefined)?.categories ?? [];
  const series = (options.series ?? []) as Array<{ name?: string; data?: unknown[]; visible?: boolean }>;
  return (
    <div data-testid="chart">
      <span data-testid="categories">{categories.join(',')}</span>
      {series.map((s) => (
        <span key={s.name} data-testid="series">{`${s.name}${s.visible === false ? ' (hidden)' : ''}: ${JSON.stringify(s.data)}`}</span>
      ))}
    </div>
  );
}
