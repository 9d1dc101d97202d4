import { isLibraryExpired } from '@portal/contract';
import type { Store } from '@portal/api';

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A library is expired when its expirationDate (YYYY-MM-DD) is earlier than today at the library (its time zone, the
 * contract's one rule shared with the server); on the expiration day itself it is still valid. `now` is a Date, or a
 * YYYY-MM-DD day taken as that day at the library.
 */
export function isStoreExpired(
  store: (Pick<Store, 'expirationDate'> & { timezone?: string | null }) | null | undefined,
  now: Date | string = new Date(),
): boolean {
  if (!store?.expirationDate) return false;
  if (typeof now === 'string') return store.expirationDate.slice(0, 10) < now.slice(0, 10);
  return isLibraryExpired(store, now);
}
