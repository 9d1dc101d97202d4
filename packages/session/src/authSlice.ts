import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SignInRequest, UserSettings } from '@portal/api';
import { EMPTY_SETTINGS, mergeSettings, toSettings } from './settings';
import type { StoredSession } from './storage';
import { fetchStoresSuccess } from './storesSlice';

/** The Session of access-shell-dashboard §3, plus the expiry and the store ids the user holds. */
export interface AuthState {
  token: string | null;
  userId: number | null;
  userFullName: string;
  userFlavor: string;
  userToken: string | null;
  role: string | null;
  permissions: string[];
  settings: UserSettings;
  storeIds: number[];
  /** Epoch milliseconds when the token expires. */
  expiresAt: number | null;
  /** Normalised error code of the last failed sign-in. */
  error: string | null;
  /** When a sign-in refused with TOO_MANY_ATTEMPTS may be tried again (epoch milliseconds), else null. */
  retryAt: number | null;
  loading: boolean;
  /** The user's avatar (its URL changes with every upload), null when there is none: the header then asks nothing. */
  avatarUrl: string | null;
}

export type SessionData = StoredSession & { settings: UserSettings };

export const initialAuthState: AuthState = {
  token: null,
  userId: null,
  userFullName: '',
  userFlavor: '',
  userToken: null,
  role: null,
  permissions: [],
  settings: EMPTY_SETTINGS,
  storeIds: [],
  expiresAt: null,
  error: null,
  retryAt: null,
  loading: false,
  avatarUrl: null,
};

const signedIn = (state: AuthState, session: SessionData): AuthState => ({
  ...state,
  ...session,
  avatarUrl: session.avatarUrl ?? null,
  error: null,
  retryAt: null,
  loading: false,
});

/** Resets every slice, injected ones included (the root reducer handles it). */
export const logout = createAction('auth/logout');

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loginRequest: {
      reducer: (state) => {
        state.loading = true;
        state.error = null;
        state.retryAt = null;
      },
      prepare: (credentials: SignInRequest) => ({ payload: credentials }),
    },
    loginSuccess: (state, action: PayloadAction<SessionData>) => signedIn(state, action.payload),
    loginFailure: {
      reducer: (state, action: PayloadAction<{ code: string; retryAt: number | null }>) => {
        state.loading = false;
        state.error = action.payload.code;
        state.retryAt = action.payload.retryAt;
      },
      prepare: (code: string, retryAt: number | null = null) => ({ payload: { code, retryAt } }),
    },
    /** At start: the saved session is put back (its expiry is still in the future). */
    sessionRestored: (state, action: PayloadAction<SessionData>) => signedIn(state, action.payload),
    restoreSession: () => undefined,
    /** Applies at once (the UI follows the choice); the saga saves it on the server. */
    updateSettings: (state, action: PayloadAction<Partial<UserSettings>>) => {
      state.settings = mergeSettings(state.settings, action.payload);
    },
    /** The settings as the server saved them (read defensively: a wrong shape falls back to empty values). */
    settingsSaved: (state, action: PayloadAction<UserSettings>) => {
      state.settings = toSettings(action.payload);
    },
    /**
     * The server answered a new token for this session (after changing one's own password, which revokes the
     * earlier ones). The session's expiry stays: the new token lives at least as long.
     */
    tokenRenewed: (state, action: PayloadAction<string>) => {
      if (state.token !== null) state.token = action.payload;
    },
    /** The signed-in user saved their own details (Profile or Users): the header shows the new full name. */
    ownUserSaved: (state, action: PayloadAction<{ fullName: string }>) => {
      if (state.token !== null) state.userFullName = action.payload.fullName;
    },
    /** The signed-in user replaced their public token in Profile: capacities links and image-set client URLs use the new one. */
    publicTokenChanged: (state, action: PayloadAction<string>) => {
      if (state.token !== null) state.userToken = action.payload;
    },
    /** The signed-in user's avatar was uploaded (its new URL) or removed (null) in Profile. */
    avatarChanged: (state, action: PayloadAction<string | null>) => {
      if (state.token !== null) state.avatarUrl = action.payload;
    },
  },
  extraReducers: (builder) => {
    // The libraries the server lists for the user are the ones they hold now: a library added (or removed) since
    // the sign-in counts at once, e.g. the first library of an empty install on the dashboard.
    builder.addCase(fetchStoresSuccess, (state, action) => {
      if (state.token !== null) state.storeIds = action.payload.stores.map((store) => store.tid);
    });
  },
});

export const {
  loginRequest,
  loginSuccess,
  loginFailure,
  sessionRestored,
  restoreSession,
  updateSettings,
  settingsSaved,
  avatarChanged,
  tokenRenewed,
  ownUserSaved,
  publicTokenChanged,
} = authSlice.actions;
export const authReducer = authSlice.reducer;
