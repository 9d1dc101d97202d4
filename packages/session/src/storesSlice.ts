import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RegionNode, Store } from '@portal/api';

/** Stores state of access-shell-dashboard §3: start, then success or fail. */
export interface StoresState {
  stores: Store[];
  regions: RegionNode[];
  loading: boolean;
}

export const initialStoresState: StoresState = { stores: [], regions: [], loading: false };

const storesSlice = createSlice({
  name: 'stores',
  initialState: initialStoresState,
  reducers: {
    fetchStores: (state) => {
      state.loading = true;
    },
    fetchStoresSuccess: (state, action: PayloadAction<{ stores: Store[]; regions: RegionNode[] }>) => {
      state.stores = action.payload.stores;
      state.regions = action.payload.regions;
      state.loading = false;
    },
    fetchStoresFailure: (state) => {
      state.loading = false;
    },
  },
});

export const { fetchStores, fetchStoresSuccess, fetchStoresFailure } = storesSlice.actions;
export const storesReducer = storesSlice.reducer;
