/**
 * The four dashboard sections and their widgets (access-shell-dashboard §2), declared as data: the page,
 * the edit dialog and the data loading all derive from this list.
 */
import {
  AlertOutlined,
  BarChartOutlined,
  CalendarOutlined,
  DashboardOutlined,
  ExportOutlined,
  ImportOutlined,
  LoginOutlined,
  ScheduleOutlined,
  ShoppingCartOutlined,
  SyncOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { SelfcheckTotals } from '@portal/contract';
import type { ReactNode } from 'react';
import type { ChartRowSource, WeeklySource } from './sources';
import type { DashboardSection, WidgetDef, WidgetSpan } from './types';

const HALF: WidgetSpan = { xs: 24, sm: 24, md: 24, lg: 12, xl: 12 };
const WIDE: WidgetSpan = { xs: 24, sm: 24, md: 24, lg: 18, xl: 18 };

interface SelfcheckKind {
  total: keyof SelfcheckTotals;
  today: ChartRowSource;
  distribution: WeeklySource;
  icon: ReactNode;
}

/** Per self-service type: today's total, today's pie by label and the week's distribution by origin. */
function selfcheckWidgets({ total, today, distribution, icon }: SelfcheckKind): WidgetDef[] {
  return [
    {
      key: total,
      type: 'value',
      title: `widgets.${total}`,
      icon,
      source: 'totalSelfcheckOperations',
      value: (d) => d.totalSelfcheckOperations?.[total],
    },
    { key: today, type: 'chart', chartType: 'pie', title: `widgets.${today}`, source: today },
    { key: distribution, type: 'chart', chartType: 'multibar', title: `widgets.${distribution}`, weekly: distribution, span: HALF },
  ];
}

export const DASHBOARD_SECTIONS: DashboardSection[] = [
  {
    key: 'main',
    title: 'sections.main',
    icon: <DashboardOutlined />,
    children: [
      {
        key: 'totalIn',
        type: 'value',
        title: 'widgets.totalIn',
        icon: <LoginOutlined />,
        source: 'totalToday',
        value: (d) => d.totalToday?.totalIn,
      },
      {
        key: 'totalInside',
        type: 'value',
        title: 'widgets.totalInside',
        icon: <TeamOutlined />,
        source: 'totalToday',
        value: (d) => d.totalToday?.totalInside,
      },
      { key: 'totalTodayData', type: 'chart', chartType: 'bar', title: 'widgets.totalTodayData', source: 'totalTodayData', span: HALF },
    ],
  },
  {
    key: 'counters',
    title: 'sections.counters',
    icon: <BarChartOutlined />,
    children: [
      {
        key: 'totalInMonth',
        type: 'value',
        title: 'widgets.totalInMonth',
        icon: <CalendarOutlined />,
        source: 'totalInMonth',
        value: (d) => d.totalInMonth?.value,
      },
      {
        key: 'totalInYear',
        type: 'value',
        title: 'widgets.totalInYear',
        icon: <ScheduleOutlined />,
        source: 'totalInYear',
        value: (d) => d.totalInYear?.value,
      },
      { key: 'currentWeekData', type: 'chart', chartType: 'line', title: 'widgets.currentWeekData', weekly: 'currentWeekData', span: HALF },
    ],
  },
  {
    key: 'alarms',
    title: 'sections.alarms',
    icon: <AlertOutlined />,
    children: [
      {
        key: 'totalAlarmsToday',
        type: 'value',
        title: 'widgets.totalAlarmsToday',
        icon: <AlertOutlined />,
        source: 'totalAlarmsToday',
        value: (d) => d.totalAlarmsToday?.value,
      },
      { key: 'alarmsWeekData', type: 'chart', chartType: 'multibar', title: 'widgets.alarmsWeekData', weekly: 'alarmsWeekData', span: WIDE },
    ],
  },
  {
    key: 'selfcheck',
    title: 'sections.selfcheck',
    icon: <ShoppingCartOutlined />,
    children: [
      ...selfcheckWidgets({
        total: 'totalCheckoutsToday',
        today: 'checkoutsToday',
        distribution: 'checkoutsDistribution',
        icon: <ExportOutlined />,
      }),
      ...selfcheckWidgets({
        total: 'totalCheckinsToday',
        today: 'checkinsToday',
        distribution: 'checkinsDistribution',
        icon: <ImportOutlined />,
      }),
      ...selfcheckWidgets({
        total: 'totalRenewalsToday',
        today: 'renewalsToday',
        distribution: 'renewalsDistribution',
        icon: <SyncOutlined />,
      }),
    ],
  },
];
