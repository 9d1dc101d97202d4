/**
 * Stands in for highcharts-react-official in component tests (drawing SVG in jsdom is slow and proves
 * nothing the option-builder tests do not): the x categories and each series' name, visibility and values.
 */
import type { Options, XAxisOptions } from 'highcharts';

export default function ChartStub({ options }: { options: Options }) {
  const categories = (options.xAxis as XAxisOptions | undefined)?.categories ?? [];
  const series = (options.series ?? []) as Array<{ name?: string; visible?: boolean; data?: Array<{ y: number }> }>;
  return (
    <div data-testid="chart">
      <span data-testid="categories">{categories.join(',')}</span>
      {series
        .filter((s) => s.visible)
        .map((s) => (
          <span key={s.name} data-testid="series">{`${s.name}: ${JSON.stringify(s.data?.map((p) => p.y))}`}</span>
        ))}
    </div>
  );
}
