import moment from 'moment';
import { memo, useCallback, useMemo } from 'react';
import { useColorMap } from '../hooks/useColorMap';
import { useWeeklyData } from '../hooks/useWeeklyData';
import { useWeekPaging } from '../hooks/useWeekPaging';
import { groupOf, WEEKLY_SOURCES } from '../model/sources';
import type { WeeklyChartWidgetDef } from '../model/types';
import { ChartWidget } from './ChartWidget';
import { WeekPager } from './WeekPager';

export interface WeeklyChartWidgetProps {
  widget: WeeklyChartWidgetDef;
  title: string;
  storeIds: readonly number[] | null;
  reloadKey: number;
  weekStartDay: number;
}

/**
 * A weekly chart with its own week: shifting it reloads this chart only. Memoised (its section renders when another
 * widget's answer arrives), with a pager element that changes only with the week.
 */
export const WeeklyChartWidget = memo(function WeeklyChartWidget({ widget, title, storeIds, reloadKey, weekStartDay }: WeeklyChartWidgetProps) {
  const week = useWeekPaging(weekStartDay);
  const { groupName } = WEEKLY_SOURCES[widget.weekly];
  const { rows, failed } = useWeeklyData(widget.weekly, storeIds, reloadKey, weekStartDay, week.date);
  const groups = useMemo(() => [...new Set((rows ?? []).map((row) => groupOf(row, groupName)))], [rows, groupName]);
  const colorMap = useColorMap(groups);
  const dayLabel = useCallback((day: string) => moment(day).format('dd D'), []);
  const paging = useMemo(() => <WeekPager days={week.days} onPrevious={week.previous} onNext={week.next} canGoNext={week.canGoNext} />, [week]);
  return (
    <ChartWidget
      title={title}
      chartType={widget.chartType}
      data={rows}
      failed={failed}
      groupName={groupName}
      weekStartDay={weekStartDay}
      colorMap={colorMap}
      date={week.date}
      today={week.today}
      hideXAxis={widget.hideXAxis}
      labelFormatter={dayLabel}
      paging={paging}
    />
  );
});
