import type { Kysely } from 'kysely';
import { ERROR_CODES, type Role } from '@portal/contract';
import type { ServerConfig } from '../config';
import type { Database, UserRow } from '../db/schema';
import { forbidden } from '../errors';
import { allStoreIds } from '../queries/stores';
import { findUserById, userStoreIds } from '../queries/users';
import type { TokenService } from '../auth/tokens';
import type { FileStorage } from '../storage/files';
import type { Lockout } from './lockout';

/** What every service gets. */
export interface Deps {
  db: Kysely<Database>;
  config: ServerConfig;
  tokens: TokenService;
  lockout: Lockout;
  storage: FileStorage;
}

/** The signed-in user of a request, read fresh from the database on every call. */
export interface AuthUser {
  id: number;
  userName: string;
  fullName: string;
  role: Role;
  permissions: string[];
  /** The libraries the user reaches: for admins every library. */
  storeIds: number[];
  /** Access tokens of an older version are refused (auth/tokens.ts). */
  tokenVersion: number;
}

export function parsePermissions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export async function loadAuthUser(db: Kysely<Database>, row: UserRow): Promise<AuthUser> {
  return {
    id: row.id,
    userName: row.user_name,
    fullName: row.full_name,
    role: row.role,
    permissions: parsePermissions(row.permissions),
    storeIds: row.role === 'admin' ? await allStoreIds(db) : await userStoreIds(db, row.id),
    tokenVersion: row.token_version,
  };
}

export async function findAuthUser(db: Kysely<Database>, id: number): Promise<AuthUser | null> {
  const row = await findUserById(db, id);
  return row ? loadAuthUser(db, row) : null;
}

/** The store ids to filter by, or undefined for an admin (every library: no id list in the SQL). */
export function storeScope(user: AuthUser): number[] | undefined {
  return user.role === 'admin' ? undefined : user.storeIds;
}

export function canReachStore(user: AuthUser, storeId: number): boolean {
  return user.storeIds.includes(storeId);
}

/** 403 FORBIDDEN for a library the user does not hold — the same answer as for one that does not exist. */
export function assertStoreReachable(user: AuthUser, storeId: number): void {
  if (!canReachStore(user, storeId)) throw forbidden(ERROR_CODES.FORBIDDEN, 'Library not available');
}
