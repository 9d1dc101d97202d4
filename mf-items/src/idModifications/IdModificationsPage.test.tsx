/** The ID modifications screen over the real @portal/api calls answered by a fake HTTP layer. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, type SeenRequest } from '@portal/api/src/testing';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { storeWithLibrary } from '../catalogues/testing';
import { IdModificationsPage } from '.';

jest.setTimeout(60000);
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

/** A stand-in for the sandbox: 'fail' in a script is an error, else the id upper-cased. */
function setup() {
  const requests = fakeServer((req: SeenRequest) => {
    const path = req.url.split('?')[0];
    if (req.method === 'GET' && path === '/api/idModifications') {
      return { status: 200, data: { storeId: 3, catalogueItemsModification: 'return id;', inventoryItemsModification: '' } };
    }
    if (path === '/api/idModifications/test') {
      const { script, id } = req.data as { script: string; id: string };
      return { status: 200, data: script.includes('fail') ? { error: 'ReferenceError: fail is not defined' } : { result: `${id}-ok` } };
    }
    if (req.method === 'PUT') return { status: 200, data: req.data };
    return { status: 404, data: { code: 'NOT_FOUND' } };
  });
  renderWithPortal(<IdModificationsPage title="ID Modifications" />, { store: storeWithLibrary(), path: '/idModifications' });
  return requests;
}
const editor = (name: string) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('IdModificationsPage', () => {
  it("loads the library's scripts and tests one on 1234, showing the result or the error", async () => {
    const requests = setup();
    expect((await screen.findByRole('textbox', { name: 'Catalogue items modification' }) as HTMLTextAreaElement).value).toBe('return id;');
    await user().click(screen.getByRole('button', { name: 'Test Catalogue items modification' }));
    expect(await screen.findByText('1234-ok')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/api/idModifications/test')?.data).toEqual({ script: 'return id;', id: '1234' });
    fireEvent.change(editor('Inventory items modification'), { target: { value: 'return fail;' } });
    await user().click(screen.getByRole('button', { name: 'Test Inventory items modification' }));
    expect(await screen.findByText('ReferenceError: fail is not defined')).toBeInTheDocument();
  });

  it('refuses to save while a script fails its test run, and saves both once they run', async () => {
    const requests = setup();
    await screen.findByRole('textbox', { name: 'Inventory items modification' });
    fireEvent.change(editor('Inventory items modification'), { target: { value: 'return fail;' } });
    await user().click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Error saving ID Modifications')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(editor('Inventory items modification'), { target: { value: "return 'INV' + id;" } });
    await user().click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('ID Modifications saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.data).toEqual({
      storeId: 3, catalogueItemsModification: 'return id;', inventoryItemsModification: "return 'INV' + id;",
    }));
  });
});
