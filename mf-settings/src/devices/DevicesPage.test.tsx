/** The Devices screen over the real @portal/api calls, answered by an in-memory fake of the server's routes. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { DeviceKey, Sensor } from '@portal/api';
import { fakeServer, type FakeReply, type SeenRequest } from '@portal/api/src/testing';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { settingsSaved } from '@portal/session';
import { library, person, signedIn } from '../testing';
import { DevicesPage } from './DevicesPage';

jest.setTimeout(90_000);
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

const KEEPER = person(4, 'keeper', 'user', ['manager', 'devices']);
const sensor = (id: number, name: string, over: Partial<Sensor> = {}): Sensor => ({
  id,
  storeId: 3,
  name,
  capacity: null,
  retired: false,
  createdAt: '2026-01-02T03:04:05Z',
  hasRecords: false,
  ...over,
});
const key = (id: number, name: string, over: Partial<DeviceKey> = {}): DeviceKey => ({
  id,
  storeId: 3,
  name,
  createdAt: '2026-01-02T03:04:05Z',
  lastUsedAt: null,
  revokedAt: null,
  today: { records: 0, alarms: 0, sipOperations: 0 },
  ...over,
});

/** The sensors and keys of library 3 as the server would keep them; `withRecords` sensors refuse DELETE. */
function serve(withRecords: number[] = [], empty = false) {
  const sensors = empty ? [] : [sensor(21, 'Door A', { capacity: 40 }), sensor(22, 'Old door', { retired: true, hasRecords: true })];
  const keys = empty
    ? []
    : [
        key(11, 'Gate A', { lastUsedAt: '2026-03-04T05:06:07Z', today: { records: 120, alarms: 3, sipOperations: 7 } }),
        key(12, 'Old gate', { revokedAt: '2026-02-03T04:05:06Z' }),
      ];
  const answer = (req: SeenRequest): FakeReply => {
    const body = req.data as Record<string, unknown>;
    const [, id] = /\/(\d+)$/.exec(req.url) ?? [];
    switch (`${req.method} ${req.url.replace(/\/\d+$/, '/:id')}`) {
      case 'GET /api/stores/3/sensors':
        return { status: 200, data: sensors };
      case 'POST /api/stores/3/sensors': {
        const created = sensor(30 + sensors.length, String(body.name), { capacity: body.capacity as number | null });
        sensors.push(created);
        return { status: 201, data: created };
      }
      case 'PUT /api/stores/3/sensors/:id': {
        const s = sensors.find((x) => x.id === Number(id))!;
        Object.assign(s, body);
        return { status: 200, data: s };
      }
      case 'DELETE /api/stores/3/sensors/:id':
        if (withRecords.includes(Number(id))) return { status: 409, data: { code: 'SENSOR_HAS_RECORDS', message: 'has records' } };
        sensors.splice(
          sensors.findIndex((x) => x.id === Number(id)),
          1,
        );
        return { status: 200, data: { id: Number(id) } };
      case 'GET /api/stores/3/deviceKeys':
        return { status: 200, data: keys };
      case 'POST /api/stores/3/deviceKeys': {
        keys.push(key(13, String(body.name)));
        return { status: 201, data: { id: 13, name: body.name, key: 'pdk_s3cr3t-once' } };
      }
      case 'DELETE /api/stores/3/deviceKeys/:id':
        keys.find((k) => k.id === Number(id))!.revokedAt = '2026-05-06T07:08:09Z';
        return { status: 200, data: { id: Number(id) } };
      default:
        return { status: 404, data: { code: 'NOT_FOUND' } };
    }
  };
  return fakeServer(answer);
}

function renderAt(path: string, store = signedIn(KEEPER, [library(3, 'Tres'), library(5, 'Cinco')])) {
  renderWithPortal(
    <Routes>
      <Route path="/devices" element={<DevicesPage title="Devices" />} />
      <Route path="/stores/:storeId/devices" element={<DevicesPage title="Devices" />} />
    </Routes>,
    { store, path },
  );
}
const table = (testId: string) => within(screen.getByTestId(testId));
const row = (testId: string, text: string) => within(table(testId).getByText(text).closest('tr') as HTMLElement);
const dialog = () => within(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal') as HTMLElement);
/** The confirmation titled `title` (Modal.confirm). */
const confirmBox = async (title: string) =>
  within((await screen.findByText(title, { selector: '.ant-modal-confirm-title' })).closest('.ant-modal-confirm') as HTMLElement);

afterEach(() => jest.restoreAllMocks());

describe('DevicesPage', () => {
  it("lists the library's sensors and keys: capacity or the library's, retired, today's counts, last use and revoked", async () => {
    const requests = serve();
    renderAt('/stores/3/devices');
    expect(await screen.findByRole('heading', { name: 'Devices · Tres' })).toBeInTheDocument();
    await table('sensors-table').findByText('Door A');
    expect(row('sensors-table', 'Door A').getByText('40')).toBeInTheDocument();
    expect(row('sensors-table', 'Door A').getByText('Active')).toBeInTheDocument();
    expect(row('sensors-table', 'Old door').getByText("Library's capacity (10)")).toBeInTheDocument();
    expect(row('sensors-table', 'Old door').getByText('Retired')).toBeInTheDocument();
    // A retired sensor with records stays for its history: it can be edited (restored), not deleted.
    expect(row('sensors-table', 'Old door').queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    await table('device-keys-table').findByText('Gate A');
    expect(
      table('device-keys-table')
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Created', 'Last used', 'Readings today', 'Alarms today', 'Operations today', 'State', 'Actions']);
    const gate = row('device-keys-table', 'Gate A');
    for (const count of ['120', '3', '7']) expect(gate.getByText(count)).toBeInTheDocument();
    expect(gate.getByText(/^2026-03-04 \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(gate.getByRole('button', { name: 'Revoke key Gate A' })).toBeInTheDocument();
    expect(row('device-keys-table', 'Old gate').getByText(/^Revoked 2026-02-0\d/)).toBeInTheDocument();
    expect(row('device-keys-table', 'Old gate').getByText('Never')).toBeInTheDocument();
    expect(row('device-keys-table', 'Old gate').queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /api/stores/3/deviceKeys', 'GET /api/stores/3/sensors']);
  });

  it('/devices is the selected library', async () => {
    const requests = serve();
    renderAt('/devices');
    expect(await screen.findByRole('heading', { name: 'Devices · Tres' })).toBeInTheDocument();
    await table('sensors-table').findByText('Door A');
    expect(requests.every((r) => r.url.startsWith('/api/stores/3/'))).toBe(true);
  });

  it('/devices without a selected library says No Library Selected and calls nothing', async () => {
    const requests = serve();
    const store = signedIn(KEEPER, [library(3, 'Tres')]);
    store.dispatch(settingsSaved({ selectedStoreId: null, dashboardItems: {}, visibleColumns: {} }));
    renderAt('/devices', store);
    expect(await screen.findByText('No Library Selected')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('a library without sensors or keys says so in a line, and its first sensor shows in a table', async () => {
    serve([], true);
    const u = user();
    renderAt('/stores/3/devices');
    await waitFor(() => expect(screen.getByTestId('sensors-table')).toHaveTextContent("No sensors yet: add the library's people counters"));
    await waitFor(() => expect(screen.getByTestId('device-keys-table')).toHaveTextContent('No device keys yet'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: /Add sensor/ }));
    await u.type(await screen.findByRole('textbox', { name: 'Name' }), 'Door A');
    await u.click(dialog().getByRole('button', { name: 'Save' }));
    await table('sensors-table').findByText('Door A');
    expect(row('sensors-table', 'Door A').getByText('Active')).toBeInTheDocument();
  });

  it('adding a sensor needs a name and a capacity that is empty or a whole number of at least 1', async () => {
    expectConsoleError('Form not saved');
    const requests = serve();
    const u = user();
    renderAt('/stores/3/devices');
    await table('sensors-table').findByText('Door A');
    await u.click(screen.getByRole('button', { name: /Add sensor/ }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const capacity = screen.getByRole('spinbutton', { name: 'Capacity' });
    expect(capacity).toHaveAttribute('placeholder', "Empty: the library's capacity (10)");
    await u.type(capacity, '0');
    await u.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await dialog().findByText('Name is required')).toBeInTheDocument();
    expect(await dialog().findByText('Capacity must be empty or a whole number from 1 to 1,000,000')).toBeInTheDocument();
    fireEvent.change(capacity, { target: { value: '2.5' } });
    await u.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await dialog().findByText('Capacity must be empty or a whole number from 1 to 1,000,000')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await u.clear(capacity);
    await u.type(name, '  Door B ');
    // The messages leave with antd's motion: wait until they are gone, as a person would see the form valid.
    await waitFor(() => expect(dialog().queryByText('Name is required')).not.toBeInTheDocument());
    await waitFor(() => expect(dialog().queryByText(/Capacity must be/)).not.toBeInTheDocument());
    await u.click(dialog().getByRole('button', { name: 'Save' }));
    await table('sensors-table').findByText('Door B');
    expect(requests.find((r) => r.method === 'POST')?.data).toEqual({ name: 'Door B', capacity: null });
    expect(row('sensors-table', 'Door B').getByText("Library's capacity (10)")).toBeInTheDocument();
  });

  it('renames a sensor and sets its capacity, sending only what changed', async () => {
    const requests = serve();
    const u = user();
    renderAt('/stores/3/devices');
    await table('sensors-table').findByText('Door A');
    await u.click(row('sensors-table', 'Door A').getByRole('button', { name: 'Edit sensor Door A' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveValue('Door A'));
    await u.clear(name);
    await u.type(name, 'Main door');
    await u.clear(screen.getByRole('spinbutton', { name: 'Capacity' }));
    await u.type(screen.getByRole('spinbutton', { name: 'Capacity' }), '55');
    await u.click(dialog().getByRole('button', { name: 'Save' }));
    await table('sensors-table').findByText('Main door');
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/stores/3/sensors/21', data: { name: 'Main door', capacity: 55 } });
    expect(row('sensors-table', 'Main door').getByText('55')).toBeInTheDocument();
  });

  it('a sensor the server refuses to delete (SENSOR_HAS_RECORDS) is explained and offered to retire', async () => {
    const requests = serve([21]);
    const u = user();
    renderAt('/stores/3/devices');
    await table('sensors-table').findByText('Door A');
    await u.click(row('sensors-table', 'Door A').getByRole('button', { name: 'Delete sensor Door A' }));
    const ask = await confirmBox('Delete sensor Door A?');
    await u.click(ask.getByRole('button', { name: 'Delete' }));
    const offer = await confirmBox('Sensor Door A has readings and cannot be deleted');
    expect(offer.getByText(/Retire it instead: devices can no longer send data for it/)).toBeInTheDocument();
    await u.click(offer.getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(row('sensors-table', 'Door A').getByText('Retired')).toBeInTheDocument());
    expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url, r.data])).toEqual([
      ['DELETE', '/api/stores/3/sensors/21', undefined],
      ['PUT', '/api/stores/3/sensors/21', { retired: true }],
    ]);
  });

  it('a new key is shown once, with a copy button and a ready-to-paste intake call', async () => {
    expectConsoleError('Form not saved');
    const requests = serve();
    // user-event's setup puts a clipboard of its own in navigator: what the page writes is read back from it.
    const u = user();
    renderAt('/stores/3/devices');
    await table('device-keys-table').findByText('Gate A');
    await u.click(screen.getByRole('button', { name: /Create key/ }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await u.click(dialog().getByRole('button', { name: 'Create key' }));
    expect(await dialog().findByText('Name is required')).toBeInTheDocument();
    await u.type(name, 'Self-check 2');
    await waitFor(() => expect(dialog().queryByText('Name is required')).not.toBeInTheDocument());
    await u.keyboard('{Enter}');

    expect(await screen.findByText('Key Self-check 2 created')).toBeInTheDocument();
    // The form's dialog keeps its content while it fades out; wait until it is gone, so that its timer fires
    // inside waitFor and not during one of the plain awaits below (a state update outside act).
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name', hidden: true })).not.toBeInTheDocument(), { timeout: 5000 });
    expect(requests.find((r) => r.method === 'POST')?.data).toEqual({ name: 'Self-check 2' });
    expect(screen.getByText('Copy this key now: it will not be shown again.')).toBeInTheDocument();
    expect(screen.getByTestId('device-key')).toHaveTextContent('pdk_s3cr3t-once');
    const example = screen.getByTestId('intake-example').textContent!;
    expect(example).toContain(`curl -X POST '${window.location.origin}/api/devices/records'`);
    expect(example).toContain("-H 'x-device-key: pdk_s3cr3t-once'");
    expect(example).toMatch(/"records":\[\{"sensorId":21,"date":"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d","countIn":1,"countOut":0\}\]/);
    await u.click(screen.getByRole('button', { name: /Copy key/ }));
    expect(await navigator.clipboard.readText()).toBe('pdk_s3cr3t-once');
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: /Copy call/ }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(example));

    await table('device-keys-table').findByText('Self-check 2');
    await u.click(screen.getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(document.body).not.toHaveTextContent('pdk_s3cr3t-once'));
    // Listed afterwards without its secret.
    expect(requests.filter((r) => r.url === '/api/stores/3/deviceKeys' && r.method === 'GET')).toHaveLength(2);
  });

  it('revokes a key after confirming', async () => {
    const requests = serve();
    const u = user();
    renderAt('/stores/3/devices');
    await table('device-keys-table').findByText('Gate A');
    await u.click(row('device-keys-table', 'Gate A').getByRole('button', { name: 'Revoke key Gate A' }));
    const ask = await confirmBox('Revoke key Gate A?');
    expect(ask.getByText(/Devices using it are refused at once/)).toBeInTheDocument();
    await u.click(ask.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(row('device-keys-table', 'Gate A').getByText(/^Revoked 2026-05-0\d/)).toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/stores/3/deviceKeys/11']);
  });
});
