import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportRecords, getRecords, getStoresTree, type RegionNode, type Store } from '@portal/api';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { createPortalStore, fetchStoresSuccess, sessionRestored, settingsSaved } from '@portal/session';
import { CountersPage } from './CountersPage';

jest.mock('highcharts-react-official', () => jest.requireActual('./testing.chartStub'));
jest.mock('@portal/api', () => ({ ...jest.requireActual('@portal/api'), getRecords: jest.fn(), getStoresTree: jest.fn(), exportRecords: jest.fn() }));
jest.setTimeout(60000);

const node = (value: string, level: RegionNode['level'], title: string, capacity: number, children?: RegionNode[]): RegionNode => ({
  title,
  fullName: title,
  key: value,
  value,
  level,
  storeIds: [3],
  capacity,
  resetTime: '06:00',
  startTime: '08:00',
  endTime: '20:00',
  children,
});
const TREE = [node('area:Norte', 'area', 'Norte', 130, [node('store:3', 'name', 'Central', 120, [node('sensor:9', 'sensor', 'Entrada', 20)])])];
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

function setup() {
  const { store } = createPortalStore();
  store.dispatch(settingsSaved({ selectedStoreId: 3, dashboardItems: {}, visibleColumns: {} }));
  return renderWithPortal(<CountersPage title="Counters" />, { store, path: '/counters' });
}

beforeEach(() => {
  jest.mocked(getStoresTree).mockResolvedValue(TREE);
  jest.mocked(getRecords).mockImplementation(async (_type, body) => ({
    intervals: body.intervals.map((_, n) => ({
      data: [
        { date: '2024-03-06 10:00:00', countIn: 5 + n, countOut: 1, inside: 4 },
        { date: '2024-03-06 10:30:00', countIn: 2, countOut: 0, inside: 6 },
      ],
      summary: { totalIn: 7 + n, totalOut: 1, maxInside: 6, capacity: 120, sensor: false },
    })),
  }));
  jest.mocked(exportRecords).mockResolvedValue(undefined);
});
afterEach(() => jest.resetAllMocks());

/** Counters for a signed-in role whose libraries (none: an empty install) and region tree are given. */
function setupEmpty(role: 'admin' | 'user', stores: number[]) {
  jest.mocked(getStoresTree).mockResolvedValue([]);
  const { store } = createPortalStore();
  store.dispatch(
    sessionRestored({
      token: 'tok',
      userId: 1,
      userFullName: 'Ana',
      userFlavor: '{product}',
      userToken: 'pub',
      role,
      permissions: ['manager'],
      storeIds: stores,
      expiresAt: Date.now() + 3_600_000,
      settings: { selectedStoreId: null, dashboardItems: {}, visibleColumns: {} },
    }),
  );
  const library = (tid: number): Store => ({
    tid,
    code: `C${tid}`,
    country: 'ES',
    area: 'Norte',
    province: 'P',
    city: 'C',
    name: 'Central',
    address: '',
    manager: '',
    managertel: '',
    capacity: 120,
    resetTime: '06:00',
    startTime: '08:00',
    endTime: '20:00',
    timezone: 'Europe/Madrid',
    expirationDate: '2099-12-31',
    fieldCode: '',
    fieldObjectId: '',
    field1: '',
    field2: '',
    field3: '',
    field4: '',
    field5: '',
    field6: '',
    storeIds: [tid],
  });
  store.dispatch(fetchStoresSuccess({ stores: stores.map(library), regions: [] }));
  return renderWithPortal(<CountersPage title="Counters" />, { store, path: '/counters' });
}

describe('CountersPage without regions', () => {
  it('an empty install shows an admin what to do first, each step a link', async () => {
    setupEmpty('admin', []);
    expect(await screen.findByText('Welcome: start by adding a library')).toBeInTheDocument();
    expect(screen.queryByText('No regions available')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a library' })).toHaveAttribute('href', '/stores');
    expect(screen.getByRole('link', { name: 'Add its sensors and a device key' })).toHaveAttribute('href', '/devices');
    expect(screen.getByRole('link', { name: 'Import a catalogue' })).toHaveAttribute('href', '/catalogues');
  });

  it('an empty install tells anyone else to ask an administrator', async () => {
    setupEmpty('user', []);
    expect(await screen.findByText(/Ask an administrator to add one/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('with libraries but no region it still says No regions available', async () => {
    setupEmpty('admin', [3]);
    expect(await screen.findByText('No regions available')).toBeInTheDocument();
    expect(screen.queryByText('Welcome: start by adding a library')).not.toBeInTheDocument();
  });
});

describe('CountersPage', () => {
  it('starts with today on the selected library, 30-minute buckets, and sums the summary', async () => {
    setup();
    // The summary shows its labels with '-' before the answer comes: wait for the figures themselves.
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(await within(summary).findByText('7')).toBeInTheDocument();
    const [type, body] = jest.mocked(getRecords).mock.calls[0];
    expect(type).toBe('day');
    expect(body).toMatchObject({ intervalRange: 30, resetTime: '06:00', intervals: [{ storeIds: [3], region: 'store:3' }] });
    expect(body.intervals[0].startDate).toMatch(/ 00:00:00$/);
    expect(within(summary).getByText('6 / 120')).toBeInTheDocument();
    expect(screen.getAllByTestId('series').map((s) => s.textContent)).toEqual([expect.stringContaining(': [5,2]')]);
  });

  it('draws the chart once the first counts arrive, keeping its place until then', async () => {
    let answer: (value: Awaited<ReturnType<typeof getRecords>>) => void = () => undefined;
    jest.mocked(getRecords).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    setup();
    await waitFor(() => expect(getRecords).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('counters-chart').firstElementChild).toHaveStyle({ height: '420px' });
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();

    answer({
      intervals: [
        {
          data: [{ date: '2024-03-06 10:00:00', countIn: 3, countOut: 0, inside: 3 }],
          summary: { totalIn: 3, totalOut: 0, maxInside: 3, capacity: 120, sensor: false },
        },
      ],
    });
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
    expect(screen.getAllByTestId('series').map((s) => s.textContent)).toEqual([expect.stringContaining(': [3]')]);
  });

  it('in a browser, draws the chart in a task after the commit that shows the counts, not in that one', async () => {
    // useDrawTurn only asks whether the browser has an IntersectionObserver (jsdom has none: drawn at once).
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {};
    // What the page shows after each commit: mutations of one task reach the observer together.
    const seen: { counts: boolean; chart: boolean }[] = [];
    const observer = new MutationObserver(() => seen.push({ counts: screen.queryByText('6 / 120') !== null, chart: screen.queryByTestId('chart') !== null }));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      setup();
      expect(await screen.findByTestId('chart')).toBeInTheDocument();
      const shown = seen.findIndex((state) => state.counts);
      expect(seen[shown]).toEqual({ counts: true, chart: false });
      expect(seen.slice(shown).some((state) => state.chart)).toBe(true);
    } finally {
      observer.disconnect();
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('adding an interval reloads both; with several a colour badge toggles one', async () => {
    setup();
    await screen.findByText('Max. Inside');
    await user().click(screen.getByRole('button', { name: /Add interval/ }));
    await waitFor(() => expect(jest.mocked(getRecords).mock.calls.at(-1)?.[1].intervals).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByTestId('summary-card')).toHaveLength(2));
    const toggles = screen.getAllByRole('button', { name: 'Show or hide this interval' });
    await user().click(toggles[0]);
    await waitFor(() => expect(screen.getAllByTestId('summary-card')).toHaveLength(1));
  });

  it('switching to week asks group days for the week with the time range', async () => {
    setup();
    await screen.findByText('Max. Inside');
    await user().click(screen.getByRole('combobox', { name: 'Interval type' }));
    await user().click(await screen.findByTitle('Weekly'));
    await waitFor(() => expect(jest.mocked(getRecords).mock.calls.at(-1)?.[0]).toBe('week'));
    const body = jest.mocked(getRecords).mock.calls.at(-1)?.[1];
    expect(body).toMatchObject({ intervalTimes: ['00:00', '23:59'] });
    expect(body?.intervalRange).toBeUndefined();
  });

  it('two days of one week switched to Weekly ask for two different weeks, not the same one twice', async () => {
    // Only the date is fixed (a Wednesday: today and yesterday share a week); timers stay real.
    jest.useFakeTimers({
      now: new Date(2024, 2, 6, 12),
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
        'nextTick',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'hrtime',
        'performance',
      ],
    });
    try {
      setup();
      await screen.findByText('Max. Inside');
      await user().click(screen.getByRole('button', { name: /Add interval/ }));
      await waitFor(() =>
        expect(
          jest
            .mocked(getRecords)
            .mock.calls.at(-1)?.[1]
            .intervals.map((i) => i.startDate),
        ).toEqual(['2024-03-06 00:00:00', '2024-03-05 00:00:00']),
      );
      await user().click(screen.getByRole('combobox', { name: 'Interval type' }));
      await user().click(await screen.findByTitle('Weekly'));
      await waitFor(() => expect(jest.mocked(getRecords).mock.calls.at(-1)?.[0]).toBe('week'));
      // This week, then the week before (not this week twice).
      expect(
        jest
          .mocked(getRecords)
          .mock.calls.at(-1)?.[1]
          .intervals.map((i) => i.startDate),
      ).toEqual(['2024-03-04 00:00:00', '2024-02-26 00:00:00']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('export: anything but Excel is refused with Unsupported file type; Excel saves {fileName}.xlsx', async () => {
    setup();
    await screen.findByText('Max. Inside');
    await user().click(screen.getByRole('button', { name: /Export/ }));
    const dialog = await screen.findByRole('dialog');
    await user().type(within(dialog).getByLabelText('File name'), 'visitas');
    await user().click(within(dialog).getByRole('combobox', { name: 'Format' }));
    await user().click(await screen.findByTitle('CSV'));
    await user().click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText('Unsupported file type')).toBeInTheDocument();
    expect(exportRecords).not.toHaveBeenCalled();
    await user().click(within(dialog).getByRole('combobox', { name: 'Format' }));
    await user().click(await screen.findByTitle('Excel'));
    await user().click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(exportRecords).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'visitas', intervalType: 'day', exportMode: 'complete' })),
    );
  });
});

describe('CountersPage with sensors of several libraries', () => {
  const twoLibraries = (name: string, store: number, sensor: number): RegionNode => ({
    ...node(`store:${store}`, 'name', name, 100, [{ ...node(`sensor:${sensor}`, 'sensor', 'Entrada principal', 20), storeIds: [store] }]),
    storeIds: [store],
  });
  const SENSORS = [node('area:Norte', 'area', 'Norte', 200, [twoLibraries('Central', 3, 9), twoLibraries('Rahola', 4, 10)])];

  async function chooseRegion(card: HTMLElement, index: number) {
    await user().click(within(card).getByRole('combobox', { name: 'Region' }));
    const popup = await waitFor(() => {
      const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree')];
      expect(open).toHaveLength(1);
      return open[0] as HTMLElement;
    });
    await user().click(within(popup).getAllByTitle('Entrada principal')[index]);
  }

  it('names each sensor with its library: selector, card, summary, chart series and export', async () => {
    jest.mocked(getStoresTree).mockResolvedValue(SENSORS);
    setup();
    await screen.findByText('Max. Inside');
    await user().click(screen.getByRole('button', { name: /Add interval/ }));
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Interval \d$/ })).toHaveLength(2));
    await chooseRegion(screen.getByRole('group', { name: 'Interval 1' }), 0);
    await waitFor(() => expect(jest.mocked(getRecords).mock.calls.at(-1)?.[1].intervals[0].region).toBe('sensor:9'));
    await chooseRegion(screen.getByRole('group', { name: 'Interval 2' }), 1);
    await waitFor(() => expect(jest.mocked(getRecords).mock.calls.at(-1)?.[1].intervals[1].region).toBe('sensor:10'));

    const [first, second] = screen.getAllByRole('group', { name: /^Interval \d$/ });
    // The card's title and the picker's chosen value.
    expect(within(first).getAllByText('Central · Entrada principal').length).toBeGreaterThanOrEqual(2);
    expect(within(second).getAllByText('Rahola · Entrada principal').length).toBeGreaterThanOrEqual(2);
    // Each keeps its own direction, so a Latin name in Arabic ends in the ellipsis, not loses its start.
    for (const name of within(first).getAllByText('Central · Entrada principal')) expect(name).toHaveAttribute('dir', 'auto');
    expect(first.querySelector('.ant-select-content > [dir="auto"]')).toHaveTextContent('Central · Entrada principal');
    const summary = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() =>
      expect(
        within(summary)
          .getAllByTestId('summary-card')
          .map((c) => c.querySelector('.ant-card-head-title')?.textContent),
      ).toEqual([expect.stringMatching(/^Central · Entrada principal /), expect.stringMatching(/^Rahola · Entrada principal /)]),
    );
    // The summary's titles wrap instead: an ellipsis would cut the period off.
    for (const card of within(summary).getAllByTestId('summary-card')) expect(card.querySelector('.ant-card-head-title')).toHaveStyle({ whiteSpace: 'normal' });
    expect(screen.getAllByTestId('series').map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Central · Entrada principal .* · In: /),
      expect.stringMatching(/^Rahola · Entrada principal .* · In: /),
    ]);

    await user().click(screen.getByRole('button', { name: /Export/ }));
    const dialog = await screen.findByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exportRecords).toHaveBeenCalled());
    // The region only: the server adds each interval's period, which a cut to 31 characters keeps.
    expect(jest.mocked(exportRecords).mock.calls[0][0].sheetNames).toEqual(['Central · Entrada principal', 'Rahola · Entrada principal']);
  });
});
