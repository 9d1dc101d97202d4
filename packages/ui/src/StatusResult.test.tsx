import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { setLanguage } from '@portal/i18n';
import { RemoteError } from './RemoteError';

// antd's Result cannot be fetched (the network is gone): its chunk's import fails.
jest.mock('./antdResult', () => {
  throw new Error('Loading chunk result failed');
});

afterAll(async () => {
  await act(() => setLanguage('es'));
});

describe('StatusResult', () => {
  it("says what failed and keeps Retry when antd's Result cannot be loaded", async () => {
    await act(() => setLanguage('en-GB'));
    // React reports the failure the boundary caught.
    const caught = expectConsoleError('Loading chunk result failed');
    const onRetry = jest.fn();
    render(<RemoteError name="mf-items" onRetry={onRetry} />);
    expect(await screen.findByText('This section could not be loaded')).toBeInTheDocument();
    expect(caught.calls.length).toBeGreaterThan(0);
    expect(screen.getByText('mf-items is not available right now. Check your connection and try again.')).toBeInTheDocument();
    expect(document.querySelector('.ant-result')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
