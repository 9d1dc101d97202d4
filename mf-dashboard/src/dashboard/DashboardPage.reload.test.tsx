import { addDays } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import moment from 'moment';
import { dashboardCalls, inWidget, renderDashboard, section, widget } from './testing';

jest.mock('highcharts-react-official', () => jest.requireActual('./testing.chartStub'));
jest.setTimeout(180_000);

const today = () => moment().format('YYYY-MM-DD');
const countByName = (calls: { name: string }[]) => calls.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c.name]: (acc[c.name] ?? 0) + 1 }), {});

async function loaded() {
  await waitFor(() => expect(inWidget('Total In Today').getByText('1.2K')).toBeInTheDocument());
  await waitFor(() => expect(within(widget('Current Week')).getByTestId('chart')).toBeInTheDocument());
}

describe('dashboard reloads', () => {
  it('reloads every widget for the new store ids when the selected libraries change', async () => {
    const user = userEvent.setup();
    const { seen } = await renderDashboard();
    await loaded();
    const before = dashboardCalls(seen).length;

    await user.click(screen.getByLabelText('Libraries'));
    // The popup's tree node (the selected tags carry the same title).
    const tree = await waitFor(() => {
      const popup = document.querySelector('.ant-select-tree');
      expect(popup).not.toBeNull();
      return popup as HTMLElement;
    });
    await user.click(within(tree).getByTitle('Sur'));

    await waitFor(() => expect(dashboardCalls(seen).slice(before).length).toBe(before));
    const after = dashboardCalls(seen).slice(before);
    for (const call of after) expect(call.params.get('selectedStoreIds')).toBe('1,2');
    expect(countByName(after)).toEqual(countByName(dashboardCalls(seen).slice(0, before)));
  });

  it('clearing the Libraries filter shows an empty state, not zeros, and asks nothing', async () => {
    const user = userEvent.setup();
    const { seen } = await renderDashboard();
    await loaded();
    const before = dashboardCalls(seen).length;

    const clear = document.querySelector('.ant-select-clear');
    expect(clear).not.toBeNull();
    await user.click(clear as HTMLElement);

    const main = within(section('Main'));
    expect(await main.findByText('No library selected: choose one or more under Libraries')).toBeInTheDocument();
    expect(document.querySelector('.ant-empty')).not.toBeNull();
    // No widget shows a figure for nothing: no value, no chart, no other section.
    expect(screen.queryByRole('group', { name: 'Total In Today' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Total In Month' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Current Week' })).toBeNull();
    expect(screen.queryByRole('region', { name: /Counters/ })).toBeNull();
    expect(screen.queryByText('0')).toBeNull();
    expect(dashboardCalls(seen)).toHaveLength(before);
    // The filter stays usable: ticking a library brings the widgets back.
    expect(screen.getByLabelText('Libraries')).toBeInTheDocument();
  });

  it('reloads every widget with the same store ids when Refresh is pressed, showing its loading state meanwhile', async () => {
    const user = userEvent.setup();
    let release: (value: unknown) => void = () => undefined;
    let hold = false;
    const { seen } = await renderDashboard({
      answers: {
        totalInYear: () =>
          hold
            ? new Promise((resolve) => {
                release = resolve;
              })
            : { value: 999 },
      },
    });
    await loaded();
    const before = dashboardCalls(seen);
    hold = true;
    const refresh = screen.getByRole('button', { name: /Refresh/ });
    await user.click(refresh);
    await waitFor(() => expect(dashboardCalls(seen)).toHaveLength(before.length * 2));
    expect(countByName(dashboardCalls(seen).slice(before.length))).toEqual(countByName(before));
    expect(refresh).toHaveClass('ant-btn-loading');
    expect(widget('Total In Year')).toHaveAttribute('aria-busy', 'true');
    release({ value: 7 });
    await waitFor(() => expect(inWidget('Total In Year').getByText('7')).toBeInTheDocument());
    await waitFor(() => expect(refresh).not.toHaveClass('ant-btn-loading'));
  });

  it('reloads only the shifted chart when its week moves back and forward', async () => {
    const user = userEvent.setup();
    const { seen } = await renderDashboard();
    await loaded();
    const before = dashboardCalls(seen).length;
    const chart = within(widget('Current Week'));
    expect(chart.getByRole('button', { name: 'Next week' })).toBeDisabled();

    await user.click(chart.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(dashboardCalls(seen).length).toBe(before + 1));
    const [back] = dashboardCalls(seen).slice(before);
    expect(back.name).toBe('currentWeekData');
    expect(back.params.get('date')).toBe(addDays(today(), -7));
    expect(back.params.get('weekStartDay')).toBe('1');
    await waitFor(() => expect(chart.getByTestId('categories').textContent).toContain(moment(addDays(today(), -7)).format('dd D')));

    await user.click(chart.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(dashboardCalls(seen).length).toBe(before + 2));
    const forward = dashboardCalls(seen)[before + 1];
    expect(forward.name).toBe('currentWeekData');
    expect(forward.params.get('date')).toBe(today());
    expect(chart.getByRole('button', { name: 'Next week' })).toBeDisabled();
    // The other weekly charts kept their week and were not asked again.
    expect(dashboardCalls(seen, 'alarmsWeekData')).toHaveLength(1);
  });

  it("sends the locale's first weekday: Sunday for en-US", async () => {
    const { seen } = await renderDashboard({ language: 'en-US' });
    await waitFor(() => expect(dashboardCalls(seen, 'alarmsWeekData')).toHaveLength(1));
    expect(dashboardCalls(seen, 'alarmsWeekData')[0].params.get('weekStartDay')).toBe('0');
    expect(within(section('Alarms')).getByText(/Total Alarms Today/)).toBeInTheDocument();
  });
});
