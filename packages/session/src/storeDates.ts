import type { Store } from '@portal/api';

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A library is expired when its expirationDate (YYYY-MM-DD) is earlier than today; on the expiration
 * day itself it is still valid. `today` is a Date or a YYYY-MM-DD day.
 */
export function isStoreExpired(store: Pick<Store, 'expirationDate'> | null | undefined, today: Date | string = new Date()): boolean {
  if (!store?.expirationDate) return false;
  const day = typeof today === 'string' ? today.slice(0, 10) : localDay(today);
  return store.expirationDate.slice(0, 10) < day;
}
