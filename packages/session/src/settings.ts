import type { UserSettings } from '@portal/api';

export const EMPTY_SETTINGS: UserSettings = { selectedStoreId: null, dashboardItems: {}, visibleColumns: {} };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function keyedLists(v: unknown): Record<string, string[]> {
  if (!isObject(v)) return {};
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(v)) {
    if (Array.isArray(list) && list.every((x) => typeof x === 'string')) out[key] = list;
  }
  return out;
}

/**
 * Reads settings defensively (stored data may have the wrong shape): every field that is not what it
 * should be falls back to its empty value.
 */
export function toSettings(v: unknown): UserSettings {
  if (!isObject(v)) return { ...EMPTY_SETTINGS };
  return {
    selectedStoreId: typeof v.selectedStoreId === 'number' ? v.selectedStoreId : null,
    dashboardItems: keyedLists(v.dashboardItems),
    visibleColumns: keyedLists(v.visibleColumns),
  };
}

/** Merges a partial update the way the server does: selectedStoreId replaces, the maps merge per key. */
export function mergeSettings(current: UserSettings, update: Partial<UserSettings>): UserSettings {
  return {
    selectedStoreId: update.selectedStoreId !== undefined ? update.selectedStoreId : current.selectedStoreId,
    dashboardItems: { ...current.dashboardItems, ...update.dashboardItems },
    visibleColumns: { ...current.visibleColumns, ...update.visibleColumns },
  };
}
