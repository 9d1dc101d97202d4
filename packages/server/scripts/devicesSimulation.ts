/**
 * What the device simulator sends (./devices-simulate.ts), as pure functions of a seeded random source and the
 * clock: no network, no server code. Each tick of `interval` seconds makes
 *
 * - one people-counter reading per sensor: visitors arrive through the opening hours (fewer at opening and
 *   closing, most mid-day), stay about an hour and leave; everyone still inside leaves in the last reading
 *   before closing time (or midnight), so over a day a sensor never counts more out than in;
 * - now and then a gate alarm (most of them with the barcode of the item that set it off);
 * - now and then a self-check (SIP) operation: checkouts, checkins, renewals; some made offline, reported
 *   PENDING first and SUCCESS later under the same operationId.
 *
 * The payloads are exactly the rows of the public intake API (POST /api/devices/records, /alarms,
 * /sipOperations), so a vendor can read them as examples.
 */

/** A people-counter reading: people in and out through the sensor since the previous reading. */
export interface Reading {
  sensorId: number;
  /** Library local time, 'YYYY-MM-DD HH:mm:ss'. */
  date: string;
  countIn: number;
  countOut: number;
}

export interface Alarm {
  sensorId: number;
  date: string;
  type: 'EAS' | 'AFI_1' | 'AFI_2' | 'AFI_3' | 'AFI_4';
  antenna: string;
  uid: string;
  barcode: string | null;
  titleIdentifier: string | null;
  circulationStatus: string | null;
  alarmActivated: boolean;
}

export interface SipOperation {
  operationId: string;
  origin: string;
  type: 'CHECKIN' | 'CHECKOUT' | 'RENEW' | 'INFORMATION';
  offline: boolean;
  patronIdentifier: string;
  itemIdentifier: string;
  titleIdentifier: string;
  transactionDate: string;
  dueDate: string | null;
  executionDate: string | null;
  status: 'PENDING' | 'SUCCESS' | 'WARNING' | 'ERROR';
  error: string | null;
  /** The item's material, as the station's library system knows it (the dashboard's SelfCheck pies). */
  label: string | null;
}

export interface SimulationOptions {
  sensorIds: number[];
  /** Opening hours, [from, to) in hours of the library's day (0-24: round the clock). */
  openHour: number;
  closeHour: number;
  /** Visitors a sensor counts in a whole open day, on average. */
  visitorsPerDay: number;
  /** Alarms and SIP operations per open hour, for the whole library. */
  alarmsPerHour: number;
  sipPerHour: number;
  /** Item barcodes: one of `barcodes` when given, else `barcodePrefix` + a number below barcodeCount, zero-padded to barcodeDigits. */
  barcodes?: readonly string[];
  barcodePrefix: string;
  barcodeCount: number;
  barcodeDigits: number;
  /** A station name for the SIP operations' origin. */
  station: string;
  /** Makes operationIds unique across runs (e.g. the start time in base 36). */
  runId: string;
  seed: number;
}

export const DEFAULT_SIMULATION: Omit<SimulationOptions, 'sensorIds' | 'runId'> = {
  openHour: 8,
  closeHour: 21,
  visitorsPerDay: 600,
  alarmsPerHour: 6,
  sipPerHour: 40,
  barcodePrefix: '3001',
  barcodeCount: 100_000,
  barcodeDigits: 9,
  station: 'Self-check 1',
  seed: 1,
};

/** A small seeded random source (mulberry32): the same seed gives the same traffic. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Poisson count with mean `mean` (Knuth's method; a rounded normal above 30). */
export function poisson(random: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(random)));
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = random(); p > limit; p *= random()) k += 1;
  return k;
}

/** How many of `n` people each leave with probability `p`. */
export function binomial(random: () => number, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (n > 100) return Math.min(n, Math.max(0, Math.round(n * p + Math.sqrt(n * p * (1 - p)) * gaussian(random))));
  let k = 0;
  for (let i = 0; i < n; i += 1) if (random() < p) k += 1;
  return k;
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * The arrival rate at `hour` (fractional) relative to the day's average: 0 while closed; open, a base of 0.3
 * plus a mid-day hump, averaging 1 over the opening hours.
 */
export function arrivalShape(hour: number, openHour: number, closeHour: number): number {
  if (hour < openHour || hour >= closeHour) return 0;
  const x = (hour - openHour) / (closeHour - openHour);
  return 0.3 + 0.7 * (Math.PI / 2) * Math.sin(Math.PI * x);
}

/** Mean minutes a visitor stays. */
const STAY_MINUTES = 60;

/** A local time: the day ('YYYY-MM-DD') and the hour of the day (fractional). */
export interface LocalTime {
  day: string;
  /** 'YYYY-MM-DD HH:mm:ss'. */
  text: string;
  hour: number;
}

/** Today's people per sensor: who came in and went out so far, so out never passes in. */
interface SensorDay {
  day: string;
  in: number;
  out: number;
}

export class Simulation {
  private readonly random: () => number;
  private readonly days = new Map<number, SensorDay>();
  /** Offline operations reported PENDING, with the tick they are reported done at. */
  private pending: Array<{ operation: SipOperation; dueTick: number }> = [];
  private tick = 0;
  private sequence = 0;

  constructor(readonly options: SimulationOptions) {
    this.random = randomSource(options.seed);
  }

  /** People inside through a sensor now (in minus out of its day). */
  inside(sensorId: number): number {
    const d = this.days.get(sensorId);
    return d ? d.in - d.out : 0;
  }

  /** Today's totals of a sensor. */
  totals(sensorId: number): { in: number; out: number } {
    const d = this.days.get(sensorId);
    return { in: d?.in ?? 0, out: d?.out ?? 0 };
  }

  /**
   * The rows of one tick: `now` is the local time of this reading, `seconds` the time since the previous one,
   * `lastOfDay` whether the next tick falls after closing time or on another day (everyone still inside leaves).
   */
  step(now: LocalTime, seconds: number, lastOfDay: boolean): { records: Reading[]; alarms: Alarm[]; operations: SipOperation[] } {
    const o = this.options;
    this.tick += 1;
    const open = arrivalShape(now.hour, o.openHour, o.closeHour) > 0;
    // Open, a reading every tick (zeros too: the counter is alive); closed, only one that counts somebody.
    const records = o.sensorIds.map((sensorId) => this.reading(sensorId, now, seconds, lastOfDay)).filter((r) => open || r.countIn > 0 || r.countOut > 0);
    const hours = seconds / 3600;
    // Offline operations of earlier ticks whose station is back online: the same operationId, now SUCCESS.
    const due = this.pending.filter((p) => p.dueTick <= this.tick);
    this.pending = this.pending.filter((p) => !due.includes(p));
    const operations: SipOperation[] = due.map(({ operation }) => ({ ...operation, status: 'SUCCESS', executionDate: now.text }));
    const alarms: Alarm[] = [];
    if (open) {
      for (let n = poisson(this.random, o.alarmsPerHour * hours); n > 0; n -= 1) alarms.push(this.alarm(now));
      for (let n = poisson(this.random, o.sipPerHour * hours); n > 0; n -= 1) operations.push(this.operation(now));
    }
    return { records, alarms, operations };
  }

  private reading(sensorId: number, now: LocalTime, seconds: number, lastOfDay: boolean): Reading {
    const o = this.options;
    let day = this.days.get(sensorId);
    if (!day || day.day !== now.day) this.days.set(sensorId, (day = { day: now.day, in: 0, out: 0 }));
    const openHours = Math.max(1, o.closeHour - o.openHour);
    const mean = (o.visitorsPerDay / (openHours * 3600)) * seconds * arrivalShape(now.hour, o.openHour, o.closeHour);
    const countIn = lastOfDay ? 0 : poisson(this.random, mean);
    const inside = day.in - day.out;
    // Those inside before this reading leave at the stay's rate; at the day's last reading everyone leaves.
    const countOut = lastOfDay ? inside + countIn : binomial(this.random, inside, 1 - Math.exp(-seconds / (STAY_MINUTES * 60)));
    day.in += countIn;
    day.out += countOut;
    return { sensorId, date: now.text, countIn, countOut };
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private barcode(): string {
    const o = this.options;
    if (o.barcodes?.length) return this.pick(o.barcodes);
    return o.barcodePrefix + String(Math.floor(this.random() * o.barcodeCount)).padStart(o.barcodeDigits, '0');
  }

  private alarm(now: LocalTime): Alarm {
    const withBarcode = this.chance(0.7);
    return {
      sensorId: this.pick(this.options.sensorIds),
      date: now.text,
      type: this.chance(0.7) ? 'EAS' : this.pick(['AFI_1', 'AFI_2', 'AFI_3', 'AFI_4'] as const),
      antenna: this.pick(['A1', 'A2']),
      // An RFID tag's UID: 16 hexadecimal digits.
      uid: `E004${Array.from({ length: 12 }, () =>
        Math.floor(this.random() * 16)
          .toString(16)
          .toUpperCase(),
      ).join('')}`,
      barcode: withBarcode ? this.barcode() : null,
      titleIdentifier: withBarcode ? this.pick(TITLES) : null,
      // The library system's circulation status of the item: '03' on loan, '08' waiting on the hold shelf, …
      circulationStatus: withBarcode ? this.pick(['03', '03', '03', '08', '01']) : null,
      alarmActivated: this.chance(0.9),
    };
  }

  private operation(now: LocalTime): SipOperation {
    this.sequence += 1;
    const type = this.pick(['CHECKOUT', 'CHECKOUT', 'CHECKOUT', 'CHECKIN', 'CHECKIN', 'CHECKIN', 'RENEW', 'INFORMATION'] as const);
    const offline = type !== 'INFORMATION' && this.chance(0.1);
    const outcome = this.random();
    const status = offline ? 'PENDING' : outcome < 0.92 ? 'SUCCESS' : outcome < 0.96 ? 'WARNING' : 'ERROR';
    const operation: SipOperation = {
      operationId: `${this.options.runId}-${this.sequence}`,
      origin: this.options.station,
      type,
      offline,
      patronIdentifier: `2${String(Math.floor(this.random() * 1e8)).padStart(8, '0')}`,
      itemIdentifier: this.barcode(),
      titleIdentifier: this.pick(TITLES),
      transactionDate: now.text,
      dueDate: type === 'CHECKOUT' || type === 'RENEW' ? `${addDays(now.day, 21)} 23:59:59` : null,
      executionDate: offline ? null : now.text,
      status,
      error: status === 'ERROR' ? 'Item not found in the library system' : status === 'WARNING' ? 'Item has a hold for another patron' : null,
      label: type === 'INFORMATION' ? null : this.pick(MATERIALS),
    };
    if (offline) this.pending.push({ operation, dueTick: this.tick + 1 + Math.floor(this.random() * 5) });
    return operation;
  }
}

const MATERIALS = ['Libro', 'Libro', 'Libro', 'DVD', 'Revista', 'Cómic', 'Audiolibro', 'Libro infantil'];

const TITLES = [
  'La Regenta',
  'Fortunata y Jacinta',
  'Niebla',
  'Cien años de soledad',
  'La casa de los espíritus',
  'Nada',
  'El Quijote',
  'Tirant lo Blanc',
  'Ficciones',
  'Rayuela',
  'Pedro Páramo',
  'La sombra del viento',
];

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The local time of `instant` in `timeZone` (an IANA name such as Europe/Madrid). */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const hour = Number(parts.hour) + Number(parts.minute) / 60 + Number(parts.second) / 3600;
  return { day, text: `${day} ${parts.hour}:${parts.minute}:${parts.second}`, hour };
}

/** Whether the tick after `now` (`seconds` later) is past closing time or on another day. */
export function lastTickOfDay(now: LocalTime, next: LocalTime, closeHour: number): boolean {
  return next.day !== now.day || (now.hour < closeHour && next.hour >= closeHour);
}
