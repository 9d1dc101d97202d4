import { CLIENT_ERROR_CODES, normalizeError, signIn, type ApiError, type SignInResponse } from '@portal/api';
import { all, call, delay, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  avatarChanged,
  loginFailure,
  loginRequest,
  loginSuccess,
  logout,
  publicTokenChanged,
  restoreSession,
  sessionRestored,
  settingsSaved,
  tokenRenewed,
  updateSettings,
  ownUserSaved,
  type AuthState,
  type SessionData,
} from '../authSlice';
import { fetchStores } from '../storesSlice';
import { toSettings } from '../settings';
import { clearSession, loadRememberedStore, loadSession, loadSettings, saveSession, type RememberedStore, type StoredSession } from '../storage';

const selectAuth = (state: { auth: AuthState }) => state.auth;

/** setTimeout cannot wait longer than 2^31-1 ms; longer sessions wait in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export function toSessionData(response: SignInResponse, now: number): SessionData {
  return {
    token: response.token,
    userId: response.userId,
    userFullName: response.userFullName,
    userFlavor: response.userFlavor,
    userToken: response.userToken,
    role: response.role,
    permissions: response.permissions,
    storeIds: response.storeIds,
    expiresAt: now + response.expiresIn * 1000,
    avatarUrl: response.avatarUrl ?? null,
    settings: toSettings(response.settings),
  };
}

function storedSessionOf(auth: AuthState): StoredSession | null {
  if (!auth.token || auth.userId === null || auth.expiresAt === null || auth.role === null) return null;
  return {
    token: auth.token,
    userId: auth.userId,
    userFullName: auth.userFullName,
    userFlavor: auth.userFlavor,
    userToken: auth.userToken ?? '',
    role: auth.role,
    permissions: auth.permissions,
    storeIds: auth.storeIds,
    expiresAt: auth.expiresAt,
    avatarUrl: auth.avatarUrl,
  };
}

/** The library this user selected before (kept in localStorage), when they still hold it. */
function storeToRestore(remembered: RememberedStore | null, session: SessionData): number | null {
  if (!remembered || remembered.userId !== session.userId) return null;
  if (!session.storeIds.includes(remembered.selectedStoreId)) return null;
  return remembered.selectedStoreId === session.settings.selectedStoreId ? null : remembered.selectedStoreId;
}

/**
 * The code a failed sign-in records. The server unreachable (no answer) or failing (5xx) gave no code the user can
 * act on: '' so the login screen shows 'An unknown error occurred' (access-shell-dashboard §8) instead of nothing.
 */
export function signInFailureCode(error: ApiError): string {
  return error.code === CLIENT_ERROR_CODES.REQUEST_TIMEOUT || error.status >= 500 ? '' : error.code;
}

/** When a sign-in refused for too many attempts may be tried again (the server's retryAfter seconds), else null. */
export function retryAtOf(error: ApiError, now: number): number | null {
  const retryAfter = (error.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  return error.code === 'TOO_MANY_ATTEMPTS' && typeof retryAfter === 'number' && retryAfter > 0 ? now + retryAfter * 1000 : null;
}

export function* loginSaga(action: ReturnType<typeof loginRequest>) {
  // Read before the new session is saved: saving writes the server's selectedStoreId over it.
  const remembered = loadRememberedStore();
  let response: SignInResponse;
  try {
    response = yield call(signIn, action.payload);
  } catch (e) {
    const error = normalizeError(e);
    yield put(loginFailure(signInFailureCode(error), retryAtOf(error, Date.now())));
    return;
  }
  const session = toSessionData(response, Date.now());
  yield put(loginSuccess(session));
  yield put(fetchStores());
  const restoreId = storeToRestore(remembered, session);
  if (restoreId !== null) yield put(updateSettings({ selectedStoreId: restoreId }));
}

export function* restoreSessionSaga() {
  const stored = loadSession();
  if (!stored || stored.expiresAt <= Date.now()) {
    yield put(logout());
    return;
  }
  yield put(sessionRestored({ ...stored, settings: loadSettings() }));
  yield put(fetchStores());
}

/** Keeps localStorage in step with the session whenever it or its settings change. */
export function* persistSessionSaga() {
  const auth: AuthState = yield select(selectAuth);
  const stored = storedSessionOf(auth);
  if (stored) saveSession(stored, auth.settings);
}

export function* waitUntil(time: number) {
  for (;;) {
    const remaining = time - Date.now();
    if (remaining <= 0) return true;
    yield delay(Math.min(remaining, MAX_DELAY_MS));
  }
}

/** Ends the session when its expiry passes (unless the user logs out first). */
export function* expirySaga() {
  const { expiresAt }: AuthState = yield select(selectAuth);
  if (expiresAt === null) return;
  const { expired } = yield race({ expired: call(waitUntil, expiresAt), loggedOut: take(logout.type) });
  if (expired) yield put(logout());
}

export function* authSagas() {
  yield all([
    takeLatest(loginRequest.type, loginSaga),
    takeLatest(restoreSession.type, restoreSessionSaga),
    takeLatest([loginSuccess.type, sessionRestored.type], expirySaga),
    takeEvery(
      [
        loginSuccess.type,
        sessionRestored.type,
        updateSettings.type,
        settingsSaved.type,
        tokenRenewed.type,
        ownUserSaved.type,
        avatarChanged.type,
        publicTokenChanged.type,
      ],
      persistSessionSaga,
    ),
    takeEvery(logout.type, clearSession),
  ]);
}
