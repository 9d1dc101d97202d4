import { canSignIn, hasPermission } from './permissions';

const admin = { role: 'admin', permissions: [] };
const supervisor = { role: 'supervisor', permissions: ['manager', 'statistics'] };
const user = { role: 'user', permissions: ['inventories'] };

describe('hasPermission', () => {
  it("'admin' needs the admin role", () => {
    expect(hasPermission(admin, 'admin')).toBe(true);
    expect(hasPermission(supervisor, 'admin')).toBe(false);
    expect(hasPermission({ role: 'user', permissions: ['admin'] }, 'admin')).toBe(false);
  });
  it("'supervisor' needs admin or supervisor", () => {
    expect(hasPermission(admin, 'supervisor')).toBe(true);
    expect(hasPermission(supervisor, 'supervisor')).toBe(true);
    expect(hasPermission({ role: 'user', permissions: ['supervisor'] }, 'supervisor')).toBe(false);
  });
  it('other names need admin or the permission', () => {
    expect(hasPermission(admin, 'alarms')).toBe(true);
    expect(hasPermission(supervisor, 'statistics')).toBe(true);
    expect(hasPermission(supervisor, 'alarms')).toBe(false);
    expect(hasPermission(user, 'inventories')).toBe(true);
    expect(hasPermission(null, 'inventories')).toBe(false);
  });
  it('sign-in needs admin or manager', () => {
    expect(canSignIn(admin)).toBe(true);
    expect(canSignIn(supervisor)).toBe(true);
    expect(canSignIn(user)).toBe(false);
  });
});
