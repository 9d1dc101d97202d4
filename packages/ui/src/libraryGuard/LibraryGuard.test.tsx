import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Store } from '@portal/api';
import { fakeServer } from '@portal/api/src/testing';
import { setLanguage } from '@portal/i18n';
import { store as library } from '@portal/session/src/testUtils';
import { createPortalStore, fetchStores, fetchStoresSuccess, selectChangeLibraryOpen, settingsSaved } from '@portal/session';
import { PortalProviders } from '../PortalProviders';
import { LibraryGuard } from './LibraryGuard';

jest.setTimeout(20_000);

const VALID = library(3, 'Biblioteca Tres');
const EXPIRED = library(4, 'Biblioteca Cuatro', '2000-01-01');

/** The guard around a probe, on a store whose stores and selectedStoreId are given. */
function renderGuard(stores: Store[] | 'loading', selectedStoreId: number | null) {
  // The stores call never answers: 'loading' stays loading, and nothing reaches the network.
  fakeServer(() => new Promise(() => undefined));
  const { store } = createPortalStore();
  if (stores === 'loading') store.dispatch(fetchStores());
  else store.dispatch(fetchStoresSuccess({ stores, regions: [] }));
  store.dispatch(settingsSaved({ selectedStoreId, dashboardItems: {}, visibleColumns: {} }));
  render(
    <PortalProviders store={store}>
      <LibraryGuard>
        <p>library content</p>
      </LibraryGuard>
    </PortalProviders>,
  );
  return store;
}

beforeAll(async () => {
  await act(() => setLanguage('en-GB'));
});
afterAll(async () => {
  await act(() => setLanguage('es'));
});

describe('LibraryGuard', () => {
  it("shows 'No Library Selected' when the selected store is not among the stores; 'Select Library' asks for Change Library", async () => {
    const store = renderGuard([VALID], 99);
    // Shown once antd's Result, a chunk of its own (StatusResult), is there.
    expect(await screen.findByText('No Library Selected')).toBeInTheDocument();
    expect(screen.queryByText('library content')).not.toBeInTheDocument();
    expect(selectChangeLibraryOpen(store.getState())).toBe(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Library' }));
    expect(selectChangeLibraryOpen(store.getState())).toBe(true);
  });

  it("shows 'No Library Selected' when no store is selected at all", async () => {
    renderGuard([VALID], null);
    expect(await screen.findByText('No Library Selected')).toBeInTheDocument();
  });

  it("shows 'Library Expired' when the selected store's expirationDate is past; 'Select Another Library' asks for Change Library", async () => {
    const store = renderGuard([VALID, EXPIRED], 4);
    expect(await screen.findByText('Library Expired')).toBeInTheDocument();
    expect(screen.getByText('Biblioteca Cuatro has expired. Choose another library to continue.')).toBeInTheDocument();
    expect(screen.queryByText('library content')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Another Library' }));
    expect(selectChangeLibraryOpen(store.getState())).toBe(true);
  });

  it('shows its children when a valid library is selected', () => {
    renderGuard([VALID, EXPIRED], 3);
    expect(screen.getByText('library content')).toBeInTheDocument();
    expect(screen.queryByText('No Library Selected')).not.toBeInTheDocument();
    expect(screen.queryByText('Library Expired')).not.toBeInTheDocument();
  });

  it('shows nothing while the stores are loading', () => {
    renderGuard('loading', 3);
    expect(screen.queryByText('library content')).not.toBeInTheDocument();
    expect(screen.queryByText('No Library Selected')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('with no library at all there is nothing to select: a user without the rights is told to ask an administrator', async () => {
    renderGuard([], null);
    expect(await screen.findByText('No library yet')).toBeInTheDocument();
    expect(screen.getByText(/Ask an administrator/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select Library' })).not.toBeInTheDocument();
  });

  it('speaks the interface language', async () => {
    await act(() => setLanguage('fr'));
    renderGuard([VALID], 99);
    expect(await screen.findByText('Aucune bibliothèque sélectionnée')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sélectionner une bibliothèque' })).toBeInTheDocument();
    await act(() => setLanguage('en-GB'));
  });
});
