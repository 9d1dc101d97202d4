import { updateUserSettings, type UserSettings } from '@portal/api';
import { call, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { logout, settingsSaved, updateSettings, type AuthState } from '../authSlice';
import { logError } from '../log';
import { toSettings } from '../settings';

/**
 * The reducer has already merged the change; this saves the merged settings. Only the latest change
 * counts (takeLatest), and failures are only logged (spec §8 silent failures).
 */
export function* updateSettingsSaga() {
  const { userId, settings }: AuthState = yield select((state: { auth: AuthState }) => state.auth);
  if (userId === null) return;
  try {
    // A logout while saving drops the answer: it belongs to a session that no longer exists.
    const { saved }: { saved?: UserSettings } = yield race({
      saved: call(updateUserSettings, userId, settings),
      loggedOut: take(logout.type),
    });
    if (saved) yield put(settingsSaved(toSettings(saved)));
  } catch (e) {
    logError('saving settings failed', e);
  }
}

export function* settingsSagas() {
  yield takeLatest(updateSettings.type, updateSettingsSaga);
}
