import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from './store';

export const selectSession = (state: RootState) => state.auth;
export const selectIsLoggedIn = (state: RootState) => state.auth.token !== null;
export const selectSettings = (state: RootState) => state.auth.settings;
export const selectSelectedStoreId = (state: RootState) => state.auth.settings.selectedStoreId ?? null;
export const selectStoreIds = (state: RootState) => state.auth.storeIds;
export const selectStores = (state: RootState) => state.stores.stores;
export const selectRegions = (state: RootState) => state.stores.regions;
export const selectStoresLoading = (state: RootState) => state.stores.loading;
/** True while some root has asked for the shell's Change Library modal (changeLibraryRequested). */
export const selectChangeLibraryOpen = (state: RootState) => state.changeLibrary.open;

/** The library of settings.selectedStoreId, or null when none is selected or it is not among the stores. */
export const selectSelectedStore = createSelector([selectStores, selectSelectedStoreId], (stores, id) =>
  id === null ? null : (stores.find((store) => store.tid === id) ?? null),
);

/** role + permissions, the input of hasPermission; null when signed out. */
export const selectPermissionHolder = createSelector(
  [(state: RootState) => state.auth.role, (state: RootState) => state.auth.permissions],
  (role, permissions) => (role === null ? null : { role, permissions }),
);
