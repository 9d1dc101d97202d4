import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useColorMap } from '../hooks/useColorMap';
import type { SectionData } from '../hooks/useSectionData';
import { DASHBOARD_NS } from '../i18n';
import { isWeeklyChart, type TodayChartWidgetDef, type WidgetDef } from '../model/types';
import { ChartWidget } from './ChartWidget';
import { ValueWidget } from './ValueWidget';
import { WeeklyChartWidget } from './WeeklyChartWidget';

export interface WidgetViewProps {
  widget: WidgetDef;
  summary: SectionData;
  storeIds: readonly number[] | null;
  reloadKey: number;
  weekStartDay: number;
}

interface TodayChartProps {
  widget: TodayChartWidgetDef;
  title: string;
  summary: SectionData;
  storeIds: readonly number[] | null;
}

function TodayChart({ widget, title, summary, storeIds }: TodayChartProps) {
  const rows = summary.data[widget.source] ?? null;
  const labels = useMemo(() => (rows ?? []).map((row) => row.label), [rows]);
  const colorMap = useColorMap(labels);
  return (
    <ChartWidget
      title={title}
      chartType={widget.chartType}
      data={rows}
      failed={summary.failed.has(widget.source)}
      colorMap={colorMap}
      hideXAxis={widget.hideXAxis}
      expectedRows={storeIds?.length}
    />
  );
}

/** Renders one declared widget with its data. */
export function WidgetView({ widget, summary, storeIds, reloadKey, weekStartDay }: WidgetViewProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const title = t(widget.title);
  if (widget.type === 'value') {
    return (
      <ValueWidget
        title={title}
        icon={widget.icon}
        prefix={widget.prefix}
        scale={widget.scale}
        value={widget.value(summary.data) ?? null}
        failed={summary.failed.has(widget.source)}
      />
    );
  }
  if (isWeeklyChart(widget)) {
    return <WeeklyChartWidget widget={widget} title={title} storeIds={storeIds} reloadKey={reloadKey} weekStartDay={weekStartDay} />;
  }
  return <TodayChart widget={widget} title={title} summary={summary} storeIds={storeIds} />;
}
