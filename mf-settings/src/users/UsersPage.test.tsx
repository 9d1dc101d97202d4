import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createUser, getUsers, updateUser, userExists } from '@portal/api';
import { fakeServer } from '@portal/api/src/testing';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { person, signedIn } from '../testing';
import { UsersPage } from './UsersPage';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  getUsers: jest.fn(),
  userExists: jest.fn(),
  createUser: jest.fn(),
  updateUser: jest.fn(),
  deleteUsers: jest.fn(),
}));
jest.setTimeout(90_000);

const ADMIN = person(1, 'admin', 'admin', []);
const SUPERVISOR = person(2, 'supervisor', 'supervisor', ['manager', 'inventories', 'alarms']);
const MANAGER = person(3, 'manager', 'user', ['manager']);
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const dialog = () => within(document.querySelector('.ant-modal') as HTMLElement);
const row = (name: string) => within(screen.getByText(name).closest('.ant-table-row') as HTMLElement);
const field = (id: string) => document.getElementById(id) as HTMLInputElement | null;

async function pick(label: string, option: string) {
  fireEvent.mouseDown(dialog().getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}
async function fillCommon(u: ReturnType<typeof user>, userName: string) {
  await u.type(field('userName')!, userName);
  await u.type(field('fullName')!, 'Nueva Persona');
  await u.type(field('address')!, 'Calle 3');
  await u.type(field('telephone')!, '622');
}

beforeEach(() => {
  // The one request left to the HTTP layer: the deploy settings (product name) the user form reads.
  fakeServer(() => ({ status: 200, data: { productName: 'Library Portal' } }));
  jest.mocked(getUsers).mockResolvedValue({ items: [ADMIN, SUPERVISOR, MANAGER], total: 3 });
  jest.mocked(userExists).mockImplementation(async ({ userName, email }) => ({ exists: userName === 'manager' || email === 'taken@example.org' }));
  jest.mocked(createUser).mockImplementation(async (body) => person(9, body.userName, body.role, body.permissions));
});
afterEach(() => jest.resetAllMocks());

describe('UsersPage as admin', () => {
  it('shows Flavor, keeps admins and supervisors undeletable, offers Administrator; role admin clears permissions and makes email optional', async () => {
    const u = user();
    renderWithPortal(<UsersPage title="Users" />, { store: signedIn(ADMIN), path: '/users' });
    await screen.findByText('manager Pérez');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Flavor');
    expect(row('manager Pérez').getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(row('supervisor Pérez').queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(row('admin Pérez').queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByText('Delete All')).not.toBeInTheDocument();
    // Nor can they be picked for Delete selected.
    expect(row('supervisor Pérez').getByRole('checkbox')).toBeDisabled();
    expect(row('manager Pérez').getByRole('checkbox')).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: /Add/ }));
    await waitFor(() => expect(field('userName')).not.toBeNull());
    expect(dialog().getByText('Flavor')).toBeInTheDocument();
    expect(dialog().getByText('Permissions')).toBeInTheDocument();
    await fillCommon(u, 'jefa');
    await pick('Role', 'Administrator');
    await waitFor(() => expect(dialog().queryByText('Permissions')).not.toBeInTheDocument());
    await u.type(field('password')!, 'long-enough');
    await u.type(field('confirm')!, 'long-enough');
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(createUser).toHaveBeenCalled());
    expect(jest.mocked(createUser).mock.calls[0][0]).toMatchObject({
      userName: 'jefa',
      role: 'admin',
      permissions: [],
      email: null,
      flavor: '{product}',
      password: 'long-enough',
    });
  });
});

describe('UsersPage: editing another user', () => {
  it('accepts the unchanged name without asking; Change Password reveals password and confirm (no current password)', async () => {
    const u = user();
    jest.mocked(updateUser).mockImplementation(async (_id, body) => ({ ...MANAGER, ...body }) as typeof MANAGER);
    renderWithPortal(<UsersPage title="Users" />, { store: signedIn(ADMIN), path: '/users' });
    await screen.findByText('manager Pérez');
    fireEvent.click(row('manager Pérez').getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(field('userName')).toHaveValue('manager'));
    expect(field('userName')).toBeEnabled();
    expect(field('password')).toBeNull();
    fireEvent.click(dialog().getByRole('switch'));
    await waitFor(() => expect(field('password')).not.toBeNull());
    expect(field('confirm')).not.toBeNull();
    expect(field('currentPassword')).toBeNull();
    await u.clear(field('email')!);
    await u.type(field('email')!, 'taken@example.org');
    expect(await dialog().findByText('Email already exists')).toBeInTheDocument();
    await u.clear(field('email')!);
    await u.type(field('email')!, 'manager@example.org');
    await u.type(field('password')!, 'reset-pass-1');
    await u.type(field('confirm')!, 'reset-pass-1');
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateUser).toHaveBeenCalled());
    const [id, body] = jest.mocked(updateUser).mock.calls[0];
    expect(id).toBe(3);
    expect(body).toMatchObject({ userName: 'manager', role: 'user', permissions: ['manager'], regions: ['store:3'], storeIds: [3], password: 'reset-pass-1' });
    expect(body).not.toHaveProperty('currentPassword');
    expect(jest.mocked(userExists).mock.calls.filter(([b]) => b.userName !== undefined)).toEqual([]);
  });
});

describe('UsersPage as supervisor', () => {
  it('no Flavor; role User only; only their own permissions; name taken, short and mismatched passwords refused; regions expand on save', async () => {
    expectConsoleError('Form not saved');
    const u = user();
    renderWithPortal(<UsersPage title="Users" />, { store: signedIn(SUPERVISOR), path: '/users' });
    await screen.findByText('manager Pérez');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('Flavor');

    fireEvent.click(screen.getByRole('button', { name: /Add/ }));
    await waitFor(() => expect(field('userName')).not.toBeNull());
    expect(dialog().queryByText('Flavor')).not.toBeInTheDocument();
    fireEvent.mouseDown(dialog().getByRole('combobox', { name: 'Role' }));
    const roles = await screen.findAllByText(/^(User|Supervisor|Administrator)$/, { selector: '.ant-select-item-option-content' });
    expect(roles.map((r) => r.textContent)).toEqual(['User']);
    fireEvent.mouseDown(dialog().getByRole('combobox', { name: 'Permissions' }));
    const offered = await screen.findAllByText(/./, { selector: '.ant-select-item-option-content' });
    expect(offered.map((o) => o.textContent)).toEqual(expect.arrayContaining(['Manager', 'Inventories', 'Alarms']));
    expect(offered.map((o) => o.textContent)).not.toContain('Statistics');
    fireEvent.click(offered.find((o) => o.textContent === 'Manager')!);
    fireEvent.click(offered.find((o) => o.textContent === 'Alarms')!);

    await fillCommon(u, 'manager');
    expect(await dialog().findByText('Name already exists')).toBeInTheDocument();
    expect(userExists).toHaveBeenLastCalledWith({ userId: null, userName: 'manager' });
    await u.clear(field('userName')!);
    await u.type(field('userName')!, 'nuria');
    await u.type(field('email')!, 'nuria@example');
    await u.type(field('password')!, 'short');
    await u.type(field('confirm')!, 'other');
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await dialog().findByText('The input is not valid Email!')).toBeInTheDocument();
    expect(await dialog().findByText('The password needs at least 8 characters')).toBeInTheDocument();
    expect(await dialog().findByText('The two passwords that you entered do not match!')).toBeInTheDocument();
    expect(createUser).not.toHaveBeenCalled();

    await u.type(field('email')!, '.org');
    await u.clear(field('password')!);
    await u.type(field('password')!, 'nuria-pass');
    await u.clear(field('confirm')!);
    await u.type(field('confirm')!, 'nuria-pass');
    fireEvent.mouseDown(dialog().getByRole('combobox', { name: 'Regions' }));
    const tree = await waitFor(() => document.querySelector('.ant-select-tree') as HTMLElement);
    fireEvent.click(within(tree).getByText('Norte'));
    // The refused save above is still checking the name (300 ms debounce): its button reads "loading Save" until then.
    fireEvent.click(await dialog().findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(createUser).toHaveBeenCalled());
    expect(jest.mocked(createUser).mock.calls[0][0]).toEqual({
      userName: 'nuria',
      fullName: 'Nueva Persona',
      address: 'Calle 3',
      telephone: '622',
      email: 'nuria@example.org',
      role: 'user',
      permissions: ['manager', 'alarms'],
      regions: ['store:3', 'store:5'],
      storeIds: [3, 5],
      password: 'nuria-pass',
    });
  });
});
