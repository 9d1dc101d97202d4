import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore, getAllStores, getStores, getStoresTree, updateStore } from '@portal/api';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { library, person, signedIn } from '../testing';
import { StoresPage } from './StoresPage';
import { defaultExpirationDate } from './storeRules';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  getStores: jest.fn(),
  createStore: jest.fn(),
  updateStore: jest.fn(),
  deleteStores: jest.fn(),
  getAllStores: jest.fn(),
  getStoresTree: jest.fn(),
}));
jest.setTimeout(90_000);

const CENTRAL = library(3, 'Central');
const OLD = library(5, 'Antigua', { expirationDate: '2020-01-01' });
const dialog = () => within(document.querySelector('.ant-modal') as HTMLElement);
const field = (id: string) => document.getElementById(id) as HTMLInputElement | null;
const row = (name: string) => screen.getByText(name).closest('.ant-table-row') as HTMLElement;

beforeEach(() => {
  jest.mocked(getStores).mockResolvedValue({ items: [CENTRAL, OLD], total: 2 });
  // A saved library makes the session read every library and the region tree again.
  jest.mocked(getAllStores).mockResolvedValue([CENTRAL, OLD]);
  jest.mocked(getStoresTree).mockResolvedValue([]);
});
afterEach(() => jest.resetAllMocks());

describe('StoresPage', () => {
  it('a manager edits only address, manager, contact, capacity, times, timezone and code fields; sees the SIP link; no Add or Delete', async () => {
    expectConsoleError('Form not saved');
    jest.mocked(updateStore).mockImplementation(async (_id, body) => ({ ...CENTRAL, ...body }) as typeof CENTRAL);
    renderWithPortal(<StoresPage title="Libraries" />, { store: signedIn(person(3, 'manager', 'user', ['manager'])), path: '/stores' });
    await screen.findByText('Central');
    expect(row('Antigua')).toHaveClass('portal-list-row-expired');
    expect(row('Central')).not.toHaveClass('portal-list-row-expired');
    expect(screen.queryByRole('button', { name: /^Add$/ })).not.toBeInTheDocument();
    expect(within(row('Central')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    fireEvent.click(within(row('Central')).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(field('name')).not.toBeNull());
    for (const id of ['country', 'area', 'province', 'city', 'name', 'expirationDate']) expect(field(id)).toBeDisabled();
    for (const id of ['code', 'address', 'manager', 'managertel', 'capacity', 'field1']) expect(field(id)).toBeEnabled();
    expect(within(screen.getByTestId('sip-link')).getByRole('link', { name: `${window.location.origin}/sipOperations/BIB-3` })).toBeInTheDocument();
    // Without the devices permission the form does not link to the library's Devices screen.
    expect(screen.queryByTestId('devices-link')).not.toBeInTheDocument();

    fireEvent.change(field('capacity')!, { target: { value: '2.5' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await dialog().findByText('Capacity must be a whole number of at least 1')).toBeInTheDocument();
    fireEvent.change(field('capacity')!, { target: { value: '120' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateStore).toHaveBeenCalled());
    const [id, body] = jest.mocked(updateStore).mock.calls[0];
    expect(id).toBe(3);
    expect(body).toMatchObject({ capacity: 120, startTime: '08:00', endTime: '20:00', resetTime: '00:00', timezone: 'Europe/Madrid' });
    for (const adminOnly of ['country', 'area', 'province', 'city', 'name', 'expirationDate']) expect(body).not.toHaveProperty(adminOnly);
    // The session's libraries (Change Library) are fetched again.
    await waitFor(() => expect(getAllStores).toHaveBeenCalled());
  });

  it('a capacity of 0 is refused with the capacity message, not saved as 1', async () => {
    expectConsoleError('Form not saved');
    renderWithPortal(<StoresPage title="Libraries" />, { store: signedIn(person(3, 'manager', 'user', ['manager'])), path: '/stores' });
    await screen.findByText('Central');
    fireEvent.click(within(row('Central')).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(field('capacity')).not.toBeNull());
    fireEvent.change(field('capacity')!, { target: { value: '0' } });
    fireEvent.blur(field('capacity')!);
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await dialog().findByText('Capacity must be a whole number of at least 1')).toBeInTheDocument();
    expect(field('capacity')).toHaveValue('0');
    expect(updateStore).not.toHaveBeenCalled();
  });

  it("a user with the devices permission reaches the library's Devices screen from its form", async () => {
    renderWithPortal(<StoresPage title="Libraries" />, { store: signedIn(person(4, 'keeper', 'user', ['manager', 'devices'])), path: '/stores' });
    await screen.findByText('Central');
    fireEvent.click(within(row('Central')).getByRole('button', { name: 'Edit' }));
    const link = await screen.findByRole('link', { name: /Sensors and device keys/ });
    expect(link).toHaveAttribute('href', '/stores/3/devices');
  });

  it('an admin adds a library with Europe/Madrid and a year ahead as defaults', async () => {
    jest.mocked(createStore).mockImplementation(async (body) => ({ ...CENTRAL, ...body, tid: 9 }) as typeof CENTRAL);
    renderWithPortal(<StoresPage title="Libraries" />, { store: signedIn(person(1, 'admin', 'admin', [])), path: '/stores' });
    await screen.findByText('Central');
    expect(within(row('Central')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Add/ }));
    await waitFor(() => expect(field('name')).not.toBeNull());
    expect(field('name')).toBeEnabled();
    expect(field('expirationDate')).toHaveValue(defaultExpirationDate());
    expect(dialog().getByText('Europe/Madrid')).toBeInTheDocument();
    for (const [id, value] of [
      ['code', 'NEW-1'],
      ['country', 'ES'],
      ['area', 'Sur'],
      ['province', 'Sevilla'],
      ['city', 'Sevilla'],
      ['name', 'Nueva'],
      ['address', 'Plaza 1'],
      ['manager', 'Luis'],
      ['managertel', '955'],
    ]) {
      fireEvent.change(field(id)!, { target: { value } });
    }
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(createStore).toHaveBeenCalled());
    expect(jest.mocked(createStore).mock.calls[0][0]).toMatchObject({
      code: 'NEW-1',
      name: 'Nueva',
      timezone: 'Europe/Madrid',
      expirationDate: defaultExpirationDate(),
      capacity: 100,
      resetTime: '00:00',
    });
  });
});
