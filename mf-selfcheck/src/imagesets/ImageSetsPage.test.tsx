import { screen, waitFor, within } from '@testing-library/react';
import { getImages, getImageSets, getUser, rotateImageSetToken, type ImageSet, type User } from '@portal/api';
import { registerTranslations } from '@portal/i18n';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { createPortalStore, sessionRestored } from '@portal/session';
import userEvent from '@testing-library/user-event';
import { resources } from '../locales';
import { manifest } from '../manifest';
import { ImageSetsPage } from './ImageSetsPage';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  getImageSets: jest.fn(),
  getImages: jest.fn(),
  getUser: jest.fn(),
  rotateImageSetToken: jest.fn(),
}));
jest.setTimeout(60000);
registerTranslations(manifest.namespace, resources);

const SET: ImageSet = { tid: 4, name: 'Bienvenida', description: '', createdAt: '2026-11-01T10:00:00Z' };
const ME = { tid: 7, token: 'capacities-7', imageSetToken: 'client-7' } as User;
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const url = (token: string) => `${window.location.origin}/api/imagesets/client/${token}/4`;

function signedIn() {
  const { store } = createPortalStore();
  store.dispatch(
    sessionRestored({
      token: 'tok',
      userId: 7,
      userFullName: 'Ana',
      userFlavor: 'LIBTECS',
      userToken: 'capacities-7',
      role: 'user',
      permissions: ['manager', 'imagesets'],
      storeIds: [3],
      expiresAt: Date.now() + 3_600_000,
      settings: { selectedStoreId: 3, dashboardItems: {}, visibleColumns: {} },
    }),
  );
  return store;
}

beforeEach(() => {
  jest.mocked(getImageSets).mockResolvedValue([SET]);
  jest.mocked(getImages).mockResolvedValue([]);
  jest.mocked(getUser).mockResolvedValue(ME);
});
afterEach(() => jest.resetAllMocks());

describe('ImageSetsPage', () => {
  it("builds the client URLs on the user's image-set token, not the capacities one", async () => {
    renderWithPortal(<ImageSetsPage title="Image sets" />, { store: signedIn() });
    expect(await screen.findByRole('link', { name: url('client-7') })).toBeInTheDocument();
    expect(getUser).toHaveBeenCalledWith(7);
    expect(screen.queryByRole('link', { name: url('capacities-7') })).not.toBeInTheDocument();
  });

  it('rotates the client URLs after a confirmation; a failure says so and keeps them', async () => {
    const logged = expectConsoleError('Image-set token not rotated');
    renderWithPortal(<ImageSetsPage title="Image sets" />, { store: signedIn() });
    await screen.findByRole('link', { name: url('client-7') });
    const confirmBox = () => document.querySelector('.ant-modal-confirm') as HTMLElement | null;
    const answer = async (button: string | RegExp) => {
      await user().click(screen.getByRole('button', { name: /Rotate client URLs/ }));
      await waitFor(() => expect(confirmBox()).not.toBeNull());
      expect(within(confirmBox()!).getAllByText('Replace the client URLs of your image sets?').length).toBeGreaterThan(0);
      await user().click(within(confirmBox()!).getByRole('button', { name: button }));
      await waitFor(() => expect(confirmBox()).toBeNull());
    };

    await answer('Cancel');
    expect(rotateImageSetToken).not.toHaveBeenCalled();

    jest.mocked(rotateImageSetToken).mockRejectedValueOnce(new Error('down'));
    await answer(/Rotate client URLs/);
    expect(await screen.findByText('The client URLs were not replaced')).toBeInTheDocument();
    expect(logged.calls).toHaveLength(1);
    expect(screen.getByRole('link', { name: url('client-7') })).toBeInTheDocument();

    jest.mocked(rotateImageSetToken).mockResolvedValueOnce({ token: 'client-new' });
    await answer(/Rotate client URLs/);
    expect(await screen.findByRole('link', { name: url('client-new') })).toBeInTheDocument();
    expect(await screen.findByText('The client URLs were replaced')).toBeInTheDocument();
    expect(jest.mocked(rotateImageSetToken).mock.calls).toEqual([[7], [7]]);
  });
});
