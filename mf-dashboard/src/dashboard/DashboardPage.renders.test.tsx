/**
 * The page renders no more than its data asks: each section commits (React Profiler) when it mounts, once when the
 * libraries are known (its weekly charts start loading) unless it mounts after, and then once per answer of its own
 * widgets, never for another section's answer. antd adds a few commits of its own, counted here as they are: each section's 'Edit
 * Dashboard' Tooltip commits once more at mount, and the main section's TreeSelect and Refresh button take a new
 * `loading` in an effect.
 */
import { act, waitFor } from '@testing-library/react';
import { DEFAULT_ANSWERS, renderDashboard, widget, type Answer } from './testing';

jest.mock('highcharts-react-official', () => jest.requireActual('./testing.chartStub'));
jest.mock('./components/DashboardSectionView', () => {
  const React = jest.requireActual<typeof import('react')>('react');
  const actual = jest.requireActual<typeof import('./components/DashboardSectionView')>('./components/DashboardSectionView');
  type Props = Parameters<typeof actual.DashboardSectionView>[0];
  // Shallowly compared like the section itself would be: the Profiler counts the commits the section takes part in.
  const Counted = React.memo(function Counted(props: Props) {
    return (
      <React.Profiler
        id={props.section.key}
        onRender={(id) => {
          mockSectionCommits[id] = (mockSectionCommits[id] ?? 0) + 1;
        }}
      >
        <actual.DashboardSectionView {...props} />
      </React.Profiler>
    );
  });
  return { ...actual, DashboardSectionView: Counted };
});
jest.setTimeout(180_000);

const mockSectionCommits: Record<string, number> = {};
const SECTIONS = ['main', 'counters', 'alarms', 'selfcheck'];
const taken = () => Object.fromEntries(SECTIONS.map((key) => [key, mockSectionCommits[key] ?? 0]));

/** Every dashboard call held until the test releases it; `selfcheckToday?CHECKIN` for calls with a type. */
function heldAnswers() {
  const releases = new Map<string, () => void>();
  const hold =
    (name: string): Answer =>
    (params) => {
      const key = params.get('type') ? `${name}?${params.get('type')}` : name;
      return new Promise((resolve) => {
        releases.set(key, () => resolve(DEFAULT_ANSWERS[name](params)));
      });
    };
  const answers = Object.fromEntries(Object.keys(DEFAULT_ANSWERS).map((name) => [name, hold(name)]));
  return { answers, release: (key: string) => releases.get(key)!() };
}

/** Answers in this order, with the widget each one fills and the section it belongs to. */
const ARRIVALS: [call: string, widget: string, section: string][] = [
  ['totalToday', 'Total In Today', 'main'],
  ['totalInMonth', 'Total In Month', 'counters'],
  ['totalSelfcheckOperations', 'Checkouts Today', 'selfcheck'],
  ['selfcheckToday?CHECKOUT', "Today's Checkouts", 'selfcheck'],
  ['currentWeekData', 'Current Week', 'counters'],
  ['totalAlarmsToday', 'Total Alarms Today', 'alarms'],
  ['selfcheckDistribution?CHECKIN', 'Checkins Distribution', 'selfcheck'],
  ['totalInYear', 'Total In Year', 'counters'],
  ['alarmsWeekData', 'Alarms per Week', 'alarms'],
  ['selfcheckToday?CHECKIN', "Today's Checkins", 'selfcheck'],
  ['selfcheckToday?RENEW', "Today's Renewals", 'selfcheck'],
  ['selfcheckDistribution?CHECKOUT', 'Checkouts Distribution', 'selfcheck'],
  ['selfcheckDistribution?RENEW', 'Renewals Distribution', 'selfcheck'],
  // The round's last summary answer: the Refresh button (main) stops spinning, one commit more for antd's Button.
  ['totalTodayData', 'Total In Today per Library', 'main'],
];

/** Lets every effect and promise callback of the last update run. */
const settle = () =>
  act(
    () =>
      new Promise((resolve) => {
        setTimeout(resolve, 0);
      }),
  );

it('commits each section only for its own data arrivals', async () => {
  const { answers, release } = heldAnswers();
  await renderDashboard({ answers });
  await settle();
  // The sections under the main one mount a frame after it (DashboardPage), the libraries known by then: mount and
  // the Tooltip's (2). Main: those, the libraries known (1), its TreeSelect and Refresh button (2).
  await waitFor(() => expect(taken().selfcheck).toBeGreaterThan(0));
  await settle();
  expect(taken()).toEqual({ main: 5, counters: 2, alarms: 2, selfcheck: 2 });

  const perArrival: string[] = [];
  for (const [call, title] of ARRIVALS) {
    const before = taken();
    release(call);
    await waitFor(() => expect(widget(title)).toHaveAttribute('aria-busy', 'false'));
    await settle();
    const after = taken();
    const commits = SECTIONS.filter((key) => after[key] > before[key]).map((key) => `${key}+${after[key] - before[key]}`);
    perArrival.push(`${call}: ${commits.join(' ')}`);
  }
  expect(perArrival).toEqual(ARRIVALS.map(([call, , owner]) => `${call}: ${owner}+${call === 'totalTodayData' ? 2 : 1}`));
});
