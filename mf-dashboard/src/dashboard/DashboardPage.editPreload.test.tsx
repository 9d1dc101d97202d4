import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { inWidget, renderDashboard, section } from './testing';

jest.mock('highcharts-react-official', () => jest.requireActual('./testing.chartStub'));
jest.setTimeout(180_000);

// Counts evaluations of the editor's module: it loads on demand, not with the page.
const editorLoads = { count: 0 };
jest.mock('./components/EditSectionDialog', () => {
  editorLoads.count += 1;
  return jest.requireActual('./components/EditSectionDialog');
});

it("fetches the section editor's module when a pencil is pointed at or focused, not with the page", async () => {
  await renderDashboard();
  await waitFor(() => expect(inWidget('Total In Today').getByText('1.2K')).toBeInTheDocument());
  expect(editorLoads.count).toBe(0);
  const pencil = within(section('Counters')).getByRole('button', { name: 'Edit Dashboard' });
  fireEvent.focus(pencil);
  await waitFor(() => expect(editorLoads.count).toBe(1));
  // Pointing at another pencil afterwards loads nothing again, and nothing opens until a click.
  fireEvent.pointerEnter(within(section('Alarms')).getByRole('button', { name: 'Edit Dashboard' }));
  expect(editorLoads.count).toBe(1);
  expect(screen.queryByRole('dialog')).toBeNull();
});
