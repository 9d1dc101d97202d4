import type { SidebarGroup } from './types';

/** Sidebar groups in display order (spec access-shell-dashboard §2, Application shell). */
export const SIDEBAR_GROUPS: readonly SidebarGroup[] = ['home', 'items', 'statistics', 'selfchecks', 'settings'];

export const GROUP_ICONS: Record<SidebarGroup, string> = {
  home: 'HomeOutlined',
  items: 'DatabaseOutlined',
  statistics: 'BarChartOutlined',
  selfchecks: 'ScanOutlined',
  settings: 'SettingOutlined',
};

/** Default section when nothing was remembered yet. */
export const DEFAULT_SECTION = '/dashboard';
