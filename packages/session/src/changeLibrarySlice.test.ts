import { logout } from './authSlice';
import { changeLibraryClosed, changeLibraryRequested } from './changeLibrarySlice';
import { selectChangeLibraryOpen } from './selectors';
import { setup } from './testUtils';

describe('changeLibraryRequested', () => {
  it('opens the Change Library request until it is closed', () => {
    const { store } = setup();
    expect(selectChangeLibraryOpen(store.getState())).toBe(false);
    store.dispatch(changeLibraryRequested());
    expect(selectChangeLibraryOpen(store.getState())).toBe(true);
    store.dispatch(changeLibraryClosed());
    expect(selectChangeLibraryOpen(store.getState())).toBe(false);
  });

  it('is withdrawn by logout', () => {
    const { store } = setup();
    store.dispatch(changeLibraryRequested());
    store.dispatch(logout());
    expect(selectChangeLibraryOpen(store.getState())).toBe(false);
  });
});
