import { canSignIn, ERROR_CODES, type SignInBody, type SignInResponse } from '@portal/contract';
import { verifyPassword } from '../auth/password';
import { ApiError } from '../errors';
import { findUserByName } from '../queries/users';
import { addressKey, userKey } from './lockout';
import { loadAuthUser, type Deps } from './context';
import { readSettings } from './settings';

/**
 * POST /api/auth/signin rules: locked account or address → 429; unknown user → 401 USER_NOT_FOUND;
 * wrong password → 401 INVALID_PASSWORD (both count towards the lock-out); neither admin nor manager →
 * 403 USER_NO_PRIVILEGES.
 */
export async function signIn(deps: Deps, body: SignInBody, address: string): Promise<SignInResponse> {
  const { db, lockout, tokens } = deps;
  await lockout.assertNotLocked([userKey(body.userName), addressKey(address)]);
  const row = await findUserByName(db, body.userName);
  if (!row) {
    await lockout.recordFailures(body.userName, address);
    throw new ApiError(401, ERROR_CODES.USER_NOT_FOUND, 'User not found');
  }
  if (!(await verifyPassword(row.password_hash, body.password))) {
    await lockout.recordFailures(body.userName, address);
    throw new ApiError(401, ERROR_CODES.INVALID_PASSWORD, 'Invalid password');
  }
  await lockout.clearUser(body.userName);
  const user = await loadAuthUser(db, row);
  if (!canSignIn(user)) {
    throw new ApiError(403, ERROR_CODES.USER_NO_PRIVILEGES, 'You do not have privileges to access this application');
  }
  const { token, expiresIn } = await tokens.issue(row.id);
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
  };
}
