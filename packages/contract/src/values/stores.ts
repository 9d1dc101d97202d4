/** The default timezone and the fields only an admin changes, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

export const DEFAULT_TIMEZONE = 'Europe/Madrid';

/** Fields only an admin may change (others edit address, manager, contact, capacity, times, timezone, code fields). */
export const ADMIN_ONLY_STORE_FIELDS = ['country', 'area', 'province', 'city', 'name', 'expirationDate'] as const;
