import { render, screen } from '@testing-library/react';
import { BusySpinner } from './BusySpinner';

describe('BusySpinner', () => {
  it("is a status named by its label, with no ARIA name on antd's spinner div (aria-prohibited-attr)", () => {
    render(<BusySpinner label="Counting…" />);
    const status = screen.getByRole('status', { name: 'Counting…' });
    expect(status.querySelector('.ant-spin')).not.toBeNull();
    expect(status.querySelectorAll('[aria-label]:not([role])')).toHaveLength(0);
  });
});
