import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAlarms, getNumAlarms, type Alarm } from '@portal/api';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { AlarmsPage } from './AlarmsPage';

jest.mock('@portal/api', () => ({ ...jest.requireActual('@portal/api'), getAlarms: jest.fn(), getNumAlarms: jest.fn(), deleteAlarms: jest.fn() }));
jest.setTimeout(60000);

const alarm = (tid: number, circulationStatus: string, alarmActivated = true): Alarm => ({
  tid,
  storeId: 1,
  store: { name: 'Sant Antoni' },
  sensorName: 'Puerta',
  date: `2026-11-0${tid} 10:00:00`,
  type: 'EAS',
  antenna: '1',
  uid: `E00${tid}`,
  barcode: `BC${tid}`,
  titleIdentifier: 'Título',
  circulationStatus,
  alarmActivated,
});

beforeEach(() => {
  jest.mocked(getAlarms).mockResolvedValue({ items: [alarm(2, '03'), alarm(1, '42')], total: 2 });
  jest.mocked(getNumAlarms).mockResolvedValue({ numAlarms: 5, numAlarmsActivated: 2, numAlarmsDeactivated: 3 });
});
afterEach(() => jest.resetAllMocks());

describe('AlarmsPage', () => {
  it('asks for activated alarms by default, shows the counts and circulation statuses (unknown codes too)', async () => {
    renderWithPortal(<AlarmsPage title="Alarms" />, { path: '/alarms' });
    expect(await screen.findByText('03 - Available')).toBeInTheDocument();
    expect(screen.getByText('42 - Unknown')).toBeInTheDocument();
    expect(jest.mocked(getAlarms).mock.calls[0]?.[0]).toMatchObject({ searchTexts: { alarmActivated: 'true' } });
    expect(screen.getByTestId('alarm-counts').textContent).toBe('Records: 5Activated: 2Deactivated: 3');
    await userEvent.setup({ delay: null, pointerEventsCheck: 0 }).click(screen.getByText('All'));
    await waitFor(() => expect(jest.mocked(getAlarms).mock.calls.at(-1)?.[0]?.searchTexts?.alarmActivated).toBeUndefined());
  });
});
