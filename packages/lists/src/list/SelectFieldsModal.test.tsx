import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPortal } from '../testing/render';
import { SelectFieldsModal } from './SelectFieldsModal';
import type { ListColumn } from './types';

const columns = (): ListColumn<{ tid: number }>[] => [
  { key: 'code', title: 'Code' },
  { key: 'author', title: 'Autor' },
];

// Select Fields still uses antd's List, deprecated since antd 6.6 (to be replaced): antd notes it once per file.
beforeEach(() => allowConsoleError('[antd: List] The `List` component is deprecated'));

describe('SelectFieldsModal', () => {
  it('keeps a choice made while open when the list re-renders behind it, and starts from the saved columns on each opening', async () => {
    const props = { onSave: jest.fn(), onResetToDefault: jest.fn(), onClose: jest.fn() };
    const { rerender } = renderWithPortal(<SelectFieldsModal open columns={columns()} visibleKeys={['code', 'author']} {...props} />);
    const author = () => screen.getByRole('checkbox', { name: 'Autor' });
    await userEvent.setup({ delay: null, pointerEventsCheck: 0 }).click(author());
    expect(author()).not.toBeChecked();
    // The list behind re-renders with new (equal) column and key arrays: the untick stays.
    rerender(<SelectFieldsModal open columns={columns()} visibleKeys={['code', 'author']} {...props} />);
    expect(author()).not.toBeChecked();
    rerender(<SelectFieldsModal open={false} columns={columns()} visibleKeys={['code', 'author']} {...props} />);
    rerender(<SelectFieldsModal open columns={columns()} visibleKeys={['code', 'author']} {...props} />);
    expect(author()).toBeChecked();
  });
});
