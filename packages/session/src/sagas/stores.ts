import { getAllStores, getStoresTree, type RegionNode, type Store } from '@portal/api';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { AuthState } from '../authSlice';
import { logError } from '../log';
import { limitRegionsToStores } from '../regions';
import { fetchStores, fetchStoresFailure, fetchStoresSuccess } from '../storesSlice';

/** GET /api/stores (the libraries) and GET /api/stores?mode=tree (the region tree, limited to the user's). */
export function* fetchStoresSaga() {
  try {
    const [stores, tree]: [Store[], RegionNode[]] = yield all([call(getAllStores), call(getStoresTree)]);
    const { storeIds }: AuthState = yield select((state: { auth: AuthState }) => state.auth);
    yield put(fetchStoresSuccess({ stores, regions: limitRegionsToStores(tree, storeIds) }));
  } catch (e) {
    logError('fetching stores failed', e);
    yield put(fetchStoresFailure());
  }
}

export function* storesSagas() {
  yield takeLatest(fetchStores.type, fetchStoresSaga);
}
