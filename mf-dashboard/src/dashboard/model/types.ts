/** Dashboard sections and widgets (access-shell-dashboard §3 "Dashboard section", "Widget"). */
import type { ReactNode } from 'react';
import type { ChartRowSource, SummaryData, SummarySource, WeeklySource } from './sources';

/** Grid columns (of 24) per antd breakpoint. */
export interface WidgetSpan {
  xs: number;
  sm: number;
  md: number;
  lg: number;
  xl: number;
}

/** §2: "The widget grid spans are 24 (xs), 12 (sm), 8 (md), 6 (lg) and 6 (xl)". */
export const DEFAULT_SPAN: WidgetSpan = { xs: 24, sm: 12, md: 8, lg: 6, xl: 6 };

interface WidgetBase {
  key: string;
  /** Translation key in the 'dashboard' namespace. */
  title: string;
  icon?: ReactNode;
  span?: WidgetSpan;
}

export interface ValueWidgetDef extends WidgetBase {
  type: 'value';
  source: SummarySource;
  /** Reads the widget's number out of the loaded data; undefined while its source has not arrived. */
  value: (data: Partial<SummaryData>) => number | undefined;
  prefix?: ReactNode;
  /** Multiplier applied before formatting (default 1). */
  scale?: number;
}

export type ChartType = 'line' | 'bar' | 'pie' | 'multibar';

/** Today's chart: {label, value} rows, no paging. */
export interface TodayChartWidgetDef extends WidgetBase {
  type: 'chart';
  chartType: 'bar' | 'pie';
  source: ChartRowSource;
  hideXAxis?: boolean;
}

/** A week chart with previous/next week paging; rows grouped by library name or origin. */
export interface WeeklyChartWidgetDef extends WidgetBase {
  type: 'chart';
  chartType: 'line' | 'multibar';
  weekly: WeeklySource;
  hideXAxis?: boolean;
}

export type ChartWidgetDef = TodayChartWidgetDef | WeeklyChartWidgetDef;
export type WidgetDef = ValueWidgetDef | ChartWidgetDef;

export interface DashboardSection {
  key: string;
  /** Translation key in the 'dashboard' namespace. */
  title: string;
  icon?: ReactNode;
  children: WidgetDef[];
}

export const isWeeklyChart = (widget: WidgetDef): widget is WeeklyChartWidgetDef => widget.type === 'chart' && 'weekly' in widget;
