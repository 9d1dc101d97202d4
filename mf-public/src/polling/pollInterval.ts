/**
 * Capacity polling interval of the displays (data-areas §9). Kept here, not in @portal/contract: the public
 * entry imports nothing from the contract at run time, so it does not load the schema library.
 */
export const CAPACITY_POLL_INTERVAL_MS = 5000;
/** Query parameter that sets another polling interval (tests speed polling up; production never sets it). */
export const POLL_PARAM = 'pollMs';
const MIN_MS = 100;
const MAX_MS = 10 * 60 * 1000;

/** The polling interval: 5 s, or `?pollMs=` when explicitly given as a whole number of ms in [100, 600000]. */
export function pollIntervalFrom(search: string): number {
  const value = new URLSearchParams(search).get(POLL_PARAM);
  if (value === null || !/^[0-9]{1,7}$/.test(value)) return CAPACITY_POLL_INTERVAL_MS;
  const ms = Number(value);
  return ms >= MIN_MS && ms <= MAX_MS ? ms : CAPACITY_POLL_INTERVAL_MS;
}

/** Each call gives up before the next one is due, so requests never pile up. */
export function timeoutFor(intervalMs: number): number {
  return Math.max(50, Math.floor(intervalMs * 0.8));
}
