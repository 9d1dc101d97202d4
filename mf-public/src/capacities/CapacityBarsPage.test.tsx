import { screen } from '@testing-library/react';
import type { CapacityRecord } from '@portal/contract';
import { setLanguage } from '@portal/i18n';
import { advance, renderPublic, scriptFetch } from '../display/testing';

const area = (name: string, percentageCapacity: number, opened = true): CapacityRecord => ({
  name,
  storeCode: 'BIB-001',
  opened,
  currentCapacity: percentageCapacity,
  maxCapacity: 100,
  percentageCapacity,
});

beforeAll(() => setLanguage('en-GB'));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const bars = () => Array.from(document.querySelectorAll<HTMLElement>('.portal-capacity-bar'));

describe('/capacities/{token}', () => {
  it('one 25 px bar per area: current/max and %, colours at 59/60/89/90/99/100 %, names cut after 30, closed areas 0', async () => {
    const records = [
      area('Cincuenta y nueve', 59),
      area('Sesenta', 60),
      area('Ochenta y nueve', 89),
      area('Noventa', 90),
      area('Noventa y nueve', 99),
      area('Cien', 100),
      area('Sala de estudio con un nombre muy largo', 40),
      area('Cerrada', 95, false),
    ];
    const urls = scriptFetch(() => ({ status: 200, body: records }));
    renderPublic('/capacities/tok123');
    await advance(10);
    expect(urls).toEqual(['/api/statistics/capacities/tok123']);
    expect(bars().map((b) => b.dataset.colour)).toEqual(['green', 'yellow', 'yellow', 'orange', 'orange', 'red', 'green', 'green']);
    expect(bars().every((b) => b.style.height === '25px')).toBe(true);
    expect(screen.getByText('Sala de estudio con un nombre …')).toBeInTheDocument();
    expect(screen.getByText('59/100 · 59 %')).toBeInTheDocument();
    expect(bars()[7]).toHaveTextContent('0/100 · 0 % · Closed');
    expect(bars()[6]).not.toHaveTextContent('Closed');
  });

  it('polls every 5 s; after failed polls keeps the values with "Not updated since HH:mm", and recovers', async () => {
    jest.setSystemTime(new Date(2026, 0, 5, 9, 41, 30));
    let answer: () => { status: number; body: unknown } | 'down' = () => ({ status: 200, body: [area('Sala', 10)] });
    const urls = scriptFetch(() => answer());
    renderPublic('/capacities/tok123');
    await advance(10);
    answer = () => 'down';
    await advance(5000);
    expect(screen.queryByRole('status')).toBeNull();
    await advance(5000);
    expect(screen.getByRole('status')).toHaveTextContent('Not updated since 09:41');
    expect(screen.getByText('10/100 · 10 %')).toBeInTheDocument();
    answer = () => ({ status: 200, body: [area('Sala', 20)] });
    await advance(5000);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('20/100 · 20 %')).toBeInTheDocument();
    expect(urls).toHaveLength(4);
  });

  it('an invalid or revoked token shows a clear message, not an empty chart', async () => {
    scriptFetch(() => ({ status: 404, body: { code: 'CAPACITY_TOKEN_UNKNOWN' } }));
    renderPublic('/capacities/revoked');
    await advance(10);
    expect(screen.getByRole('alert')).toHaveTextContent('This display link is not valid or has been revoked');
    expect(bars()).toHaveLength(0);
  });

  it('?pollMs= sets another interval (tests only)', async () => {
    const urls = scriptFetch(() => ({ status: 200, body: [] }));
    renderPublic('/capacities/tok123?pollMs=200');
    await advance(1000);
    expect(urls.length).toBeGreaterThanOrEqual(5);
  });
});
