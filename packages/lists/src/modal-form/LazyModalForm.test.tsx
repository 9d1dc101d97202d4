import { screen } from '@testing-library/react';
import { renderWithPortal } from '../testing/render';
import { ModalForm } from './LazyModalForm';
import type { FormField } from './types';

// How often the form dialog's module is fetched (evaluated), as its chunk would be.
const mockLoads = { count: 0 };
jest.mock('./ModalForm', () => {
  mockLoads.count += 1;
  return jest.requireActual('./ModalForm');
});
jest.setTimeout(60000);

const FIELDS: FormField[] = [{ type: 'input', name: 'name', label: 'Name' }];

it('fetches the form dialog when it first opens, not while the page holds it closed, and keeps it after', async () => {
  const props = { title: 'New catalogue', fields: FIELDS, onOk: jest.fn(), onCancel: jest.fn() };
  const { rerender } = renderWithPortal(<ModalForm open={false} {...props} />);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(mockLoads.count).toBe(0);

  rerender(<ModalForm open {...props} />);
  expect(await screen.findByRole('dialog', { name: 'New catalogue' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();

  rerender(<ModalForm open={false} {...props} />);
  rerender(<ModalForm open {...props} />);
  expect(await screen.findByRole('dialog', { name: 'New catalogue' })).toBeInTheDocument();
  expect(mockLoads.count).toBe(1);
});
