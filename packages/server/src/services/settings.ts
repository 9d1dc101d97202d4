/**
 * User settings (access-shell-dashboard §3): selectedStoreId, dashboardItems (section key → widget keys) and
 * visibleColumns (list name → column keys). Bounded, because every sign-in answers them: keys are the
 * dashboard's sections and list names, a null value removes a key, and a save
 * that would store more than MAX_SETTINGS_BYTES or MAX_SETTINGS_LISTS lists is refused.
 */
import type { Kysely } from 'kysely';
import {
  DASHBOARD_SECTION_KEYS,
  DEFAULT_USER_SETTINGS,
  ERROR_CODES,
  MAX_SETTINGS_BYTES,
  MAX_SETTINGS_LISTS,
  SETTINGS_LIST_NAME_PATTERN,
  type UpdateUserSettingsBody,
  type UserSettings,
} from '@portal/contract';
import type { Database } from '../db/schema';
import { ApiError, badRequest, forbidden } from '../errors';
import { findSettings, saveSettings } from '../queries/settings';
import { assertStoreReachable, type AuthUser } from './context';

type KeyedLists = Record<string, string[]>;
type Area = 'dashboardItems' | 'visibleColumns';

const SECTIONS = new Set<string>(DASHBOARD_SECTION_KEYS);
const LIST_NAME = new RegExp(SETTINGS_LIST_NAME_PATTERN);

/** The keys each map may hold, and what to say about another one. */
const KEYS: Record<Area, { allowed: (key: string) => boolean; most: number; expected: string }> = {
  dashboardItems: {
    allowed: (key) => SECTIONS.has(key),
    most: DASHBOARD_SECTION_KEYS.length,
    expected: `a dashboard section (${DASHBOARD_SECTION_KEYS.join(', ')})`,
  },
  visibleColumns: { allowed: (key) => LIST_NAME.test(key), most: MAX_SETTINGS_LISTS, expected: 'a list name (a camelCase word of at most 48 characters)' },
};

/**
 * A stored map, read defensively: keys it may not hold and values that are not lists of texts are left out,
 * and a map stored before the bound that is larger than all settings may be is not even parsed (read as empty).
 */
function parseKeyedLists(json: string, area: Area): KeyedLists {
  if (json.length > MAX_SETTINGS_BYTES) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const result: KeyedLists = {};
    let kept = 0;
    for (const [key, list] of Object.entries(value)) {
      if (kept >= KEYS[area].most) break;
      if (!KEYS[area].allowed(key) || !Array.isArray(list)) continue;
      result[key] = list.filter((v): v is string => typeof v === 'string');
      kept += 1;
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
    dashboardItems: parseKeyedLists(row.dashboard_items, 'dashboardItems'),
    visibleColumns: parseKeyedLists(row.visible_columns, 'visibleColumns'),
  };
}

/** `current` with `changes` merged per key (null removes one); 400 UNKNOWN_SETTING for a key the map may not hold. */
function merged(area: Area, current: KeyedLists, changes: Record<string, string[] | null> | undefined): KeyedLists {
  const next = { ...current };
  for (const [key, list] of Object.entries(changes ?? {})) {
    if (!KEYS[area].allowed(key)) {
      const setting = `${area}.${key.length > 100 ? `${key.slice(0, 99)}…` : key}`;
      throw badRequest(ERROR_CODES.UNKNOWN_SETTING, `Unknown setting ${setting}: a key of ${area} is ${KEYS[area].expected}`, { setting });
    }
    if (list === null) delete next[key];
    else next[key] = list;
  }
  return next;
}

const tooLarge = (message: string, details: Record<string, number>) => new ApiError(413, ERROR_CODES.SETTINGS_TOO_LARGE, message, details);

/**
 * Own settings only. selectedStoreId replaces (it must be a library the user holds, or null);
 * dashboardItems and visibleColumns merge per key, a null value removing the key. Nothing is saved when a
 * key is unknown (400 UNKNOWN_SETTING) or the result is over the bounds (413 SETTINGS_TOO_LARGE).
 */
export async function updateSettings(db: Kysely<Database>, user: AuthUser, userId: number, body: UpdateUserSettingsBody, now: Date): Promise<UserSettings> {
  if (userId !== user.id) throw forbidden();
  const changes = body.settings;
  if (changes.selectedStoreId !== undefined && changes.selectedStoreId !== null) assertStoreReachable(user, changes.selectedStoreId);
  const current = await readSettings(db, userId);
  const next: UserSettings = {
    selectedStoreId: changes.selectedStoreId !== undefined ? changes.selectedStoreId : current.selectedStoreId,
    dashboardItems: merged('dashboardItems', current.dashboardItems, changes.dashboardItems),
    visibleColumns: merged('visibleColumns', current.visibleColumns, changes.visibleColumns),
  };
  const lists = Object.keys(next.visibleColumns).length;
  if (lists > MAX_SETTINGS_LISTS) {
    throw tooLarge(`Column choices are kept for at most ${MAX_SETTINGS_LISTS} lists (this save would keep ${lists}); remove some (a null value removes one)`, {
      lists,
      maxLists: MAX_SETTINGS_LISTS,
    });
  }
  const dashboardItems = JSON.stringify(next.dashboardItems);
  const visibleColumns = JSON.stringify(next.visibleColumns);
  const bytes = Buffer.byteLength(JSON.stringify(next));
  if (bytes > MAX_SETTINGS_BYTES) {
    throw tooLarge(`The settings would take ${bytes} bytes, more than the ${MAX_SETTINGS_BYTES} kept; remove some (a null value removes a key)`, {
      bytes,
      maxBytes: MAX_SETTINGS_BYTES,
    });
  }
  await saveSettings(db, {
    user_id: userId,
    selected_store_id: next.selectedStoreId,
    dashboard_items: dashboardItems,
    visible_columns: visibleColumns,
    updated_at: now.toISOString(),
  });
  return next;
}
