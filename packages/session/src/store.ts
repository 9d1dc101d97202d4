import { configureApi } from '@portal/api';
import { combineReducers, configureStore, type Action, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { channel, type Channel, type Saga } from 'redux-saga';
import { all, spawn, take } from 'redux-saga/effects';
import { authReducer, logout, tokenRenewed, type AuthState } from './authSlice';
import { changeLibraryReducer, type ChangeLibraryState } from './changeLibrarySlice';
import { logError } from './log';
import { authSagas } from './sagas/auth';
import { settingsSagas } from './sagas/settings';
import { storesSagas } from './sagas/stores';
import { storesReducer, type StoresState } from './storesSlice';

/** The state every remote can rely on; injected slices add their own keys. */
export interface RootState {
  auth: AuthState;
  stores: StoresState;
  changeLibrary: ChangeLibraryState;
}

/** A saga that dies (a bug in one remote) is logged and does not take the others with it. */
function guarded(name: string, saga: Saga): Saga {
  return function* guardedSaga() {
    try {
      yield* saga();
    } catch (e) {
      logError(`saga "${name}" stopped`, e);
    }
  } as Saga;
}

function* rootSaga(injected: Channel<{ key: string; saga: Saga }>) {
  yield all([spawn(guarded('auth', authSagas)), spawn(guarded('settings', settingsSagas)), spawn(guarded('stores', storesSagas))]);
  // Sagas injected by remotes after start-up run here, each detached from its siblings.
  for (;;) {
    const { key, saga }: { key: string; saga: Saga } = yield take(injected);
    yield spawn(guarded(key, saga));
  }
}

export function createPortalStore() {
  const staticReducers = { auth: authReducer, stores: storesReducer, changeLibrary: changeLibraryReducer };
  const injectedReducers: Record<string, Reducer> = {};
  const injectedSagas = new Set<string>();
  const sagaChannel = channel<{ key: string; saga: Saga }>();

  const buildRootReducer = (): Reducer<RootState> => {
    const combined = combineReducers({ ...injectedReducers, ...staticReducers }) as unknown as Reducer<RootState>;
    // Logout resets everything, injected slices included: each reducer starts again from its initial state.
    return (state: RootState | undefined, action: UnknownAction) => combined(action.type === logout.type ? undefined : state, action);
  };

  const sagaMiddleware = createSagaMiddleware();
  // The development checks (state mutated, values that do not serialise) note when they took over 32 ms: a
  // figure of the machine's load, not of the code, so tests keep the checks without the note.
  const checkTiming = process.env.NODE_ENV === 'test' ? { warnAfter: Number.POSITIVE_INFINITY } : {};
  const store = configureStore({
    reducer: buildRootReducer(),
    middleware: (getDefault) => getDefault({ immutableCheck: checkTiming, serializableCheck: checkTiming }).concat(sagaMiddleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  sagaMiddleware.run(rootSaga, sagaChannel);

  configureApi({
    getToken: () => store.getState().auth.token,
    onUnauthorized: () => store.dispatch(logout()),
    onTokenRenewed: (token) => store.dispatch(tokenRenewed(token)),
  });

  /** Adds a namespaced reducer (e.g. 'items'); injecting the same key again is ignored. */
  function injectReducer<S, A extends Action = UnknownAction>(key: string, reducer: Reducer<S, A>): void {
    if (key in staticReducers) throw new Error(`"${key}" is a reserved state key`);
    if (injectedReducers[key] === (reducer as unknown as Reducer)) return;
    injectedReducers[key] = reducer as unknown as Reducer;
    store.replaceReducer(buildRootReducer());
  }

  /** Runs a remote's saga under the root saga, once per key (a remote may mount more than once). */
  function injectSaga(key: string, saga: Saga): void {
    if (injectedSagas.has(key)) return;
    injectedSagas.add(key);
    sagaChannel.put({ key, saga });
  }

  return { store, injectReducer, injectSaga };
}

export type PortalStore = ReturnType<typeof createPortalStore>['store'];
export type AppDispatch = PortalStore['dispatch'];

const portal = createPortalStore();

/** The one store of the application (a Module Federation singleton: never create a second one). */
export const store = portal.store;
export const injectReducer = portal.injectReducer;
export const injectSaga = portal.injectSaga;
