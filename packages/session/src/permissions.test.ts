import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { hasPermission, loginSuccess, usePermission } from './index';
import { toSessionData } from './sagas/auth';
import { setup, signInResponse } from './testUtils';

const admin = { role: 'admin', permissions: [] };
const supervisor = { role: 'supervisor', permissions: ['manager'] };
const user = (...permissions: string[]) => ({ role: 'user', permissions });

describe('hasPermission (spec §6)', () => {
  it("'admin' needs the admin role", () => {
    expect(hasPermission(admin, 'admin')).toBe(true);
    expect(hasPermission(supervisor, 'admin')).toBe(false);
    expect(hasPermission(user('admin'), 'admin')).toBe(false);
  });

  it("'supervisor' (Users) needs admin or supervisor", () => {
    expect(hasPermission(admin, 'supervisor')).toBe(true);
    expect(hasPermission(supervisor, 'supervisor')).toBe(true);
    expect(hasPermission(user('supervisor', 'manager'), 'supervisor')).toBe(false);
  });

  it.each(['manager', 'inventories', 'statistics', 'alarms', 'imagesets'])("'%s' needs the admin role or that permission", (name) => {
    expect(hasPermission(admin, name)).toBe(true);
    expect(hasPermission(user(name), name)).toBe(true);
    expect(hasPermission(supervisor, name)).toBe(name === 'manager');
    expect(hasPermission(user('manager'), name)).toBe(name === 'manager');
    expect(hasPermission(user(), name)).toBe(false);
  });

  it('nobody signed in holds nothing', () => {
    expect(hasPermission(null, 'manager')).toBe(false);
  });
});

describe('usePermission', () => {
  it('answers for the signed-in user and follows the session', () => {
    const { store } = setup();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(Provider, { store, children });
    const { result } = renderHook(() => [usePermission('inventories'), usePermission('alarms')], { wrapper });
    expect(result.current).toEqual([false, false]);
    act(() => {
      store.dispatch(loginSuccess(toSessionData(signInResponse({ permissions: ['manager', 'inventories'] }), Date.now())));
    });
    expect(result.current).toEqual([true, false]);
  });
});
