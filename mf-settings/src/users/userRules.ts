/**
 * The user form's rules (data-areas §5, §6), as pure functions of who edits whom. The server refuses what
 * these hide (packages/server/src/services/userRules.ts, users.ts); userRules.test.ts checks the same cases.
 */
import { FLAVORS, PASSWORD_MIN_LENGTH, PERMISSIONS, ROLES, hasPermission } from '@portal/contract';
import type { User } from '@portal/api';

export { PASSWORD_MIN_LENGTH };

export type Role = (typeof ROLES)[number];

/** The signed-in user (from the session). */
export interface Actor {
  userId: number;
  role: string;
  permissions: readonly string[];
}

/** The user being edited: null when adding one. */
export type Target = Pick<User, 'tid' | 'role'> | null;

export interface UserFormRules {
  isNew: boolean;
  isSelf: boolean;
  /** A non-admin never renames themself (and a plain user only ever edits themself). */
  userNameDisabled: boolean;
  /** Flavor field and column: admin only. */
  showFlavor: boolean;
  flavorOptions: readonly string[];
  /** Role: shown to admin and supervisor; nobody changes their own. */
  showRole: boolean;
  roleDisabled: boolean;
  roleOptions: Role[];
  /** Permissions and regions: for admin or supervisor. */
  canManage: boolean;
  /** Admin sees every permission; a supervisor only their own. */
  permissionOptions: string[];
  /** Editing an existing user shows the Change Password switch. */
  showChangePassword: boolean;
}

export function userFormRules(actor: Actor, target: Target): UserFormRules {
  const isNew = target === null;
  const isSelf = target !== null && target.tid === actor.userId;
  const isAdmin = actor.role === 'admin';
  const manages = hasPermission(actor, 'supervisor');
  // A supervisor creates and edits only role user; on themself the (disabled) field shows their own role.
  const roleOptions: Role[] = isAdmin ? [...ROLES] : ['user'];
  if (isSelf && !roleOptions.includes(target.role as Role)) roleOptions.push(target.role as Role);
  return {
    isNew,
    isSelf,
    userNameDisabled: actor.role === 'user' || (isSelf && !isAdmin),
    showFlavor: isAdmin,
    flavorOptions: FLAVORS,
    showRole: manages,
    roleDisabled: isSelf,
    roleOptions,
    canManage: manages,
    permissionOptions: isAdmin ? [...PERMISSIONS] : PERMISSIONS.filter((p) => actor.permissions.includes(p)),
    showChangePassword: !isNew,
  };
}

/** Permissions are asked for only when the edited user's role is not admin. */
export const showPermissions = (rules: UserFormRules, role: unknown): boolean => rules.canManage && role !== 'admin';

/** Email is required unless the edited user's role is admin. */
export const emailRequired = (role: unknown): boolean => role !== 'admin';

/** Password and confirm: for a new user, or when Change Password is on. */
export const passwordRequired = (rules: UserFormRules, changePassword: unknown): boolean => rules.isNew || changePassword === true;

/** Admin and supervisor users cannot be deleted from the list (and nobody deletes themself). */
export const canDeleteUser = (actor: Actor, row: Pick<User, 'tid' | 'role'>): boolean => row.role === 'user' && row.tid !== actor.userId;

/** A simple email check, the same shape the server's format accepts (something@domain.tld). */
export const isValidEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/** A new password needs at least PASSWORD_MIN_LENGTH characters (the server answers PASSWORD_TOO_SHORT). */
export const isPasswordLongEnough = (password: unknown): boolean => typeof password === 'string' && password.length >= PASSWORD_MIN_LENGTH;
