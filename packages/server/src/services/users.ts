import {
  DEFAULT_FLAVOR,
  ERROR_CODES,
  decodeListParams,
  hasPermission,
  parseIdList,
  type CreateUserBody,
  type ListQuery,
  type UpdateUserBody,
  type User,
  type UserExistsBody,
} from '@portal/contract';
import { hashPasswordLimited } from '../auth/password';
import type { UserRow, UserUpdate } from '../db/schema';
import { newUserToken } from '../demo/insertAccounts';
import { badRequest, conflict, forbidden } from '../errors';
import * as stores from '../queries/stores';
import * as q from '../queries/users';
import { parsePermissions, storeScope, type AuthUser, type Deps } from './context';
import { applyList } from './lists';
import { assertCurrentPassword, assertNewPasswordAllowed } from './passwords';
import { expandRegions } from './regions';
import { assertGrantable, assertRoleAssignable, assertStoresGrantable, canManage, normalizeEmail } from './userRules';

function parseRegions(json: string): string[] {
  return parsePermissions(json);
}

export function avatarUrl(row: Pick<UserRow, 'id' | 'avatar_file' | 'avatar_updated_at'>): string | null {
  if (!row.avatar_file || !row.avatar_updated_at) return null;
  return `/api/users/${row.id}/avatar?v=${Date.parse(row.avatar_updated_at)}`;
}

export function toApiUser(row: UserRow, storeIds: number[], parentName: string | null): User {
  return {
    tid: row.id,
    userName: row.user_name,
    fullName: row.full_name,
    address: row.address,
    telephone: row.telephone,
    email: row.email,
    flavor: row.flavor,
    role: row.role,
    permissions: parsePermissions(row.permissions),
    regions: parseRegions(row.regions),
    storeIds,
    token: row.token,
    imageSetToken: row.image_set_token,
    parent: parentName === null ? null : { userName: parentName },
    avatarUrl: avatarUrl(row),
    avatarUpdatedAt: row.avatar_updated_at,
    createdAt: row.created_at,
  };
}

/** Every user the actor manages, as API users. */
async function manageableUsers(deps: Deps, actor: AuthUser): Promise<User[]> {
  const [rows, storeMap] = await Promise.all([q.listAllUsers(deps.db), q.allUserStoreIds(deps.db)]);
  const names = new Map(rows.map((r) => [r.id, r.user_name]));
  return rows
    .filter((r) => canManage(actor, { ...r, permissions: parsePermissions(r.permissions) }, storeMap.get(r.id) ?? []))
    .map((r) => toApiUser(r, storeMap.get(r.id) ?? [], r.parent_id === null ? null : (names.get(r.parent_id) ?? null)));
}

/**
 * The target user when the actor may act on them (themselves, or a user they manage); otherwise 403
 * FORBIDDEN, the same answer as for an id that does not exist.
 */
export async function reachableUser(deps: Deps, actor: AuthUser, userId: number): Promise<{ row: UserRow; storeIds: number[] }> {
  const row = await q.findUserById(deps.db, userId);
  if (!row) throw forbidden();
  const storeIds = await q.userStoreIds(deps.db, row.id);
  if (row.id !== actor.id && !canManage(actor, { ...row, permissions: parsePermissions(row.permissions) }, storeIds)) throw forbidden();
  return { row, storeIds };
}

async function apiUser(deps: Deps, userId: number): Promise<User> {
  const row = (await q.findUserById(deps.db, userId))!;
  const parent = row.parent_id === null ? undefined : await q.findUserById(deps.db, row.parent_id);
  return toApiUser(row, await q.userStoreIds(deps.db, userId), parent?.user_name ?? null);
}

const LIST_FIELDS = ['tid', 'userName', 'fullName', 'address', 'telephone', 'email', 'flavor', 'role', 'permissions', 'storeIds', 'createdAt'] as const;

export async function listUsers(deps: Deps, actor: AuthUser, query: ListQuery) {
  const decoded = decodeListParams(query);
  if (!decoded.ok) throw badRequest(undefined, `Invalid ${decoded.param}`, { param: decoded.param });
  const users = await manageableUsers(deps, actor);
  const rows = users.map((u) => ({ ...u, parent: u.parent?.userName ?? null }));
  const page = applyList(rows, decoded.params, LIST_FIELDS);
  const byId = new Map(users.map((u) => [u.tid, u]));
  return { items: page.items.map((r) => byId.get(r.tid)!), total: page.total };
}

export async function countUsers(deps: Deps, actor: AuthUser): Promise<{ numUsers: number }> {
  return { numUsers: (await manageableUsers(deps, actor)).length };
}

export async function getUser(deps: Deps, actor: AuthUser, userId: number): Promise<User> {
  await reachableUser(deps, actor, userId);
  return apiUser(deps, userId);
}

export async function userExists(deps: Deps, actor: AuthUser, body: UserExistsBody): Promise<{ exists: boolean }> {
  if (!hasPermission(actor, 'supervisor')) throw forbidden();
  const userName = body.userName?.trim();
  const email = normalizeEmail(body.email);
  if (!userName && !email) throw badRequest(undefined, 'Give userName or email');
  const except = body.userId ?? null;
  const exists = (!!userName && (await q.userNameTaken(deps.db, userName, except))) || (!!email && (await q.emailTaken(deps.db, email, except)));
  return { exists };
}

/** Regions (over the actor's libraries) and explicit store ids → the store ids to save. */
async function resolveStoreIds(deps: Deps, actor: AuthUser, regions: string[] | undefined, storeIds: number[] | undefined): Promise<number[]> {
  const result = new Set<number>(storeIds ?? []);
  if (regions?.length) {
    const reachable = await stores.listStores(deps.db, storeScope(actor));
    const sensors = regions.some((r) => r.startsWith('sensor:')) ? await stores.listSensors(deps.db, storeScope(actor)) : [];
    for (const id of expandRegions(regions, reachable, sensors)) result.add(id);
  }
  const ids = [...result].sort((a, b) => a - b);
  assertStoresGrantable(actor, ids);
  return ids;
}

async function assertUniqueName(deps: Deps, userName: string, exceptId: number | null): Promise<void> {
  if (await q.userNameTaken(deps.db, userName, exceptId)) throw conflict(ERROR_CODES.USER_NAME_EXISTS, 'Name already exists');
}

async function assertEmail(deps: Deps, role: string, email: string | null, exceptId: number | null): Promise<void> {
  if (!email) {
    if (role !== 'admin') throw badRequest(ERROR_CODES.EMAIL_REQUIRED, 'Email is required', { field: 'email' });
    return;
  }
  if (await q.emailTaken(deps.db, email, exceptId)) throw conflict(ERROR_CODES.EMAIL_EXISTS, 'Email already exists');
}

export async function createUser(deps: Deps, actor: AuthUser, body: CreateUserBody): Promise<User> {
  assertRoleAssignable(actor, body.role);
  if (body.flavor !== undefined && body.flavor !== DEFAULT_FLAVOR && actor.role !== 'admin') {
    throw forbidden(ERROR_CODES.FIELD_NOT_EDITABLE, 'Only an administrator may set the flavor');
  }
  const permissions = body.role === 'admin' ? [] : [...new Set(body.permissions)];
  assertGrantable(actor, permissions);
  const userName = body.userName.trim();
  assertNewPasswordAllowed(body.password, userName, deps.config.demo);
  const email = normalizeEmail(body.email);
  await assertUniqueName(deps, userName, null);
  await assertEmail(deps, body.role, email, null);
  const storeIds = await resolveStoreIds(deps, actor, body.regions, body.storeIds);
  const now = deps.config.now().toISOString();
  const passwordHash = await hashPasswordLimited(body.password, deps.config.argon2);
  const id = await deps.db.transaction().execute(async (trx) => {
    const newId = await q.insertUser(trx, {
      user_name: userName,
      full_name: body.fullName,
      address: body.address,
      telephone: body.telephone,
      email,
      password_hash: passwordHash,
      flavor: body.flavor ?? DEFAULT_FLAVOR,
      role: body.role,
      permissions: JSON.stringify(permissions),
      regions: JSON.stringify([...new Set(body.regions ?? [])]),
      token: newUserToken(),
      image_set_token: newUserToken(),
      parent_id: actor.id,
      created_at: now,
      updated_at: now,
    });
    await q.replaceUserStores(trx, newId, storeIds);
    return newId;
  });
  return apiUser(deps, id);
}

export async function updateUser(deps: Deps, actor: AuthUser, userId: number, body: UpdateUserBody): Promise<User> {
  const { row, storeIds: currentStoreIds } = await reachableUser(deps, actor, userId);
  const isSelf = row.id === actor.id;
  const manages = hasPermission(actor, 'supervisor');
  const notEditable = (field: string) => forbidden(ERROR_CODES.FIELD_NOT_EDITABLE, `You cannot change ${field}`);
  const changes: UserUpdate = {};
  const currentPermissions = parsePermissions(row.permissions);

  if (body.userName !== undefined && body.userName.trim() !== row.user_name) {
    if (isSelf && actor.role !== 'admin') throw notEditable('userName');
    await assertUniqueName(deps, body.userName.trim(), row.id);
    changes.user_name = body.userName.trim();
  }
  const role = body.role ?? row.role;
  if (role !== row.role) {
    if (isSelf) throw forbidden(ERROR_CODES.OWN_ROLE_CHANGE, 'You cannot change your own role');
    assertRoleAssignable(actor, role);
    changes.role = role;
  }
  if (body.flavor !== undefined && body.flavor !== row.flavor) {
    if (actor.role !== 'admin') throw notEditable('flavor');
    changes.flavor = body.flavor;
  }
  let permissions = body.permissions ? [...new Set(body.permissions)] : currentPermissions;
  if (role === 'admin') permissions = [];
  const permissionsChanged = permissions.length !== currentPermissions.length || permissions.some((p) => !currentPermissions.includes(p));
  if (permissionsChanged) {
    if (!manages) throw notEditable('permissions');
    assertGrantable(actor, permissions);
    changes.permissions = JSON.stringify(permissions);
  }
  let storeIds: number[] | null = null;
  if (body.regions !== undefined || body.storeIds !== undefined) {
    const next = await resolveStoreIds(deps, actor, body.regions, body.storeIds);
    const same = next.length === currentStoreIds.length && next.every((id) => currentStoreIds.includes(id));
    if (!same && !manages) throw notEditable('regions');
    if (!same) storeIds = next;
    const regions = [...new Set(body.regions ?? [])];
    if (JSON.stringify(regions) !== row.regions) {
      if (!manages) throw notEditable('regions');
      changes.regions = JSON.stringify(regions);
    }
  }
  for (const field of ['fullName', 'address', 'telephone'] as const) {
    if (body[field] !== undefined) changes[field === 'fullName' ? 'full_name' : field] = body[field];
  }
  const email = body.email !== undefined ? normalizeEmail(body.email) : row.email;
  if (body.email !== undefined || role !== row.role) {
    await assertEmail(deps, role, email, row.id);
    changes.email = email;
  }
  if (body.password !== undefined) {
    assertNewPasswordAllowed(body.password, changes.user_name ?? row.user_name, deps.config.demo);
    if (isSelf) await assertCurrentPassword(deps, row, body.currentPassword);
    changes.password_hash = await hashPasswordLimited(body.password, deps.config.argon2);
  }
  // Tokens issued before a password or role change stop working (auth/tokens.ts).
  const revokeTokens = changes.password_hash !== undefined || changes.role !== undefined;

  changes.updated_at = deps.config.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await q.updateUser(trx, row.id, changes);
    if (storeIds) await q.replaceUserStores(trx, row.id, storeIds);
    if (revokeTokens) await q.bumpTokenVersion(trx, row.id);
  });
  return apiUser(deps, row.id);
}

/**
 * DELETE /api/users/{userId}, ids comma-separated: all or nothing. An id that is unknown or not managed by the actor
 * is 403 FORBIDDEN; admin and supervisor users are never deleted from the list (403 USER_NOT_DELETABLE).
 */
export async function deleteUsers(deps: Deps, actor: AuthUser, idsText: string): Promise<{ ids: number[] }> {
  const ids = parseIdList(idsText);
  const targets = [];
  for (const id of ids) {
    const { row } = await reachableUser(deps, actor, id);
    if (row.role === 'admin' || row.role === 'supervisor') {
      throw forbidden(ERROR_CODES.USER_NOT_DELETABLE, 'Administrators and supervisors cannot be deleted');
    }
    targets.push(row);
  }
  await deps.db.transaction().execute((trx) => q.deleteUsers(trx, ids));
  for (const t of targets) if (t.avatar_file) await deps.storage.remove(t.avatar_file);
  return { ids };
}

/**
 * POST /api/users/{userId}/publicToken (the capacity displays' token) and /imageSetToken (the image-set clients'):
 * a new token of that kind for the user (themselves, or a user the actor manages, as for editing them). The old
 * one stops working at once (the displays look the token up on every call: publicDisplays/capacities.ts); the
 * other kind is left as it is.
 */
export async function rotatePublicToken(deps: Deps, actor: AuthUser, userId: number, kind: 'token' | 'image_set_token'): Promise<{ token: string }> {
  const { row } = await reachableUser(deps, actor, userId);
  const token = newUserToken();
  await q.updateUser(deps.db, row.id, { [kind]: token, updated_at: deps.config.now().toISOString() });
  return { token };
}
