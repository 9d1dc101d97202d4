import { createSlice } from '@reduxjs/toolkit';

/**
 * Whether the shell's Change Library modal is open. Remotes are separate React roots (single-spa) and cannot
 * reach the shell's components; they share this store, so any root asks for the modal by dispatching
 * changeLibraryRequested() and the shell, which owns the modal, shows it while `open` is true.
 */
export interface ChangeLibraryState {
  open: boolean;
}

export const initialChangeLibraryState: ChangeLibraryState = { open: false };

const changeLibrarySlice = createSlice({
  name: 'changeLibrary',
  initialState: initialChangeLibraryState,
  reducers: {
    changeLibraryRequested: (state) => {
      state.open = true;
    },
    changeLibraryClosed: (state) => {
      state.open = false;
    },
  },
});

export const { changeLibraryRequested, changeLibraryClosed } = changeLibrarySlice.actions;
export const changeLibraryReducer = changeLibrarySlice.reducer;
