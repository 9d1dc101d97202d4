import type { Kysely } from 'kysely';
import { DEFAULT_USER_SETTINGS, type UpdateUserSettingsBody, type UserSettings } from '@portal/contract';
import type { Database } from '../db/schema';
import { forbidden } from '../errors';
import { findSettings, saveSettings } from '../queries/settings';
import { assertStoreReachable, type AuthUser } from './context';

function parseKeyedLists(json: string): Record<string, string[]> {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const result: Record<string, string[]> = {};
    for (const [key, list] of Object.entries(value)) {
      if (Array.isArray(list)) result[key] = list.filter((v): v is string => typeof v === 'string');
    }
    return result;
  } catch {
    return {};
  }
}

export async function readSettings(db: Kysely<Database>, userId: number): Promise<UserSettings> {
  const row = await findSettings(db, userId);
  if (!row) return { ...DEFAULT_USER_SETTINGS };
  return {
    selectedStoreId: row.selected_store_id,
    dashboardItems: parseKeyedLists(row.dashboard_items),
    visibleColumns: parseKeyedLists(row.visible_columns),
  };
}

/**
 * Own settings only. selectedStoreId replaces (it must be a library the user holds, or null);
 * dashboardItems and visibleColumns merge per key.
 */
export async function updateSettings(
  db: Kysely<Database>,
  user: AuthUser,
  userId: number,
  body: UpdateUserSettingsBody,
  now: Date,
): Promise<UserSettings> {
  if (userId !== user.id) throw forbidden();
  const changes = body.settings;
  if (changes.selectedStoreId !== undefined && changes.selectedStoreId !== null) assertStoreReachable(user, changes.selectedStoreId);
  const current = await readSettings(db, userId);
  const next: UserSettings = {
    selectedStoreId: changes.selectedStoreId !== undefined ? changes.selectedStoreId : current.selectedStoreId,
    dashboardItems: { ...current.dashboardItems, ...changes.dashboardItems },
    visibleColumns: { ...current.visibleColumns, ...changes.visibleColumns },
  };
  await saveSettings(db, {
    user_id: userId,
    selected_store_id: next.selectedStoreId,
    dashboard_items: JSON.stringify(next.dashboardItems),
    visible_columns: JSON.stringify(next.visibleColumns),
    updated_at: now.toISOString(),
  });
  return next;
}
