import { Type, type Static } from 'typebox';

const Keys = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 });
const KeyedLists = Type.Record(Type.String({ maxLength: 100 }), Keys, { maxProperties: 100 });

/** The dashboard's sections (access-shell-dashboard §2: Main, Counters, Alarms, SelfCheck): the keys of dashboardItems. */
export const DASHBOARD_SECTION_KEYS = ['main', 'counters', 'alarms', 'selfcheck'] as const;

/**
 * A list's name, the key of its column choice in visibleColumns (the web's list names: catalogues,
 * catalogueItems, compareMissing, inventoryGroupItems, …): a camelCase word of at most 48 characters.
 */
export const SETTINGS_LIST_NAME_PATTERN = '^[a-z][A-Za-z0-9]{0,47}$';

/** Most lists with a saved column choice (the web has 17). */
export const MAX_SETTINGS_LISTS = 50;

/** Most bytes the saved settings take, serialized as JSON. */
export const MAX_SETTINGS_BYTES = 64 * 1024;

/** Saved user settings (access-shell-dashboard §3). */
export const UserSettings = Type.Object({
  selectedStoreId: Type.Union([Type.Integer(), Type.Null()]),
  /** Section key → chosen widget keys. */
  dashboardItems: KeyedLists,
  /** List name → ordered visible column keys. */
  visibleColumns: KeyedLists,
});
export type UserSettings = Static<typeof UserSettings>;

export const DEFAULT_USER_SETTINGS: UserSettings = { selectedStoreId: null, dashboardItems: {}, visibleColumns: {} };

/** A change of dashboardItems or visibleColumns: a key set to its new list, or to null to remove it. */
const KeyedListChanges = Type.Record(Type.String({ maxLength: 100 }), Type.Union([Keys, Type.Null()]), { maxProperties: 100 });

/**
 * PUT /api/users/{userId}/settings body. Every field is optional; the server merges: selectedStoreId
 * replaces, dashboardItems and visibleColumns merge per key (a key set to the given list, removed by null).
 * Keys are DASHBOARD_SECTION_KEYS and list names (SETTINGS_LIST_NAME_PATTERN), else 400 UNKNOWN_SETTING;
 * saved settings over MAX_SETTINGS_BYTES or MAX_SETTINGS_LISTS are refused, 413 SETTINGS_TOO_LARGE. The
 * answer is the whole saved UserSettings.
 */
export const UpdateUserSettingsBody = Type.Object(
  {
    settings: Type.Object(
      {
        selectedStoreId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()])),
        dashboardItems: Type.Optional(KeyedListChanges),
        visibleColumns: Type.Optional(KeyedListChanges),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type UpdateUserSettingsBody = Static<typeof UpdateUserSettingsBody>;
