/**
 * Password rules of the users calls: a new password has at least PASSWORD_MIN_LENGTH characters
 * and, outside demo mode, is not a demo password; changing one's own password needs the current one.
 */
import { ERROR_CODES, foldText, PASSWORD_MIN_LENGTH } from '@portal/contract';
import { verifyPasswordLimited } from '../auth/password';
import type { UserRow } from '../db/schema';
import { DEMO_ACCOUNTS } from '../demo/accounts';
import { ApiError, badRequest } from '../errors';
import type { Deps } from './context';

const DEMO_PASSWORDS = new Set(DEMO_ACCOUNTS.map((a) => foldText(a.password)));

/** A password the demo data gives out: a demo account's, or equal to the user name (every generated demo user). */
export function isDemoPassword(userName: string, password: string): boolean {
  const folded = foldText(password.trim());
  return DEMO_PASSWORDS.has(folded) || folded === foldText(userName.trim());
}

/** 400 PASSWORD_TOO_SHORT / PASSWORD_NOT_ALLOWED for a password a user may not be given. */
export function assertNewPasswordAllowed(password: string, userName: string, demo: boolean): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw badRequest(ERROR_CODES.PASSWORD_TOO_SHORT, `The password needs at least ${PASSWORD_MIN_LENGTH} characters`, {
      field: 'password',
      minLength: PASSWORD_MIN_LENGTH,
    });
  }
  if (!demo && isDemoPassword(userName, password)) {
    throw badRequest(ERROR_CODES.PASSWORD_NOT_ALLOWED, 'This password is not allowed', { field: 'password' });
  }
}

/**
 * Changing one's own password: 400 CURRENT_PASSWORD_REQUIRED without the current password, 403
 * INVALID_PASSWORD when it is wrong (not 401: the session stays valid). Wrong answers count towards the
 * account's sign-in lock-out, and a locked account answers 429 without a check.
 */
export async function assertCurrentPassword(deps: Pick<Deps, 'lockout'>, row: UserRow, currentPassword: string | undefined): Promise<void> {
  if (!currentPassword) {
    throw badRequest(ERROR_CODES.CURRENT_PASSWORD_REQUIRED, 'Give your current password to change it', { field: 'currentPassword' });
  }
  await deps.lockout.attempt(row.user_name, null);
  if (!(await verifyPasswordLimited(row.password_hash, currentPassword))) {
    throw new ApiError(403, ERROR_CODES.INVALID_PASSWORD, 'Invalid password', { field: 'currentPassword' });
  }
  await deps.lockout.succeeded(row.user_name, null);
}
