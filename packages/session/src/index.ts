export { store, injectReducer, injectSaga, createPortalStore, type RootState, type AppDispatch, type PortalStore } from './store';
export {
  loginRequest,
  loginSuccess,
  loginFailure,
  logout,
  restoreSession,
  sessionRestored,
  updateSettings,
  settingsSaved,
  avatarChanged,
  tokenRenewed,
  ownUserSaved,
  publicTokenChanged,
  initialAuthState,
  type AuthState,
  type SessionData,
} from './authSlice';
export { fetchStores, fetchStoresSuccess, fetchStoresFailure, initialStoresState, type StoresState } from './storesSlice';
export { changeLibraryRequested, changeLibraryClosed, initialChangeLibraryState, type ChangeLibraryState } from './changeLibrarySlice';
export {
  selectSession,
  selectIsLoggedIn,
  selectSettings,
  selectSelectedStoreId,
  selectSelectedStore,
  selectStoreIds,
  selectStores,
  selectRegions,
  selectStoresLoading,
  selectPermissionHolder,
  selectChangeLibraryOpen,
} from './selectors';
export { useSession, usePermission, useAppDispatch, useAppSelector } from './hooks';
// The one permission check (spec §6) lives in @portal/contract so the server uses the same function.
export { hasPermission, canSignIn, type PermissionHolder } from '@portal/contract';
export { limitRegionsToStores, storeIdsOfRegions, findRegions } from './regions';
export { isStoreExpired, localDay } from './storeDates';
export { EMPTY_SETTINGS, toSettings, mergeSettings } from './settings';
export { STORAGE_KEYS } from './storage';
export { loadDeploySettings, forgetDeploySettings, useDeploySettings } from './deploySettings';
