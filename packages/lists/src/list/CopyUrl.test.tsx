import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithPortal } from '../testing/render';
import { CopyUrl } from './CopyUrl';

afterEach(() => jest.useRealTimers());

it("copies the URL and says 'Copied!' for 2 seconds", async () => {
  jest.useFakeTimers();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  renderWithPortal(<CopyUrl url="https://portal.example.org/capacities/abc" />);
  expect(screen.getByRole('link', { name: 'https://portal.example.org/capacities/abc' })).toBeInTheDocument();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Copy URL' }));
  });
  expect(writeText).toHaveBeenCalledWith('https://portal.example.org/capacities/abc');
  expect(screen.getByText('Copied!')).toBeInTheDocument();
  const tooltip = () => screen.getByText('Copied!').closest('.ant-tooltip') as HTMLElement;
  act(() => {
    jest.advanceTimersByTime(1999);
  });
  expect(tooltip()).not.toHaveClass('ant-tooltip-hidden');
  act(() => {
    jest.advanceTimersByTime(1);
  });
  act(() => {
    jest.runOnlyPendingTimers();
  });
  expect(tooltip()).toHaveClass('ant-tooltip-hidden');
});
