import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPortal } from '../testing/render';
import { ModalForm } from './ModalForm';
import type { FormField } from './types';

// The pickers' chunk: failing to arrive until the test lets it (a dynamic import of a throwing module rejects).
const mockPickers = { arrive: false };
jest.mock('./pickers', () => {
  if (!mockPickers.arrive) throw new Error('Loading chunk form-pickers failed');
  return jest.requireActual('./pickers');
});
jest.setTimeout(60000);

const FIELDS: FormField[] = [
  { type: 'input', name: 'name', label: 'Name' },
  { type: 'date', name: 'opens', label: 'Opens' },
];

describe('a form field whose picker cannot be fetched', () => {
  it('keeps its place, disabled, with Retry, which fetches the picker again; the rest of the form works', async () => {
    renderWithPortal(<ModalForm open title="Operation" fields={FIELDS} onOk={jest.fn()} onCancel={jest.fn()} />);
    const dialog = screen.getByRole('dialog');
    const retry = await within(dialog).findByRole('button', { name: 'Retry' });
    expect(within(dialog).getByLabelText('Opens')).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Central');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Central');

    mockPickers.arrive = true;
    await userEvent.click(retry);
    await waitFor(() => expect(within(dialog).getByLabelText('Opens')).toBeEnabled());
    expect(within(dialog).getByLabelText('Opens').closest('.ant-picker')).not.toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
