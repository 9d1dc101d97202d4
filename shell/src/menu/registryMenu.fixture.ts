// Test fixture: the menu entries and routes exactly as the remotes' own manifests declare them (registry.json is
// assembled from the same files), and the demo accounts' real roles and permissions from the server's demo data.
// Nothing here is copied by hand: a manifest or a demo account that changes changes what the shell tests see.
import { DEMO_ACCOUNTS } from '../../../packages/server/src/demo/accounts';
import { manifest as dashboard } from '../../../mf-dashboard/src/manifest';
import { manifest as items } from '../../../mf-items/src/manifest';
import { manifest as statistics } from '../../../mf-statistics/src/manifest';
import { manifest as selfcheck } from '../../../mf-selfcheck/src/manifest';
import { manifest as settings } from '../../../mf-settings/src/manifest';
import { manifest as publicEntry } from '../../../mf-public/src/manifest';
import type { MenuEntry, RouteEntry } from './types';

export const REMOTE_MANIFESTS = [dashboard, items, statistics, selfcheck, settings, publicEntry] as const;

export const REGISTRY_MENU: MenuEntry[] = REMOTE_MANIFESTS.flatMap((m) => m.menu as readonly MenuEntry[]);
export const REGISTRY_ROUTES: RouteEntry[] = REMOTE_MANIFESTS.flatMap((m) => m.routes as readonly RouteEntry[]);

function demoAccount(userName: string): { role: string; permissions: string[] } {
  const account = DEMO_ACCOUNTS.find((a) => a.userName === userName);
  if (!account) throw new Error(`no demo account ${userName}`);
  return { role: account.role, permissions: [...account.permissions] };
}

/** The demo accounts that can sign in (viewer cannot: USER_NO_PRIVILEGES), with their real role and permissions. */
export const DEMO_USERS = {
  admin: demoAccount('admin'),
  supervisor: demoAccount('supervisor'),
  manager: demoAccount('manager'),
  librarian: demoAccount('librarian'),
};
