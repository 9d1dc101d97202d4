import { prefetchReads } from '@portal/api';
import { getLanguage, weekStartDay } from '@portal/i18n';
import {
  hasPermission,
  isStoreExpired,
  selectIsLoggedIn,
  selectPermissionHolder,
  selectRegions,
  selectSelectedStore,
  selectSettings,
  selectStoreIds,
  selectStoresLoading,
  store as sessionStore,
  type PortalStore,
  type RootState,
} from '@portal/session';
import { manifest } from '../manifest';
import { today } from './hooks/useWeekPaging';
import { areaNameTree } from './model/areaNameTree';
import { forgetFirstAnswers } from './model/firstAnswers';
import { startFirstCalls } from './model/firstCalls';

const DASHBOARD_PERMISSION = manifest.routes[0].permission;

/**
 * Whether the dashboard would ask for data right now: signed in with its permission, the libraries and region
 * tree loaded, and the library guard letting the page show (a selected library that exists and has not expired:
 * no call otherwise).
 */
function readyToAsk(state: RootState): boolean {
  if (!selectIsLoggedIn(state) || selectStoresLoading(state) || selectRegions(state).length === 0) return false;
  const holder = selectPermissionHolder(state);
  if (!holder || !hasPermission(holder, DASHBOARD_PERMISSION)) return false;
  const selected = selectSelectedStore(state);
  return !!selected && !isStoreExpired(selected);
}

/**
 * Called by the shell when it loaded this remote while signed out, before the page mounts (the dashboard is where
 * every sign-in lands): as soon as the sign-in answer and the libraries are in the session (at once when they
 * already are), the dashboard's first calls start through @portal/api's shared reads, while the signed-in shell
 * and this remote are still rendering; the widgets then take those answers instead of asking again. Once per
 * sign-in; signing out arms it for the next one. Returns the unsubscribe function.
 */
export function prefetchDashboard(store: PortalStore = sessionStore): () => void {
  let armed = true;
  const check = () => {
    const state = store.getState();
    if (!selectIsLoggedIn(state)) {
      if (!armed) forgetFirstAnswers(); // signed out: nothing of that session is shown to the next one
      armed = true;
      return;
    }
    if (!armed || !readyToAsk(state)) return;
    armed = false;
    prefetchReads(() =>
      startFirstCalls({
        fullTree: areaNameTree(selectRegions(state)),
        userStoreIds: selectStoreIds(state),
        items: selectSettings(state).dashboardItems,
        weekStartDay: weekStartDay(getLanguage()),
        today: today(),
      }),
    );
  };
  const unsubscribe = store.subscribe(check);
  check();
  return unsubscribe;
}
