import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NS } from '../i18n';
import type { LegendItem } from '../model/chartOptions';
import './ChartLegend.css';

export interface ChartLegendProps {
  items: LegendItem[];
  /** Labels turned off: drawn struck through, their series (or slices) left out of the chart. */
  hidden: readonly string[];
  onToggle: (label: string) => void;
}

/**
 * A chart's legend in HTML under the chart: every label's colour and name, wrapped over as many lines as it needs
 * (Highcharts' SVG legend paged twelve libraries inside the chart's height, each item built and measured). Each
 * entry is a toggle button (pressed = shown), as Highcharts' legend items were.
 */
export const ChartLegend = memo(function ChartLegend({ items, hidden, onToggle }: ChartLegendProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <ul className="dashboard-legend" aria-label={t('legend')}>
      {items.map((item) => {
        const shown = !hidden.includes(item.label);
        return (
          <li key={item.label}>
            <button type="button" aria-pressed={shown} onClick={() => onToggle(item.label)}>
              <span className="dashboard-legend-swatch" style={{ borderColor: item.color, background: shown ? item.color : 'transparent' }} aria-hidden />
              {item.name}
            </button>
          </li>
        );
      })}
    </ul>
  );
});
