/** What the user form sends on save (data-areas §5): only the fields the form shows to this editor. */
import type { RegionNode, User, UserInput, UserUpdate } from '@portal/api';
import { findRegions, storeIdsOfRegions } from '@portal/session';
import type { UserFormRules } from './userRules';

export type UserFormValues = {
  userName?: string;
  fullName?: string;
  address?: string;
  telephone?: string;
  email?: string | null;
  flavor?: string;
  role?: string;
  permissions?: string[];
  regions?: string[];
  changePassword?: boolean;
  currentPassword?: string;
  password?: string;
  confirm?: string;
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The regions shown for a user: the saved ones, or (for users given libraries directly, like the demo
 * accounts) one region per library, so that saving the form keeps their libraries.
 */
export function initialRegions(user: Pick<User, 'regions' | 'storeIds'> | null): string[] {
  if (!user) return [];
  return user.regions.length > 0 ? user.regions : user.storeIds.map((id) => `store:${id}`);
}

/** Role admin saves empty permissions. */
export const permissionsToSave = (role: unknown, permissions: unknown): string[] =>
  role === 'admin' || !Array.isArray(permissions) ? [] : (permissions as string[]);

/** The selected regions and the store ids they expand to. */
export function regionsToSave(tree: readonly RegionNode[], regions: unknown): { regions: string[]; storeIds: number[] } {
  const values = Array.isArray(regions) ? (regions as string[]) : [];
  return { regions: values, storeIds: storeIdsOfRegions(findRegions(tree, values)).sort((a, b) => a - b) };
}

/** POST /api/users body of a new user. */
export function newUserBody(values: UserFormValues, rules: UserFormRules, tree: readonly RegionNode[]): UserInput {
  const role = (values.role ?? 'user') as UserInput['role'];
  return {
    userName: text(values.userName),
    fullName: text(values.fullName),
    address: text(values.address),
    telephone: text(values.telephone),
    email: text(values.email) || null,
    ...(rules.showFlavor && values.flavor ? { flavor: values.flavor as UserInput['flavor'] } : {}),
    role,
    permissions: permissionsToSave(role, values.permissions) as UserInput['permissions'],
    ...regionsToSave(tree, values.regions),
    password: values.password ?? '',
  };
}

/** PUT /api/users/{id} body: the fields this editor may change; the password only when changing it. */
export function userUpdateBody(values: UserFormValues, rules: UserFormRules, tree: readonly RegionNode[], target: Pick<User, 'role'>): UserUpdate {
  const role = rules.showRole && !rules.roleDisabled && values.role ? values.role : target.role;
  const body: UserUpdate = {
    fullName: text(values.fullName),
    address: text(values.address),
    telephone: text(values.telephone),
    email: text(values.email) || null,
  };
  if (!rules.userNameDisabled) body.userName = text(values.userName);
  if (rules.showFlavor && values.flavor) body.flavor = values.flavor as UserUpdate['flavor'];
  if (rules.showRole && !rules.roleDisabled) body.role = role as UserUpdate['role'];
  if (rules.canManage) {
    body.permissions = permissionsToSave(role, values.permissions) as UserUpdate['permissions'];
    Object.assign(body, regionsToSave(tree, values.regions));
  }
  if (values.changePassword) {
    body.password = values.password ?? '';
    if (rules.isSelf) body.currentPassword = values.currentPassword ?? '';
  }
  return body;
}
