import { screen, waitFor } from '@testing-library/react';
import { dashboardCalls, inWidget, renderDashboard, TREE, widget } from './testing';

jest.mock('highcharts-react-official', () => jest.requireActual('./testing.chartStub'));
jest.setTimeout(180_000);

describe('dashboard values', () => {
  it('asks every call for the store ids of the selected libraries the user holds, then shows K/M-formatted values', async () => {
    const { seen } = await renderDashboard();
    await waitFor(() => expect(inWidget('Total In Today').getByText('1.2K')).toBeInTheDocument());
    expect(inWidget('Total Inside Current').getByText('56')).toBeInTheDocument();
    expect(inWidget('Total In Month').getByText('2.5M')).toBeInTheDocument();
    expect(inWidget('Total In Year').getByText('999')).toBeInTheDocument();
    expect(inWidget('Total Alarms Today').getByText('3')).toBeInTheDocument();
    expect(inWidget('Checkins Today').getByText('1.5K')).toBeInTheDocument();
    const names = new Set(dashboardCalls(seen).map((c) => c.name));
    expect([...names].sort()).toEqual([
      'alarmsWeekData',
      'currentWeekData',
      'selfcheckDistribution',
      'selfcheckToday',
      'totalAlarmsToday',
      'totalInMonth',
      'totalInYear',
      'totalSelfcheckOperations',
      'totalToday',
      'totalTodayData',
    ]);
    // Every region is selected by default; library 9 is not the user's and is never asked for.
    for (const call of dashboardCalls(seen)) expect(call.params.get('selectedStoreIds')).toBe('1,2,3');
    expect(
      dashboardCalls(seen, 'selfcheckToday')
        .map((c) => c.params.get('type'))
        .sort(),
    ).toEqual(['CHECKIN', 'CHECKOUT', 'RENEW']);
  });

  it('neither asks for nor counts an expired library, which the Libraries filter shows unticked and disabled', async () => {
    // Library 2 (Dos, area Norte) has expired: the server marks its leaf disabled.
    const tree = TREE.map((area) => ({ ...area, children: area.children?.map((leaf) => ({ ...leaf, disabled: leaf.storeIds[0] === 2 })) }));
    const { seen } = await renderDashboard({ tree });
    await waitFor(() => expect(inWidget('Total In Today').getByText('1.2K')).toBeInTheDocument());
    await waitFor(() => expect(dashboardCalls(seen, 'currentWeekData')).not.toEqual([]));
    for (const call of dashboardCalls(seen)) expect([call.name, call.params.get('selectedStoreIds')]).toEqual([call.name, '1,3']);
  });

  it('shows a spinner while a value is still null', async () => {
    let release: (value: unknown) => void = () => undefined;
    const held = new Promise((resolve) => {
      release = resolve;
    });
    await renderDashboard({ answers: { totalInYear: () => held } });
    await waitFor(() => expect(inWidget('Total In Month').getByText('2.5M')).toBeInTheDocument());
    expect(widget('Total In Year')).toHaveAttribute('aria-busy', 'true');
    expect(widget('Total In Year').querySelector('.ant-spin')).not.toBeNull();
    release({ value: 42 });
    await waitFor(() => expect(inWidget('Total In Year').getByText('42')).toBeInTheDocument());
    expect(widget('Total In Year')).toHaveAttribute('aria-busy', 'false');
  });

  it('keeps a failed widget quiet without blocking the others', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderDashboard({ answers: { totalInMonth: () => new Error('down') } });
    await waitFor(() => expect(inWidget('Total In Year').getByText('999')).toBeInTheDocument());
    await waitFor(() => expect(widget('Total In Month')).toHaveAttribute('aria-busy', 'false'));
    expect(inWidget('Total In Month').getByText('–')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(error).toHaveBeenCalledWith('dashboard: totalInMonth failed', expect.anything());
    error.mockRestore();
  });
});
