/** Roles and permissions (access-shell-dashboard §6, data-areas §6): one pure check for server and front end. */

export const ROLES = ['user', 'supervisor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['manager', 'inventories', 'devices', 'statistics', 'capacity', 'alarms', 'imagesets'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A requirement is a role name ('admin', 'supervisor') or a permission name. */
export type Requirement = 'admin' | 'supervisor' | Permission;

export interface PermissionHolder {
  role: string;
  permissions: readonly string[];
}

/**
 * 'admin' needs the admin role; 'supervisor' needs admin or supervisor; any other name needs the admin
 * role or that name in the user's permissions. No user (signed out) holds nothing.
 */
export function hasPermission(user: PermissionHolder | null | undefined, requirement: string): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  if (requirement === 'admin') return false;
  if (requirement === 'supervisor') return user.role === 'supervisor';
  return user.permissions.includes(requirement);
}

/** Only users with the role admin, or with the permission manager, may sign in. */
export function canSignIn(user: PermissionHolder): boolean {
  return hasPermission(user, 'manager');
}
