/** What every step of the demo generator shares. */
import type { Kysely } from 'kysely';
import type { Database, IsoTimestamp } from '../db/schema';
import type { BulkWriter } from './generateBulk';
import type { DemoProfile } from './generateProfile';

export interface GenContext {
  db: Kysely<Database>;
  writer: BulkWriter;
  /** The real current time: today's data stops here. */
  now: Date;
  /**
   * Today in Europe/Madrid: the anchor of every relative date (expiry dates, inventory dates, creation
   * times). Everything except today's cut-off at `now` depends on this day only.
   */
  anchorDay: string;
  profile: DemoProfile;
  log(message: string): void;
}

/** A system timestamp (UTC ISO) on a day; deterministic stand-in for "when it was created". */
export function isoAt(day: string, time = '08:00:00'): IsoTimestamp {
  return `${day}T${time}.000Z`;
}
