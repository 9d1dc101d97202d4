import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dashboardCalls, inWidget, renderDashboard, section } from './testing';

jest.mock('highcharts-react-official', () => jest.requireActual('./testing.chartStub'));
jest.setTimeout(180_000);

/**
 * The dialog titled `title`, once its module has loaded (React.lazy: the first opening waits for it). Found by its
 * title's text, not its accessible name: antd's ids are all 'test-id' under jest, and the pencil's tooltip, shown
 * while the module loads, holds the first of them.
 */
const openedDialog = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toHaveClass('ant-modal-title');
  return dialog;
};

const widgetTitles = (name: string) =>
  within(section(name))
    .queryAllByRole('group')
    .map((el) => el.getAttribute('aria-label'));

describe('edit section dialog', () => {
  it('shows only the widgets chosen in settings.dashboardItems and does not load the others', async () => {
    const { seen } = await renderDashboard({ settings: { dashboardItems: { alarms: ['alarmsWeekData'] } } });
    await waitFor(() => expect(inWidget('Total In Today').getByText('1.2K')).toBeInTheDocument());
    expect(widgetTitles('Alarms')).toEqual(['Alarms per Week']);
    // Sections without a stored choice show all their widgets.
    expect(widgetTitles('Counters')).toEqual(['Total In Month', 'Total In Year', 'Current Week']);
    expect(dashboardCalls(seen, 'totalAlarmsToday')).toHaveLength(0);
    expect(dashboardCalls(seen, 'alarmsWeekData')).toHaveLength(1);
  });

  it("saves the section's ticked widgets to the user's settings under dashboardItems and applies them", async () => {
    const user = userEvent.setup();
    const { seen, store } = await renderDashboard({ settings: { dashboardItems: { alarms: ['alarmsWeekData'] } } });
    await waitFor(() => expect(inWidget('Total In Year').getByText('999')).toBeInTheDocument());

    await user.click(within(section('Counters')).getByRole('button', { name: 'Edit Dashboard' }));
    const dialog = await openedDialog('Edit section: Counters');
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    for (const box of boxes) expect(box).toBeChecked();
    await user.click(within(dialog).getByLabelText('Total In Year'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(widgetTitles('Counters')).toEqual(['Total In Month', 'Current Week']));
    const put = await waitFor(() => {
      const req = seen.find((r) => r.method === 'PUT' && r.url === '/api/users/7/settings');
      expect(req).toBeDefined();
      return req!;
    });
    expect((put.data as { settings: { dashboardItems: object } }).settings.dashboardItems).toEqual({
      alarms: ['alarmsWeekData'],
      counters: ['totalInMonth', 'currentWeekData'],
    });
    expect(store.getState().auth.settings.dashboardItems.counters).toEqual(['totalInMonth', 'currentWeekData']);
  });

  it('opens with the current choice ticked and keeps the settings unchanged on Cancel', async () => {
    const user = userEvent.setup();
    const { seen } = await renderDashboard({ settings: { dashboardItems: { alarms: ['alarmsWeekData'] } } });
    const pencil = within(section('Alarms')).getByRole('button', { name: 'Edit Dashboard' });
    await user.click(pencil);
    const dialog = await openedDialog('Edit section: Alarms');
    expect(within(dialog).getByLabelText('Total Alarms Today')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Alarms per Week')).toBeChecked();
    await user.click(within(dialog).getByLabelText('Total Alarms Today'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus is back on the pencil that opened the dialog.
    expect(pencil).toHaveFocus();
    expect(widgetTitles('Alarms')).toEqual(['Alarms per Week']);
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });
});
