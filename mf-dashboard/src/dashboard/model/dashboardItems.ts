/**
 * The user's widget choice per section, stored in settings.dashboardItems (section key → widget keys;
 * the session already reads stored settings defensively).
 */
import type { DashboardSection, WidgetDef } from './types';

export type DashboardItems = Record<string, string[]>;

/** The section's widgets filtered to the chosen keys, in the section's order; default all children. */
export function visibleWidgets(section: DashboardSection, items: DashboardItems): WidgetDef[] {
  const chosen = items[section.key];
  if (!chosen) return section.children;
  const keep = new Set(chosen);
  return section.children.filter((w) => keep.has(w.key));
}
