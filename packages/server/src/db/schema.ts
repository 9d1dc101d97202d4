/**
 * The Kysely `Database` interface: every table of the portal's data model (both specs, §3).
 *
 * Conventions (the same on SQLite and PostgreSQL, so one set of queries serves both):
 * - Table and column names are snake_case; the HTTP layer maps them to the spec's camelCase names.
 * - Every table has an integer surrogate key `id` (SQLite `integer primary key autoincrement`,
 *   PostgreSQL `serial`), except the 1:1 tables keyed by their owner (`user_settings`, `export_formats`,
 *   `id_modifications`) and key/value tables. Use `.returning('id')` after inserts (works on both).
 * - Booleans are integers 0/1 (`Bool`): SQLite has no boolean type and one representation keeps
 *   queries portable.
 * - JSON values (permissions, settings, params, details) are TEXT holding JSON (`Json`).
 * - Time values are TEXT in fixed-width formats, so string comparison equals time order and
 *   `substr(col, 1, 10)` gives the day on both databases:
 *   - `IsoTimestamp`: instants recorded by the system (created_at, updated_at, last_sync, lock-out times)
 *     in UTC, `YYYY-MM-DDTHH:mm:ss.sssZ` (what `new Date().toISOString()` gives).
 *   - `LocalDateTime`: events that happen at a library (people-counter records, alarms, SIP and self-check
 *     operations, item events, inventory dates) as the library's wall-clock time in its own timezone
 *     (`stores.timezone`), `YYYY-MM-DD HH:mm:ss` — the format the spec shows and the counters calls
 *     send, so "today at this library" and hourly/daily grouping need no timezone maths in SQL.
 *   - `DateOnly`: `YYYY-MM-DD` (stores.expiration_date).  `TimeOfDay`: `HH:mm`.
 * - Item tables keep `search_text`: the folded (lower-case, accent-free, see `foldText` in
 *   @portal/contract) concatenation of their searchable fields separated by a space, indexed together with
 *   the parent key so prefix/substring searches can run on it without per-row functions.
 * - PostgreSQL `count(*)`/bigint values are parsed to JS numbers by `createDb` (int8 type parser), so
 *   aggregate results are numbers on both databases.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** 0 = false, 1 = true. */
export type Bool = 0 | 1;
/** TEXT holding JSON. */
export type Json = string;
/** UTC instant, `YYYY-MM-DDTHH:mm:ss.sssZ`. */
export type IsoTimestamp = string;
/** Library wall-clock time, `YYYY-MM-DD HH:mm:ss`. */
export type LocalDateTime = string;
/** `YYYY-MM-DD`. */
export type DateOnly = string;
/** `HH:mm`. */
export type TimeOfDay = string;

export type Role = 'user' | 'supervisor' | 'admin';
export type Flavor = '{product}' | 'LIBTECS' | 'DIALOCID';

export interface UsersTable {
  id: Generated<number>;
  user_name: string;
  full_name: string;
  address: string;
  telephone: string;
  /** null only for admins (email is required unless the user is admin); unique when present. */
  email: string | null;
  password_hash: string;
  flavor: Flavor;
  role: Role;
  /** JSON array of permission names (manager, inventories, devices, statistics, capacity, alarms, imagesets). */
  permissions: Json;
  /** JSON array of the region values chosen in the user form (they expand to user_stores rows on save). */
  regions: Json;
  /** Public capacities token (`/capacities/{token}`), unique, random. */
  token: string;
  /** Public token of the image-set client URLs (`/api/imagesets/client/{token}/…`), unique, random (0032). */
  image_set_token: string;
  /** The user who created this one (spec: parent.userName). */
  parent_id: number | null;
  /** Storage key of the avatar image (server-chosen name), null when none. */
  avatar_file: string | null;
  avatar_mime: string | null;
  avatar_updated_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** Version every access token carries; incremented on password change, role change and sign-out (0005). */
  token_version: Generated<number>;
}

/** Which libraries a user holds (storeIds). Admins reach every store regardless of these rows. */
export interface UserStoresTable {
  user_id: number;
  store_id: number;
}

export interface UserSettingsTable {
  user_id: number;
  selected_store_id: number | null;
  /** JSON object: section key → chosen widget keys. */
  dashboard_items: Json;
  /** JSON object: list name → ordered column keys. */
  visible_columns: Json;
  updated_at: IsoTimestamp;
}

export type FileType = 'csv' | 'xlsx' | 'txt';
export type Separator = 'comma' | 'semicolon' | 'tabulator' | 'other';

/** Export format per user (access-shell-dashboard §3). Missing row = defaults. */
export interface ExportFormatsTable {
  user_id: number;
  file_type: FileType;
  first_row_header: Bool;
  date_format: string;
  code_prefix: string;
  code_suffix: string;
  separator: Separator;
  /** '' when absent. */
  other_separator: string;
  updated_at: IsoTimestamp;
}

export interface StoresTable {
  id: Generated<number>;
  /** Library code (public links use it: /capacities/{token}/{storeCode}, /sipOperations/{storeCode}); unique. */
  code: string;
  country: string;
  area: string;
  province: string;
  city: string;
  name: string;
  address: string;
  manager: string;
  managertel: string;
  capacity: number;
  reset_time: TimeOfDay;
  start_time: TimeOfDay;
  end_time: TimeOfDay;
  /** Default Europe/Madrid. */
  timezone: string;
  /** Default one year ahead of creation. */
  expiration_date: DateOnly;
  field_code: string;
  field_object_id: string;
  field1: string;
  field2: string;
  field3: string;
  field4: string;
  field5: string;
  field6: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** People-counting sensors of a library: the leaf level of the region tree. */
export interface SensorsTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  /** Capacity of the area the sensor counts (public capacities bars); null = the library's capacity. */
  capacity: number | null;
  created_at: IsoTimestamp;
  /** 1: hidden from new intake, history kept (migration 0028). */
  retired: Generated<Bool>;
}

/** A library's device keys (migration 0028): only the SHA-256 of the key is kept. */
export interface DeviceKeysTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  /** Hex SHA-256 of the key. */
  key_hash: string;
  created_at: IsoTimestamp;
  last_used_at: IsoTimestamp | null;
  revoked_at: IsoTimestamp | null;
}

/** Rows a device key's intake calls stored, per library day (migration 0028). */
export interface DeviceKeyDaysTable {
  device_key_id: number;
  day: DateOnly;
  records: number;
  alarms: number;
  sip_operations: number;
}

/** People-counter records: one row per sensor per time slot. */
export interface RecordsTable {
  id: Generated<number>;
  store_id: number;
  sensor_id: number;
  date: LocalDateTime;
  count_in: number;
  count_out: number;
  /** The device key that sent it (null otherwise); device rows are unique per sensor and date (migration 0029). */
  device_key_id: number | null;
}

export interface CataloguesTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  sync_url: string | null;
  auto_sync: Bool;
  last_sync: IsoTimestamp | null;
  created_at: IsoTimestamp;
}

/** Shared columns of every item table (catalogue, search list, inventory items). */
export interface ItemColumns {
  id: Generated<number>;
  store_id: number;
  code: string | null;
  object_id: string | null;
  field1: string | null;
  field2: string | null;
  field3: string | null;
  field4: string | null;
  field5: string | null;
  field6: string | null;
  /** Folded (lower-case, accent-free) code, object_id and fields joined by ' '. */
  search_text: string;
  created_at: IsoTimestamp;
}

export interface CatalogueItemsTable extends ItemColumns {
  catalogue_id: number;
}

export interface SearchListsTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  sync_url: string | null;
  auto_sync: Bool;
  last_sync: IsoTimestamp | null;
  created_at: IsoTimestamp;
}

export interface SearchListItemsTable extends ItemColumns {
  search_list_id: number;
}

/** Inventory groups; the UNGROUPED group is virtual: sections with group_id null. */
export interface InventoryGroupsTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  catalogue_id: number | null;
  created_at: IsoTimestamp;
}

/** Inventory sections ("inventories"); comment is the location, unique within the group. */
export interface InventoriesTable {
  id: Generated<number>;
  store_id: number;
  group_id: number | null;
  comment: string;
  date: LocalDateTime;
  created_at: IsoTimestamp;
}

export interface InventoryItemsTable extends ItemColumns {
  inventory_id: number;
  /** Copy of the section's group (null = UNGROUPED) so group-wide lists need no join. */
  group_id: number | null;
  date: LocalDateTime;
  search_list_id: number | null;
}

export type HttpMethod = 'POST' | 'PUT' | 'DELETE';

export interface AdditionalOperationsTable {
  id: Generated<number>;
  store_id: number;
  /** null = the UNGROUPED group. */
  group_id: number | null;
  name: string;
  url: string;
  method: HttpMethod;
  attach_data: Bool;
  /** JSON object of key → value. */
  params: Json;
  created_at: IsoTimestamp;
}

/** ID modification scripts, one row per library. */
export interface IdModificationsTable {
  store_id: number;
  catalogue_items_modification: string;
  inventory_items_modification: string;
  updated_at: IsoTimestamp;
}

export type ItemEventType = 'INVENTORY' | 'ALARM' | 'SIP_OPERATION';

export interface ItemEventsTable {
  id: Generated<number>;
  store_id: number;
  code: string | null;
  object_id: string | null;
  date: LocalDateTime;
  type: ItemEventType;
  inventory_id: number | null;
  inventory_group_id: number | null;
  /** JSON object with type-specific details (e.g. the alarm or SIP operation id). */
  details: Json;
  /** Folded code and object_id. */
  search_text: string;
  /** INVENTORY: the scan the event was written for (it may be deleted since; migration 0027). */
  inventory_item_id: number | null;
}

export type AlarmType = 'EAS' | 'AFI_1' | 'AFI_2' | 'AFI_3' | 'AFI_4';

export interface AlarmsTable {
  id: Generated<number>;
  store_id: number;
  sensor_id: number | null;
  sensor_name: string;
  date: LocalDateTime;
  type: AlarmType;
  antenna: string;
  uid: string;
  barcode: string;
  title_identifier: string;
  /** Circulation status code '01'..'13' (other values display as unknown). */
  circulation_status: string;
  alarm_activated: Bool;
  /** The device key that sent it (null otherwise); device rows are unique per sensor, date and uid (migration 0029). */
  device_key_id: number | null;
}

/** Self-check image sets, owned by a user (the public client URL uses the owner's token and the set id). */
export interface ImageSetsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  created_at: IsoTimestamp;
}

export interface ImagesTable {
  id: Generated<number>;
  image_set_id: number;
  /** Display name, unique within the set. */
  name: string;
  /** Storage key (server-chosen file name). */
  file: string;
  mime: string;
  size: number;
  created_at: IsoTimestamp;
}

export type SipType = 'CHECKIN' | 'CHECKIN_PENDING' | 'CHECKOUT' | 'CHECKOUT_CANCEL' | 'RENEW' | 'INFORMATION';
export type SipStatus = 'PENDING' | 'SUCCESS' | 'WARNING' | 'ERROR';

export interface SipOperationsTable {
  id: Generated<number>;
  store_id: number;
  origin: string;
  type: SipType;
  offline: Bool;
  patron_identifier: string;
  item_identifier: string;
  title_identifier: string;
  transaction_date: LocalDateTime;
  due_date: LocalDateTime | null;
  execution_date: LocalDateTime | null;
  status: SipStatus;
  error: string;
  /** Operations sent by a device: its key and the station's own id, unique together (migration 0028). */
  device_key_id: number | null;
  operation_id: string | null;
}

/** View (migration 0010): SIP operations with their library's name, for the list engine. */
/** View (migration 0008): alarms with their library's name, for the list engine. */
export interface AlarmsListView extends Omit<AlarmsTable, 'id' | 'device_key_id'> {
  id: number;
  store_name: string;
}

export interface SipOperationsListView extends Omit<SipOperationsTable, 'id' | 'device_key_id' | 'operation_id'> {
  id: number;
  store_name: string;
}

/** View (migration 0012): item events with their library's name, for the list engine. */
export interface ItemEventsListView extends Omit<ItemEventsTable, 'id' | 'inventory_item_id'> {
  id: number;
  store_name: string;
}

export type SelfcheckType = 'CHECKOUT' | 'CHECKIN' | 'RENEW';

/** Self-service operations behind the dashboard's SelfCheck section. */
export interface SelfcheckOperationsTable {
  id: Generated<number>;
  store_id: number;
  type: SelfcheckType;
  label: string;
  origin: string;
  date: LocalDateTime;
  /** The device's SIP operation the row counts, unique; null for rows written otherwise (migration 0030). */
  sip_operation_id: number | null;
}

/** Server-wide secrets generated once (e.g. 'jwt' signing key), shared by every instance. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: IsoTimestamp;
}

/** Failed sign-in counters for the lock-out, keyed 'user:<userName>' or 'ip:<address>'. */
export interface SigninFailuresTable {
  key: string;
  failures: number;
  first_failure_at: IsoTimestamp;
  locked_until: IsoTimestamp | null;
}

/** Parts (at most 1 MiB each, numbered from 0) of a file in the database file store (migration 0014). */
export interface StoredFilesTable {
  key: string;
  part: number;
  data: Buffer;
}

/** An upload waiting for import, when uploads live in the database (its bytes: stored_files 'tmp-uploads/<name>'). */
export interface TempFilesTable {
  name: string;
  owner: number;
  size: number;
  /** JSON of TempFileMeta. */
  meta: string;
  created_at: IsoTimestamp;
}

/** A run of a scheduled job: the instance that inserted (job, slot) runs it (migration 0014). */
export interface JobRunsTable {
  job: string;
  slot: string;
  instance: string;
  started_at: IsoTimestamp;
  finished_at: IsoTimestamp | null;
  error: string | null;
}

/** Per library and local day, the sums of its records, kept by triggers on records (migration 0003). */
export interface RecordDailyTotalsTable {
  store_id: number;
  /** `substr(records.date, 1, 10)`. */
  day: DateOnly;
  count_in: Generated<number>;
  count_out: Generated<number>;
}

/** Per library and local day, a number raised by triggers on every write of its records (migration 0017). */
export interface RecordDayVersionsTable {
  store_id: number;
  day: DateOnly;
  version: number;
}

/** A day's counters figures for one library (sensor_id 0) or sensor at a reset time, and the day's version they were computed at (migration 0017). */
export interface RecordDayFiguresTable {
  store_id: number;
  sensor_id: number;
  reset_time: TimeOfDay;
  day: DateOnly;
  version: number;
  total_in: number;
  total_out: number;
  max_inside: number;
  sum_inside: number;
}

/** Per library, a number raised by triggers whenever what a Compare list reads changes (migration 0018). */
export interface ListItemVersionsTable {
  store_id: number;
  version: number;
}

/** The stored total of one Compare list without a search, stamped with the library version it was counted at (migrations 0018, 0031). */
export interface CompareTotalsTable {
  catalogue_id: number;
  mode: 'MISSING' | 'EXCEEDED';
  /** 'ALL_GROUPS', 'UNGROUPED', 'group/<id>' or 'inventory/<id>'. */
  scope: string;
  version: number;
  total: number;
}

/** SQLite only: an import's final move in progress, undone by the next move if its server stopped (migration 0020). */
export interface ImportMovesTable {
  id: Generated<number>;
  instance: string;
  items_table: string;
  created_table: string | null;
  parent_id: number;
  /** JSON of the runs of item ids inserted so far. */
  id_runs: Json;
  started_at: IsoTimestamp;
}

export interface Database {
  users: UsersTable;
  user_stores: UserStoresTable;
  user_settings: UserSettingsTable;
  export_formats: ExportFormatsTable;
  stores: StoresTable;
  sensors: SensorsTable;
  device_keys: DeviceKeysTable;
  device_key_days: DeviceKeyDaysTable;
  records: RecordsTable;
  catalogues: CataloguesTable;
  catalogue_items: CatalogueItemsTable;
  search_lists: SearchListsTable;
  search_list_items: SearchListItemsTable;
  inventory_groups: InventoryGroupsTable;
  inventories: InventoriesTable;
  inventory_items: InventoryItemsTable;
  additional_operations: AdditionalOperationsTable;
  id_modifications: IdModificationsTable;
  item_events: ItemEventsTable;
  alarms: AlarmsTable;
  image_sets: ImageSetsTable;
  images: ImagesTable;
  sip_operations: SipOperationsTable;
  sip_operations_list: SipOperationsListView;
  alarms_list: AlarmsListView;
  item_events_list: ItemEventsListView;
  selfcheck_operations: SelfcheckOperationsTable;
  server_secrets: ServerSecretsTable;
  signin_failures: SigninFailuresTable;
  stored_files: StoredFilesTable;
  temp_files: TempFilesTable;
  job_runs: JobRunsTable;
  record_daily_totals: RecordDailyTotalsTable;
  record_day_versions: RecordDayVersionsTable;
  record_day_figures: RecordDayFiguresTable;
  list_item_versions: ListItemVersionsTable;
  compare_totals: CompareTotalsTable;
  import_moves: ImportMovesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type StoreRow = Selectable<StoresTable>;
export type NewStore = Insertable<StoresTable>;
export type StoreUpdate = Updateable<StoresTable>;
