import { act, render, screen } from '@testing-library/react';
import { setLanguage } from '@portal/i18n';
import { LoadingOverlay } from './LoadingOverlay';

beforeEach(async () => {
  await setLanguage('en-GB');
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('LoadingOverlay', () => {
  it('appears only after 300 ms of loading', () => {
    render(<LoadingOverlay loading />);
    act(() => {
      jest.advanceTimersByTime(299);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('never appears for a load shorter than 300 ms, and goes away when loading ends', () => {
    const { rerender } = render(<LoadingOverlay loading />);
    act(() => {
      jest.advanceTimersByTime(200);
    });
    rerender(<LoadingOverlay loading={false} />);
    act(() => {
      jest.advanceTimersByTime(500);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    rerender(<LoadingOverlay loading />);
    act(() => {
      jest.advanceTimersByTime(300);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    rerender(<LoadingOverlay loading={false} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
