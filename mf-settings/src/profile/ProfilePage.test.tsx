import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteAvatar, getAvatar, getUser, rotatePublicToken, updateUser, uploadAvatar } from '@portal/api';
import { fakeServer } from '@portal/api/src/testing';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { person, signedIn } from '../testing';
import { ProfilePage } from './ProfilePage';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  getUser: jest.fn(),
  updateUser: jest.fn(),
  userExists: jest.fn(),
  uploadAvatar: jest.fn(),
  deleteAvatar: jest.fn(),
  getAvatar: jest.fn(),
  rotatePublicToken: jest.fn(),
}));
jest.setTimeout(90_000);

const MANAGER = person(3, 'manager', 'user', ['manager'], { token: 'pub-token-3' });
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const dialog = () => within(document.querySelector('.ant-modal') as HTMLElement);
const field = (id: string) => document.getElementById(id) as HTMLInputElement | null;
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

beforeEach(() => {
  // The one request left to the HTTP layer: the deploy settings (product name) the user form reads.
  fakeServer(() => ({ status: 200, data: { productName: 'Library Portal' } }));
  jest.mocked(getUser).mockResolvedValue(MANAGER);
  jest.mocked(getAvatar).mockRejectedValue(new Error('no avatar'));
});
afterEach(() => jest.resetAllMocks());

describe('ProfilePage', () => {
  it('shows the user, the capacities link; editing themself: no user name, role, permissions or regions; a new password needs the current one', async () => {
    expectConsoleError('Form not saved');
    const u = user();
    jest.mocked(updateUser).mockImplementation(async (_id, body) => ({ ...MANAGER, ...body }) as typeof MANAGER);
    const { store } = renderWithPortal(<ProfilePage title="Profile" />, { store: signedIn(MANAGER), path: '/profile' });
    const info = within(await screen.findByTestId('profile-info'));
    expect(info.getByText('manager@example.org')).toBeInTheDocument();
    expect(info.getByText('Manager')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `${window.location.origin}/capacities/pub-token-3` })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Edit profile/ }));
    await waitFor(() => expect(field('userName')).not.toBeNull());
    expect(field('userName')).toBeDisabled();
    for (const hidden of ['Role', 'Permissions', 'Regions', 'Flavor']) expect(dialog().queryByText(hidden)).not.toBeInTheDocument();
    expect(field('password')).toBeNull();
    fireEvent.click(dialog().getByRole('switch'));
    await waitFor(() => expect(field('currentPassword')).not.toBeNull());
    await u.clear(field('fullName')!);
    await u.type(field('fullName')!, 'Marta Gestora');
    await u.clear(field('telephone')!);
    await u.type(field('telephone')!, '699');
    await u.type(field('password')!, 'brand-new-pass');
    await u.type(field('confirm')!, 'brand-new-pass');
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await dialog().findByText('Current password is required')).toBeInTheDocument();
    await u.type(field('currentPassword')!, 'manager');
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateUser).toHaveBeenCalled());
    expect(jest.mocked(updateUser).mock.calls[0]).toEqual([
      3,
      {
        fullName: 'Marta Gestora',
        address: 'Calle 2',
        telephone: '699',
        email: 'manager@example.org',
        password: 'brand-new-pass',
        currentPassword: 'manager',
      },
    ]);
    expect(await within(await screen.findByTestId('profile-info')).findByText('699')).toBeInTheDocument();
    expect(store.getState().auth.userFullName).toBe('Marta Gestora');
  });

  it('rotates the public token after a confirmation: the new link shows and the session keeps it; a failure says so', async () => {
    expectConsoleError('Public token not rotated');
    const { store } = renderWithPortal(<ProfilePage title="Profile" />, { store: signedIn(MANAGER), path: '/profile' });
    await screen.findByTestId('profile-info');
    const confirmBox = () => document.querySelector('.ant-modal-confirm') as HTMLElement | null;
    const answer = async (button: string | RegExp) => {
      fireEvent.click(screen.getByRole('button', { name: /Rotate link/ }));
      await waitFor(() => expect(confirmBox()).not.toBeNull());
      expect(within(confirmBox()!).getAllByText('Replace the capacities link?').length).toBeGreaterThan(0);
      fireEvent.click(within(confirmBox()!).getByRole('button', { name: button }));
      await waitFor(() => expect(confirmBox()).toBeNull());
    };

    await answer('Cancel');
    expect(rotatePublicToken).not.toHaveBeenCalled();

    jest.mocked(rotatePublicToken).mockRejectedValueOnce(new Error('down'));
    await answer(/Rotate link/);
    expect(await screen.findByText('The link was not replaced')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `${window.location.origin}/capacities/pub-token-3` })).toBeInTheDocument();

    jest.mocked(rotatePublicToken).mockResolvedValueOnce({ token: 'pub-token-new' });
    await answer(/Rotate link/);
    expect(await screen.findByRole('link', { name: `${window.location.origin}/capacities/pub-token-new` })).toBeInTheDocument();
    expect(await screen.findByText('The link was replaced')).toBeInTheDocument();
    expect(jest.mocked(rotatePublicToken).mock.calls).toEqual([[3], [3]]);
    expect(store.getState().auth.userToken).toBe('pub-token-new');
  });

  it("uploads and removes the avatar, telling the header; a missing avatarUrl is 'Failed to upload avatar'", async () => {
    expectConsoleError('Avatar not changed');
    const { store } = renderWithPortal(<ProfilePage title="Profile" />, { store: signedIn(MANAGER), path: '/profile' });
    await screen.findByTestId('profile-info');
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement;

    jest.mocked(uploadAvatar).mockResolvedValueOnce({} as { avatarUrl: string });
    fireEvent.change(input(), { target: { files: [png()] } });
    expect(await screen.findByText('Failed to upload avatar')).toBeInTheDocument();
    expect(store.getState().auth.avatarUrl).toBeNull();
    expect(getAvatar).not.toHaveBeenCalled(); // no avatar: nothing to ask for

    jest.mocked(uploadAvatar).mockResolvedValueOnce({ avatarUrl: '/api/users/3/avatar?v=1' });
    jest.mocked(getUser).mockResolvedValue({ ...MANAGER, avatarUrl: '/api/users/3/avatar?v=1' });
    fireEvent.change(input(), { target: { files: [png()] } });
    await waitFor(() => expect(store.getState().auth.avatarUrl).toBe('/api/users/3/avatar?v=1'));
    expect(jest.mocked(uploadAvatar).mock.calls[1]).toEqual([3, expect.any(File), 'me.png']);
    await waitFor(() => expect(getAvatar).toHaveBeenCalledWith('/api/users/3/avatar?v=1'));

    jest.mocked(deleteAvatar).mockRejectedValueOnce(new Error('down'));
    fireEvent.click(await screen.findByRole('button', { name: /Remove avatar/ }));
    expect(await screen.findByText('Failed to remove avatar')).toBeInTheDocument();
    expect(store.getState().auth.avatarUrl).toBe('/api/users/3/avatar?v=1');
    jest.mocked(deleteAvatar).mockResolvedValueOnce({ avatarUrl: null });
    jest.mocked(getUser).mockResolvedValue(MANAGER);
    fireEvent.click(screen.getByRole('button', { name: /Remove avatar/ }));
    await waitFor(() => expect(store.getState().auth.avatarUrl).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: /Remove avatar/ })).not.toBeInTheDocument());
  });
});
