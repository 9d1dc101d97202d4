import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteImage, getImage, getImages, uploadImage, type ImageSet } from '@portal/api';
import { registerTranslations } from '@portal/i18n';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { resources } from '../locales';
import { manifest } from '../manifest';
import { ImageSetCard } from './ImageSetCard';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  getImages: jest.fn(),
  getImage: jest.fn(),
  uploadImage: jest.fn(),
  deleteImage: jest.fn(),
}));
jest.setTimeout(60000);
registerTranslations(manifest.namespace, resources);

const SET: ImageSet = { tid: 4, name: 'Bienvenida', description: 'Pantallas en reposo', createdAt: '2026-11-01T10:00:00Z' };
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const cards = () => Array.from(document.querySelectorAll('.ant-upload-list-item-container'));
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

let urls = 0;
beforeEach(() => {
  URL.createObjectURL = jest.fn(() => {
    urls += 1;
    return `blob:test/${urls}`;
  });
  URL.revokeObjectURL = jest.fn();
  jest.mocked(getImages).mockResolvedValue([
    { name: 'nuevo.png', createdAt: '2026-11-02T10:00:00Z' },
    { name: 'viejo.jpg', createdAt: '2026-11-01T10:00:00Z' },
  ]);
  jest.mocked(getImage).mockResolvedValue(new Blob(['x'], { type: 'image/png' }));
});
afterEach(() => jest.clearAllMocks());

function setup() {
  const onDelete = jest.fn(async () => {});
  const view = renderWithPortal(<ImageSetCard set={SET} clientUrl="http://portal.test/api/imagesets/client/tok/4" onEdit={jest.fn()} onDelete={onDelete} />);
  return { ...view, onDelete };
}

describe('ImageSetCard', () => {
  it('shows the stored images newest first with their pictures, previews one and shows the client URL', async () => {
    setup();
    await waitFor(() => expect(document.querySelectorAll('img[src^="blob:test/"]')).toHaveLength(2));
    expect(cards().map((c) => c.querySelector('img')?.getAttribute('alt'))).toEqual(['nuevo.png', 'viejo.jpg']);
    expect(screen.getByText('Pantallas en reposo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'http://portal.test/api/imagesets/client/tok/4' })).toHaveAttribute(
      'href',
      'http://portal.test/api/imagesets/client/tok/4',
    );
    await user().click(within(cards()[0] as HTMLElement).getByTitle('Preview file'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'nuevo.png' })).toHaveAttribute('src', expect.stringMatching(/^blob:test\//));
  });

  it('puts an upload first while it runs, then shows the stored name; a refused upload shows an error card and message', async () => {
    expectConsoleError('Image not uploaded');
    let finish: (v: { file: string; createdAt: string }) => void = () => {};
    jest.mocked(uploadImage).mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    setup();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
    await user().upload(input(), png('Mi foto.png'));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards()[0]).toHaveTextContent('Mi foto.png');
    expect(cards()[0].querySelector('.ant-upload-list-item-uploading')).not.toBeNull();
    expect(uploadImage).toHaveBeenCalledWith(4, expect.any(File), 'Mi foto.png');
    await act(async () => finish({ file: 'Mi-foto.png', createdAt: '2026-11-03T10:00:00Z' }));
    await waitFor(() => expect(cards()[0].querySelector('img')?.getAttribute('alt')).toBe('Mi-foto.png'));
    expect(cards()[0].querySelector('.ant-upload-list-item-done')).not.toBeNull();

    jest.mocked(uploadImage).mockRejectedValueOnce(new Error('415'));
    await user().upload(input(), png('falso.png'));
    await waitFor(() => expect(cards()[0].querySelector('.ant-upload-list-item-error')).not.toBeNull());
    expect(await screen.findByText('Error uploading file: falso.png')).toBeInTheDocument();
    // A failed card goes without asking the server.
    await user().click(within(cards()[0] as HTMLElement).getByTitle('Remove file'));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(deleteImage).not.toHaveBeenCalled();
  });

  it('deletes an image only after its confirmation, and the set after its own', async () => {
    jest.mocked(deleteImage).mockResolvedValue({});
    const { onDelete } = setup();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user().click(within(cards()[1] as HTMLElement).getByTitle('Remove file'));
    expect(await screen.findByText('Are you sure you want to delete this image?', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(deleteImage).not.toHaveBeenCalled();
    await user().click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(deleteImage).toHaveBeenCalledWith(4, 'viejo.jpg');

    await user().click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete this image set?', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    await user().click(screen.getAllByRole('button', { name: 'Yes' }).at(-1)!);
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });
});
