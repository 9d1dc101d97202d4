import type { RegionNode } from '@portal/api';
import { PERMISSIONS } from '@portal/contract';
import { initialRegions, newUserBody, regionsToSave, userUpdateBody } from './userPayload';
import {
  PASSWORD_MIN_LENGTH,
  canDeleteUser,
  emailRequired,
  isPasswordLongEnough,
  isValidEmail,
  passwordRequired,
  showPermissions,
  userFormRules,
  type Actor,
} from './userRules';

const admin: Actor = { userId: 1, role: 'admin', permissions: [] };
const supervisor: Actor = { userId: 2, role: 'supervisor', permissions: ['manager', 'inventories', 'alarms'] };
const manager: Actor = { userId: 3, role: 'user', permissions: ['manager'] };
const plainUser = { tid: 9, role: 'user' };

const TREE = [
  {
    title: 'Norte',
    value: 'area:Norte',
    key: 'area:Norte',
    storeIds: [3, 5],
    children: [
      { title: 'Tres', value: 'store:3', key: 'store:3', storeIds: [3] },
      { title: 'Cinco', value: 'store:5', key: 'store:5', storeIds: [5] },
    ],
  },
  { title: 'Sur', value: 'area:Sur', key: 'area:Sur', storeIds: [4], children: [{ title: 'Cuatro', value: 'store:4', key: 'store:4', storeIds: [4] }] },
] as unknown as RegionNode[];

const values = {
  userName: ' ana ',
  fullName: 'Ana',
  address: 'Calle 1',
  telephone: '600',
  email: 'ana@example.org',
  flavor: 'LIBTECS',
  role: 'user',
  permissions: ['manager', 'alarms'],
  regions: ['area:Norte'],
  password: 'secret-pass',
  confirm: 'secret-pass',
};

describe('userFormRules: admin', () => {
  it('sees flavor, every role (Administrator too) and every permission; may rename anyone', () => {
    const rules = userFormRules(admin, plainUser);
    expect(rules).toMatchObject({ showFlavor: true, showRole: true, roleDisabled: false, canManage: true, userNameDisabled: false });
    expect(rules.roleOptions).toEqual(['user', 'supervisor', 'admin']);
    expect(rules.permissionOptions).toEqual([...PERMISSIONS]);
  });
  it('cannot change their own role but may rename themself', () => {
    expect(userFormRules(admin, { tid: 1, role: 'admin' })).toMatchObject({ isSelf: true, roleDisabled: true, userNameDisabled: false });
  });
});

describe('userFormRules: supervisor', () => {
  it('offers only role user (no Administrator), only their own permissions, no flavor', () => {
    const rules = userFormRules(supervisor, null);
    expect(rules).toMatchObject({ isNew: true, showFlavor: false, showRole: true, canManage: true, showChangePassword: false });
    expect(rules.roleOptions).toEqual(['user']);
    expect(rules.permissionOptions).toEqual(['manager', 'inventories', 'alarms']);
  });
  it('editing themself: own role shown but disabled, user name disabled', () => {
    const rules = userFormRules(supervisor, { tid: 2, role: 'supervisor' });
    expect(rules).toMatchObject({ isSelf: true, roleDisabled: true, userNameDisabled: true, showChangePassword: true });
    expect(rules.roleOptions).toContain('supervisor');
  });
});

describe('userFormRules: a user editing themself', () => {
  it('sees no role, permissions, regions or flavor; the user name is disabled', () => {
    const rules = userFormRules(manager, { tid: 3, role: 'user' });
    expect(rules).toMatchObject({ showRole: false, canManage: false, showFlavor: false, userNameDisabled: true, roleDisabled: true });
    expect(showPermissions(rules, 'user')).toBe(false);
  });
});

describe('field rules', () => {
  it('permissions are asked unless the edited role is admin', () => {
    const rules = userFormRules(admin, null);
    expect(showPermissions(rules, 'user')).toBe(true);
    expect(showPermissions(rules, 'supervisor')).toBe(true);
    expect(showPermissions(rules, 'admin')).toBe(false);
  });
  it('email is required unless the user is admin, and must look like an email', () => {
    expect(emailRequired('user')).toBe(true);
    expect(emailRequired('admin')).toBe(false);
    expect(isValidEmail('ana@example.org')).toBe(true);
    expect(isValidEmail('ana@example')).toBe(false);
    expect(isValidEmail('ana example.org')).toBe(false);
  });
  it('password: required for a new user or when Change Password is on; at least PASSWORD_MIN_LENGTH characters', () => {
    expect(passwordRequired(userFormRules(admin, null), false)).toBe(true);
    expect(passwordRequired(userFormRules(admin, plainUser), false)).toBe(false);
    expect(passwordRequired(userFormRules(admin, plainUser), true)).toBe(true);
    expect(isPasswordLongEnough('x'.repeat(PASSWORD_MIN_LENGTH))).toBe(true);
    expect(isPasswordLongEnough('x'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(false);
  });
  it('admin and supervisor rows (and oneself) cannot be deleted', () => {
    expect(canDeleteUser(admin, { tid: 9, role: 'user' })).toBe(true);
    expect(canDeleteUser(admin, { tid: 8, role: 'supervisor' })).toBe(false);
    expect(canDeleteUser(admin, { tid: 7, role: 'admin' })).toBe(false);
    expect(canDeleteUser(supervisor, { tid: 2, role: 'user' })).toBe(false);
  });
});

describe('what the form sends', () => {
  it('regions expand to the store ids of the tree', () => {
    expect(regionsToSave(TREE, ['area:Norte', 'store:4'])).toEqual({ regions: ['area:Norte', 'store:4'], storeIds: [3, 4, 5] });
    expect(initialRegions({ regions: [], storeIds: [3, 4] })).toEqual(['store:3', 'store:4']);
    expect(initialRegions({ regions: ['area:Sur'], storeIds: [4] })).toEqual(['area:Sur']);
  });
  it('a new user: trimmed texts, flavor only from an admin, regions expanded', () => {
    expect(newUserBody(values, userFormRules(admin, null), TREE)).toEqual({
      userName: 'ana',
      fullName: 'Ana',
      address: 'Calle 1',
      telephone: '600',
      email: 'ana@example.org',
      flavor: 'LIBTECS',
      role: 'user',
      permissions: ['manager', 'alarms'],
      regions: ['area:Norte'],
      storeIds: [3, 5],
      password: 'secret-pass',
    });
    expect(newUserBody(values, userFormRules(supervisor, null), TREE)).not.toHaveProperty('flavor');
  });
  it('role admin saves empty permissions', () => {
    expect(newUserBody({ ...values, role: 'admin', email: '' }, userFormRules(admin, null), TREE)).toMatchObject({ permissions: [], email: null });
    expect(userUpdateBody({ ...values, role: 'admin' }, userFormRules(admin, plainUser), TREE, plainUser)).toMatchObject({ role: 'admin', permissions: [] });
  });
  it('a user editing themself sends neither user name, role, permissions nor regions; currentPassword with a new password', () => {
    const body = userUpdateBody({ ...values, changePassword: true, currentPassword: 'old-pass' }, userFormRules(manager, { tid: 3, role: 'user' }), TREE, {
      role: 'user',
    });
    expect(body).toEqual({
      fullName: 'Ana',
      address: 'Calle 1',
      telephone: '600',
      email: 'ana@example.org',
      password: 'secret-pass',
      currentPassword: 'old-pass',
    });
  });
  it("an admin setting another user's password sends no currentPassword; no password without Change Password", () => {
    const rules = userFormRules(admin, plainUser);
    expect(userUpdateBody({ ...values, changePassword: true }, rules, TREE, plainUser)).not.toHaveProperty('currentPassword');
    expect(userUpdateBody({ ...values, changePassword: false }, rules, TREE, plainUser)).not.toHaveProperty('password');
  });
  it('a supervisor editing themself keeps their role (not sent) and cannot rename', () => {
    const body = userUpdateBody(values, userFormRules(supervisor, { tid: 2, role: 'supervisor' }), TREE, { role: 'supervisor' });
    expect(body).not.toHaveProperty('role');
    expect(body).not.toHaveProperty('userName');
    expect(body).toMatchObject({ permissions: ['manager', 'alarms'], storeIds: [3, 5] });
  });
});
