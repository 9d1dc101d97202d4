/** The ID modifications screen when the code editor's chunk cannot be fetched: the scripts in plain text boxes. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, type SeenRequest } from '@portal/api/src/testing';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { storeWithLibrary } from '../catalogues/testing';
import { IdModificationsPage } from '.';

// A dynamic import of a module whose evaluation throws rejects, as a chunk that cannot be fetched does.
jest.mock('./ScriptCodeEditor', () => {
  throw new Error('Loading chunk ScriptCodeEditor failed');
});
jest.setTimeout(60000);

it('edits, tests and saves the scripts in plain text boxes when the code editor cannot arrive', async () => {
  const requests = fakeServer((req: SeenRequest) => {
    const path = req.url.split('?')[0];
    if (req.method === 'GET' && path === '/api/idModifications') {
      return { status: 200, data: { storeId: 3, catalogueItemsModification: 'return id;', inventoryItemsModification: '' } };
    }
    if (path === '/api/idModifications/test') return { status: 200, data: { result: 'ok' } };
    if (req.method === 'PUT') return { status: 200, data: req.data };
    return { status: 404, data: { code: 'NOT_FOUND' } };
  });
  renderWithPortal(<IdModificationsPage title="ID Modifications" />, { store: storeWithLibrary(), path: '/idModifications' });

  const catalogue = await screen.findByRole('textbox', { name: 'Catalogue items modification' });
  expect(catalogue.tagName).toBe('TEXTAREA');
  await waitFor(() => expect(catalogue).toHaveValue('return id;'));
  const inventory = screen.getByRole('textbox', { name: 'Inventory items modification' });
  expect(inventory).toHaveAttribute('dir', 'ltr');
  await userEvent.type(inventory, "return 'INV' + id;");
  await userEvent.click(screen.getByRole('button', { name: /Save/ }));
  expect(await screen.findByText('ID Modifications saved successfully')).toBeInTheDocument();
  await waitFor(() =>
    expect(requests.find((r) => r.method === 'PUT')?.data).toEqual({
      storeId: 3,
      catalogueItemsModification: 'return id;',
      inventoryItemsModification: "return 'INV' + id;",
    }),
  );
});
