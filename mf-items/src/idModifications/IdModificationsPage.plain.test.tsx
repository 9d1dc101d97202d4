/** The ID modifications screen when the code editor's chunk cannot be fetched: the scripts in plain text boxes. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderIdModifications, SAVED_SCRIPTS } from './testing';

// A dynamic import of a module whose evaluation throws rejects, as a chunk that cannot be fetched does.
jest.mock('./ScriptCodeEditor', () => {
  throw new Error('Loading chunk ScriptCodeEditor failed');
});
jest.setTimeout(60000);

it('edits, tests and saves the scripts in plain text boxes when the code editor cannot arrive', async () => {
  const requests = renderIdModifications();

  const catalogue = await screen.findByRole('textbox', { name: 'Catalogue items modification' });
  expect(catalogue.tagName).toBe('TEXTAREA');
  await waitFor(() => expect(catalogue).toHaveValue('return id;'));
  const inventory = screen.getByRole('textbox', { name: 'Inventory items modification' });
  expect(inventory).toHaveAttribute('dir', 'ltr');
  await userEvent.type(inventory, "return 'INV' + id;");
  await userEvent.click(screen.getByRole('button', { name: /Save/ }));
  expect(await screen.findByText('ID Modifications saved successfully')).toBeInTheDocument();
  await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.data).toEqual(SAVED_SCRIPTS));
});
