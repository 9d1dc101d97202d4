import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import '../i18n';
import { CountersHeader, type CountersHeaderProps } from './CountersHeader';

jest.setTimeout(60000);

const props = (over: Partial<CountersHeaderProps> = {}): CountersHeaderProps => ({
  canAdd: true,
  onAdd: jest.fn(),
  onMove: jest.fn(),
  zoomEnabled: false,
  zoomed: false,
  onZoomEnabled: jest.fn(),
  onResetZoom: jest.fn(),
  onExport: jest.fn(),
  onSaveImage: jest.fn(),
  chartType: 'lines',
  onChartType: jest.fn(),
  disabled: false,
  ...over,
});

describe('CountersHeader', () => {
  it('at the maximum of intervals Add is disabled with the spec tooltip', async () => {
    renderWithPortal(<CountersHeader {...props({ canAdd: false })} />);
    const add = screen.getByRole('button', { name: /Add interval/ });
    expect(add).toBeDisabled();
    await userEvent.setup({ delay: null, pointerEventsCheck: 0 }).hover(add.parentElement as HTMLElement);
    expect(await screen.findByText('Maximun of intervals reached')).toBeInTheDocument();
  });

  it('moves, zooms and picks the chart type', async () => {
    const p = props({ zoomed: true });
    renderWithPortal(<CountersHeader {...p} />);
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'Move left' }));
    await user.click(screen.getByRole('button', { name: /Zoom on/ }));
    await user.click(screen.getByRole('button', { name: /Reset zoom/ }));
    await user.click(screen.getByText('Stack'));
    expect(p.onMove).toHaveBeenCalledWith(-1);
    expect(p.onZoomEnabled).toHaveBeenCalledWith(true);
    expect(p.onResetZoom).toHaveBeenCalled();
    expect(p.onChartType).toHaveBeenCalledWith('stack');
  });
});
