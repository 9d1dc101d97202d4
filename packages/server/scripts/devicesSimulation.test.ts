/** The simulator's traffic as pure functions: a whole day of readings, alarms and SIP operations. */
import {
  addDays,
  arrivalShape,
  DEFAULT_SIMULATION,
  lastTickOfDay,
  localTime,
  Simulation,
  type LocalTime,
  type Reading,
  type SimulationOptions,
  type SipOperation,
} from './devicesSimulation';
import { retryAfterMs } from './devicesSimulator';

const options = (extra: Partial<SimulationOptions> = {}): SimulationOptions => ({ ...DEFAULT_SIMULATION, sensorIds: [11, 12], runId: 'test', ...extra });

const at = (day: string, seconds: number): LocalTime => {
  const hh = String(Math.floor(seconds / 3600)).padStart(2, '0');
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return { day, text: `${day} ${hh}:${mm}:${ss}`, hour: seconds / 3600 };
};

/** Every tick of `days` days from 00:00, `interval` seconds apart. */
function run(simulation: Simulation, interval: number, days = 1) {
  const out = { records: [] as Reading[], alarms: [] as unknown[], operations: [] as SipOperation[] };
  for (let d = 0; d < days; d += 1) {
    const day = addDays('2026-12-07', d);
    for (let s = 0; s < 86_400; s += interval) {
      const now = at(day, s);
      const next = s + interval < 86_400 ? at(day, s + interval) : at(addDays(day, 1), 0);
      const tick = simulation.step(now, interval, lastTickOfDay(now, next, simulation.options.closeHour));
      out.records.push(...tick.records);
      out.alarms.push(...tick.alarms);
      out.operations.push(...tick.operations);
    }
  }
  return out;
}

describe('readings', () => {
  it('over a day: a sensor never counts more out than in, everyone has left by closing, most arrive mid-day', () => {
    const simulation = new Simulation(options());
    const { records } = run(simulation, 30);
    for (const sensorId of [11, 12]) {
      const own = records.filter((r) => r.sensorId === sensorId);
      let inside = 0;
      for (const r of own) {
        inside += r.countIn - r.countOut;
        expect(inside).toBeGreaterThanOrEqual(0);
      }
      expect(inside).toBe(0);
      const totals = simulation.totals(sensorId);
      expect(totals.in).toBe(totals.out);
      // About the visitors asked for (a Poisson total: well within ±20 %).
      expect(totals.in).toBeGreaterThan(0.8 * DEFAULT_SIMULATION.visitorsPerDay);
      expect(totals.in).toBeLessThan(1.2 * DEFAULT_SIMULATION.visitorsPerDay);
      const arrivals = (from: string, to: string) =>
        own.filter((r) => r.date >= `2026-12-07 ${from}` && r.date < `2026-12-07 ${to}`).reduce((n, r) => n + r.countIn, 0);
      expect(arrivals('13:00', '16:00')).toBeGreaterThan(arrivals('08:00', '11:00'));
      // Closed: no one comes in; a reading then only when people leave (the one at closing time).
      expect(arrivals('00:00', '08:00') + arrivals('21:00', '24:00')).toBe(0);
      const closed = own.filter((r) => r.date < '2026-12-07 08:00' || r.date >= '2026-12-07 21:00');
      expect(closed).toEqual([]);
      expect(own.filter((r) => r.date >= '2026-12-07 08:00' && r.date < '2026-12-07 21:00')).toHaveLength(13 * 120);
    }
  });

  it('round the clock (0-24): the day still balances at midnight, and the next day starts from nobody inside', () => {
    const simulation = new Simulation(options({ openHour: 0, closeHour: 24, sensorIds: [5] }));
    const { records } = run(simulation, 60, 2);
    for (const day of ['2026-12-07', '2026-12-08']) {
      const own = records.filter((r) => r.date.startsWith(day));
      expect(own).toHaveLength(1440);
      let inside = 0;
      for (const r of own) {
        inside += r.countIn - r.countOut;
        expect(inside).toBeGreaterThanOrEqual(0);
      }
      expect(inside).toBe(0);
    }
  });

  it('the same seed gives the same traffic; another seed another', () => {
    const a = run(new Simulation(options()), 300);
    expect(run(new Simulation(options()), 300)).toEqual(a);
    expect(run(new Simulation(options({ seed: 2 })), 300)).not.toEqual(a);
  });

  it('arrivals follow the opening hours, averaging 1 over them', () => {
    expect(arrivalShape(7.99, 8, 21)).toBe(0);
    expect(arrivalShape(21, 8, 21)).toBe(0);
    let sum = 0;
    for (let k = 0; k < 1300; k += 1) sum += arrivalShape(8 + (k + 0.5) / 100, 8, 21);
    expect(sum / 1300).toBeCloseTo(1, 2);
  });
});

describe('alarms and SIP operations', () => {
  it('alarms come in open hours, most with a barcode from the list given, of the known types', () => {
    const { alarms } = run(new Simulation(options({ alarmsPerHour: 20, barcodes: ['B1', 'B2'] })), 60) as {
      alarms: Array<{ type: string; barcode: string | null; date: string; sensorId: number; uid: string }>;
    };
    expect(alarms.length).toBeGreaterThan(150);
    expect(alarms.every((a) => a.date >= '2026-12-07 08:00' && a.date < '2026-12-07 21:00')).toBe(true);
    expect(new Set(alarms.map((a) => a.type)).size).toBeGreaterThan(1);
    expect(
      alarms.every((a) => ['EAS', 'AFI_1', 'AFI_2', 'AFI_3', 'AFI_4'].includes(a.type) && [11, 12].includes(a.sensorId) && /^E004[0-9A-F]{12}$/.test(a.uid)),
    ).toBe(true);
    const withBarcode = alarms.filter((a) => a.barcode !== null);
    expect(withBarcode.length).toBeGreaterThan(alarms.length / 2);
    expect(withBarcode.length).toBeLessThan(alarms.length);
    expect(new Set(withBarcode.map((a) => a.barcode))).toEqual(new Set(['B1', 'B2']));
  });

  it('an offline operation is sent PENDING and later SUCCESS under the same operationId; ids are unique otherwise', () => {
    const { operations } = run(new Simulation(options({ sipPerHour: 60 })), 60);
    const pending = operations.filter((o) => o.status === 'PENDING');
    expect(pending.length).toBeGreaterThan(20);
    for (const p of pending) {
      expect(p).toMatchObject({ offline: true, executionDate: null });
      const later = operations.filter((o) => o.operationId === p.operationId && o !== p);
      expect(later).toEqual([{ ...p, status: 'SUCCESS', executionDate: expect.any(String) }]);
      expect(later[0]!.executionDate! > p.transactionDate).toBe(true);
    }
    const once = operations.filter((o) => o.status !== 'PENDING' && !pending.some((p) => p.operationId === o.operationId));
    expect(new Set(once.map((o) => o.operationId)).size).toBe(once.length);
    expect(new Set(operations.map((o) => o.type))).toEqual(new Set(['CHECKOUT', 'CHECKIN', 'RENEW', 'INFORMATION']));
    expect(operations.filter((o) => o.type === 'CHECKOUT').every((o) => o.dueDate === '2026-12-28 23:59:59')).toBe(true);
    expect(operations.filter((o) => o.status === 'ERROR').every((o) => o.error)).toBe(true);
    // Loans and returns carry the item's material (the dashboard's SelfCheck pies); information requests none.
    expect(new Set(operations.filter((o) => o.type !== 'INFORMATION').map((o) => o.label))).toEqual(
      new Set(['Libro', 'DVD', 'Revista', 'Cómic', 'Audiolibro', 'Libro infantil']),
    );
    expect(operations.filter((o) => o.type === 'INFORMATION').every((o) => o.label === null)).toBe(true);
  });
});

describe('clock and retries', () => {
  it("reads the library's local time and knows a day's last tick", () => {
    expect(localTime(new Date('2026-12-05T06:00:05Z'), 'Europe/Madrid')).toEqual({ day: '2026-12-05', text: '2026-12-05 07:00:05', hour: 7 + 5 / 3600 });
    expect(localTime(new Date('2026-12-05T23:30:00Z'), 'Atlantic/Canary').text).toBe('2026-12-05 23:30:00');
    expect(lastTickOfDay(at('2026-12-05', 20.99 * 3600), at('2026-12-05', 21 * 3600), 21)).toBe(true);
    expect(lastTickOfDay(at('2026-12-05', 20 * 3600), at('2026-12-05', 20.5 * 3600), 21)).toBe(false);
    expect(lastTickOfDay(at('2026-12-05', 86_370), at('2026-12-06', 0), 24)).toBe(true);
  });

  it('Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('3', 0, 500)).toBe(3000);
    expect(retryAfterMs(null, 0, 500)).toBe(500);
    expect(retryAfterMs('soon', 0, 500)).toBe(500);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000, 500)).toBe(6000);
  });
});
