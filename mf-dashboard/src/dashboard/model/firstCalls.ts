/**
 * The calls the dashboard makes when it first shows: the summary sources and weekly charts of the
 * visible widgets, for the default library selection and the current week. The page and the sign-in prefetch
 * derive them from the same functions, so the prefetched reads are exactly the ones the widgets take.
 */
import type { RegionNode } from '@portal/api';
import { findRegions, limitRegionsToStores, storeIdsOfRegions } from '@portal/session';
import { visibleWidgets, type DashboardItems } from './dashboardItems';
import { keepFirstAnswer, summaryKey, weeklyKey } from './firstAnswers';
import { DASHBOARD_SECTIONS } from './sections';
import { SUMMARY_LOADERS, WEEKLY_SOURCES, type SummarySource, type WeeklySource } from './sources';
import { isWeeklyChart, type DashboardSection, type WidgetDef } from './types';

export interface ShownSection {
  section: DashboardSection;
  widgets: WidgetDef[];
}

/** Each section with the widgets the user chose (settings.dashboardItems; all by default). */
export const shownSections = (items: DashboardItems): ShownSection[] =>
  DASHBOARD_SECTIONS.map((section) => ({ section, widgets: visibleWidgets(section, items) }));

/** The summary sources the shown widgets need (weekly charts load their own). */
export const summarySources = (sections: readonly ShownSection[]): SummarySource[] =>
  sections.flatMap((shown) => shown.widgets.flatMap((widget) => (isWeeklyChart(widget) ? [] : [widget.source])));

/** The weekly charts shown. */
export const weeklySources = (sections: readonly ShownSection[]): WeeklySource[] =>
  sections.flatMap((shown) => shown.widgets.flatMap((widget) => (isWeeklyChart(widget) ? [widget.weekly] : [])));

/** The store ids of the tree's disabled leaves: libraries past their expiration date. */
const expiredStoreIds = (nodes: readonly RegionNode[]): number[] =>
  nodes.flatMap((node) => (node.children?.length ? expiredStoreIds(node.children) : node.disabled ? node.storeIds : []));

/**
 * The store ids the widgets ask for when these regions of the tree are selected. An expired library shows unticked
 * and disabled under a ticked area, so it is neither asked for nor counted (nor named in a chart's legend).
 */
export const selectedStoreIds = (tree: readonly RegionNode[], selected: readonly string[]): number[] => {
  const expired = new Set(expiredStoreIds(tree));
  return storeIdsOfRegions(findRegions(tree, selected)).filter((id) => !expired.has(id));
};

/** The Libraries filter's default selection: every top-level region. */
export const defaultSelection = (tree: readonly RegionNode[]): string[] => tree.map((node) => node.value);

export interface FirstCallsInput {
  /** The dashboard's full Libraries tree (areaNameTree of the session's region tree). */
  fullTree: readonly RegionNode[];
  userStoreIds: readonly number[];
  items: DashboardItems;
  weekStartDay: number;
  /** Today, YYYY-MM-DD: the weekly charts start on the current week. */
  today: string;
}

/**
 * Starts the dashboard's first calls (summary sources once each, every weekly chart's current week) and keeps their
 * answers for the page's first render; nothing when the default selection holds no library (the widgets then ask
 * nothing either).
 */
export function startFirstCalls({ fullTree, userStoreIds, items, weekStartDay, today }: FirstCallsInput): void {
  const tree = limitRegionsToStores(fullTree, userStoreIds);
  const ids = selectedStoreIds(tree, defaultSelection(tree));
  if (ids.length === 0) return;
  const sections = shownSections(items);
  // Their answers are also kept for the page's first render (firstAnswers.ts).
  for (const source of new Set(summarySources(sections))) keepFirstAnswer(summaryKey(source, ids), SUMMARY_LOADERS[source](ids));
  for (const weekly of weeklySources(sections)) {
    keepFirstAnswer(weeklyKey(weekly, ids, weekStartDay, today), WEEKLY_SOURCES[weekly].load(ids, { weekStartDay, date: today }));
  }
}
