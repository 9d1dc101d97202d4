import type { FastifyBaseLogger } from 'fastify';
import { canSignIn, ERROR_CODES, type SignInBody, type SignInResponse } from '@portal/contract';
import { verifyPasswordLimited } from '../auth/password';
import { ApiError } from '../errors';
import { bumpTokenVersion, findUserById, findUserByName } from '../queries/users';
import { loadAuthUser, type AuthUser, type Deps } from './context';
import { isDemoPassword } from './passwords';
import { readSettings } from './settings';
import { avatarUrl } from './users';

/**
 * POST /api/auth/signin rules: the attempt is counted first (account and address), so a locked or
 * over-limit account or address → 429 TOO_MANY_ATTEMPTS without a password check; unknown user → 401
 * USER_NOT_FOUND; wrong password → 401 INVALID_PASSWORD (a demo password outside demo mode counts as
 * wrong); neither admin nor manager → 403 USER_NO_PRIVILEGES.
 */
export async function signIn(deps: Deps, body: SignInBody, address: string, log?: FastifyBaseLogger): Promise<SignInResponse> {
  const { db, lockout, tokens } = deps;
  await lockout.attempt(body.userName, address);
  const row = await findUserByName(db, body.userName);
  if (!row) throw new ApiError(401, ERROR_CODES.USER_NOT_FOUND, 'User not found');
  if (!deps.config.demo && isDemoPassword(row.user_name, body.password)) {
    log?.warn({ userName: row.user_name }, 'sign-in with a demo password refused outside demo mode (PORTAL_DEMO=0)');
    throw new ApiError(401, ERROR_CODES.INVALID_PASSWORD, 'Invalid password');
  }
  if (!(await verifyPasswordLimited(row.password_hash, body.password))) {
    throw new ApiError(401, ERROR_CODES.INVALID_PASSWORD, 'Invalid password');
  }
  await lockout.succeeded(body.userName, address);
  const user = await loadAuthUser(db, row);
  if (!canSignIn(user)) {
    throw new ApiError(403, ERROR_CODES.USER_NO_PRIVILEGES, 'You do not have privileges to access this application');
  }
  const { token, expiresIn } = await tokens.issue(row.id, row.token_version);
  return {
    token,
    userId: row.id,
    userFullName: row.full_name,
    userFlavor: row.flavor,
    userToken: row.token,
    role: row.role,
    permissions: user.permissions,
    settings: await readSettings(db, row.id),
    storeIds: user.storeIds,
    expiresIn,
    avatarUrl: avatarUrl(row),
  };
}

/** POST /api/auth/logout: every access token of the user issued so far stops working. */
export async function signOut(deps: Pick<Deps, 'db'>, actor: AuthUser): Promise<void> {
  await bumpTokenVersion(deps.db, actor.id);
}

/**
 * After changing one's own password every earlier token is revoked, the caller's too: the answer carries
 * a new token for the caller (header x-access-token) so the session goes on.
 */
export async function freshToken(deps: Pick<Deps, 'db' | 'tokens'>, userId: number): Promise<string | null> {
  const row = await findUserById(deps.db, userId);
  return row ? (await deps.tokens.issue(row.id, row.token_version)).token : null;
}
