/** Who may manage whom, and what a manager may grant (data-areas §5, §6). */
import { ERROR_CODES, hasPermission } from '@portal/contract';
import type { UserRow } from '../db/schema';
import { forbidden } from '../errors';
import type { AuthUser } from './context';

/**
 * Admins manage every user. A supervisor manages themselves and the users they could have created: role
 * user, every library among the supervisor's, every permission one the supervisor holds. (Managing a peer
 * supervisor or a user with more permissions would let a supervisor reset that password and gain more
 * than they hold.) Nobody else manages users.
 */
export function canManage(
  actor: AuthUser,
  target: Pick<UserRow, 'id' | 'role'> & { permissions: readonly string[] },
  targetStoreIds: readonly number[],
): boolean {
  if (actor.role === 'admin') return true;
  if (!hasPermission(actor, 'supervisor')) return false;
  if (target.id === actor.id) return true;
  if (target.role !== 'user') return false;
  return targetStoreIds.every((id) => actor.storeIds.includes(id)) && target.permissions.every((p) => actor.permissions.includes(p));
}

/** A supervisor grants only permissions they hold. */
export function assertGrantable(actor: AuthUser, next: readonly string[]): void {
  if (actor.role === 'admin') return;
  const notHeld = next.filter((p) => !actor.permissions.includes(p));
  if (notHeld.length) {
    throw forbidden(ERROR_CODES.PERMISSION_NOT_ALLOWED, `You cannot grant: ${notHeld.join(', ')}`);
  }
}

/**
 * An admin assigns any role; anyone else (a supervisor) only `user`: a supervisor could not manage the
 * supervisor they made (canManage), nor should they mint peers.
 */
export function assertRoleAssignable(actor: AuthUser, role: string): void {
  if (actor.role === 'admin' || role === 'user') return;
  throw forbidden(
    ERROR_CODES.ROLE_NOT_ALLOWED,
    role === 'admin' ? 'Only an administrator may assign the admin role' : 'Only an administrator may assign this role',
  );
}

/** Every store id must be one the actor holds (for an admin: one that exists). */
export function assertStoresGrantable(actor: AuthUser, storeIds: readonly number[]): void {
  if (storeIds.some((id) => !actor.storeIds.includes(id))) throw forbidden(ERROR_CODES.FORBIDDEN, 'Library not available');
}

export function normalizeEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim().toLowerCase();
  return trimmed ? trimmed : null;
}
