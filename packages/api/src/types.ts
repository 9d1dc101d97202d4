/**
 * Request/response types of the calls (access-shell-dashboard §3/§7, data-areas §3/§7).
 * TODO(contract): replace each interface with `Static<typeof …Schema>` from @portal/contract once the
 * server engineer commits those schemas; the names here are the ones callers already use.
 */

export type Role = 'user' | 'supervisor' | 'admin';
export type Flavor = '{product}' | 'LIBTECS' | 'DIALOCID';
export type SortDirection = 'asc' | 'desc';
/** A [field, direction] pair, or null when unsorted. */
export type Order = [string, SortDirection] | null;

/** Per-user settings (§3 User settings). */
export interface UserSettings {
  selectedStoreId?: number | null;
  /** Section key → chosen widget keys. */
  dashboardItems?: Record<string, string[]>;
  /** List name → ordered column keys. */
  visibleColumns?: Record<string, string[]>;
}

export interface SignInRequest {
  userName: string;
  password: string;
}

/** The sign-in response fields the client reads (§3). */
export interface SignInResponse {
  token: string;
  userId: number;
  userFullName: string;
  userFlavor: Flavor;
  userToken: string;
  role: Role;
  permissions: string[];
  settings: UserSettings;
  storeIds: number[];
  /** Seconds until the token expires. */
  expiresIn: number;
}

export interface Store {
  tid: number;
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
  resetTime: string;
  startTime: string;
  endTime: string;
  timezone: string;
  /** YYYY-MM-DD */
  expirationDate: string;
  fieldCode: string;
  fieldObjectId: string;
  field1: string;
  field2: string;
  field3: string;
  field4: string;
  field5: string;
  field6: string;
}
export type StoreInput = Omit<Store, 'tid'>;

/** A node of the region tree (area → name → sensor); leaves also carry key and disabled. */
export interface RegionNode {
  title: string;
  value: string;
  key?: string;
  fullName?: string;
  level?: 'area' | 'name' | 'sensor';
  capacity?: number | null;
  resetTime?: string;
  startTime?: string;
  endTime?: string;
  storeIds: number[];
  disabled?: boolean;
  children?: RegionNode[];
}

export interface User {
  tid: number;
  userName: string;
  fullName: string;
  address: string;
  telephone: string;
  email: string | null;
  flavor: Flavor;
  role: Role;
  permissions: string[];
  regions: string[];
  storeIds: number[];
  token: string;
  parent?: { userName: string } | null;
  avatarUrl?: string | null;
  avatarUpdatedAt?: string | null;
}
/** Body of POST/PUT /api/users: password only when creating or changing it. */
export type UserInput = Omit<User, 'tid' | 'token' | 'parent' | 'avatarUrl' | 'avatarUpdatedAt'> & { password?: string };

export interface UserExistsRequest {
  userId?: number;
  userName?: string;
  email?: string;
}

/** Generic list query (data-areas §2 generic list screen). */
export interface ListParams {
  searchTexts?: Record<string, string>;
  order?: Order;
  offset?: number;
  limit?: number;
}
export interface ListResponse<T> {
  items: T[];
  total: number;
}

export type FileType = 'csv' | 'xlsx' | 'txt';
export type Separator = 'comma' | 'semicolon' | 'tabulator' | 'other';
/** Export format (§3). */
export interface ExportFormat {
  fileType: FileType;
  firstRowHeader: boolean;
  dateFormat: string;
  codePrefix?: string;
  codeSuffix?: string;
  separator: Separator;
  otherSeparator?: string;
}

export interface VersionResponse {
  version: string;
}
