import { Type, type Static } from 'typebox';

const Keys = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 });
const KeyedLists = Type.Record(Type.String({ maxLength: 100 }), Keys, { maxProperties: 100 });

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

/**
 * PUT /api/users/{userId}/settings body. Every field is optional; the server merges: selectedStoreId
 * replaces, dashboardItems and visibleColumns merge per key (a key set to the given list). The answer is
 * the whole saved UserSettings.
 */
export const UpdateUserSettingsBody = Type.Object(
  {
    settings: Type.Object(
      {
        selectedStoreId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()])),
        dashboardItems: Type.Optional(KeyedLists),
        visibleColumns: Type.Optional(KeyedLists),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type UpdateUserSettingsBody = Static<typeof UpdateUserSettingsBody>;
