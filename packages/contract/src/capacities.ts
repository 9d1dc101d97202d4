/**
 * Public displays (data-areas §2 "Public routes", §3 "Capacity record", §7): the capacities calls a display
 * at a library's entrance polls without login, authenticated by the user's public token in the URL
 * (users.token, the profile's `/capacities/{token}` link), and the public SIP summary of one library.
 */
import { Type, type Static } from 'typebox';

/**
 * `{token}`: the user's public token (not an access token). Any text up to the bound is accepted, so that a
 * mistyped or foreign token answers 404 CAPACITY_TOKEN_UNKNOWN like an unknown one; longer is 400.
 */
export const CapacityToken = Type.String({ minLength: 1, maxLength: 512 });
/** What public tokens look like (users.token): others are unknown without asking the database. */
export const CAPACITY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** `{storeCode}`: a library code. */
export const PublicStoreCode = Type.String({ minLength: 1, maxLength: 50 });

export const CapacitiesParams = Type.Object({ token: CapacityToken }, { additionalProperties: false });
export const StoreCapacityParams = Type.Object({ token: CapacityToken, storeCode: PublicStoreCode }, { additionalProperties: false });
export const PublicSipParams = Type.Object({ storeCode: PublicStoreCode }, { additionalProperties: false });

/**
 * One area's occupancy: people inside since the area's last reset (in its library's time zone), its
 * capacity, and whether the library is open now (opening hours). `percentageCapacity` is rounded down,
 * so 100 means really full.
 */
export const CapacityRecord = Type.Object({
  name: Type.String(),
  opened: Type.Boolean(),
  percentageCapacity: Type.Integer({ minimum: 0 }),
  currentCapacity: Type.Integer({ minimum: 0 }),
  maxCapacity: Type.Integer({ minimum: 0 }),
  /** The library's code (the traffic-light link `/capacities/{token}/{storeCode}`). */
  storeCode: Type.String(),
});
export type CapacityRecord = Static<typeof CapacityRecord>;
export const CapacityRecords = Type.Array(CapacityRecord);

/** SIP types and statuses (data-areas §4) in the order the public summary lists them. */
export const SIP_SUMMARY_TYPES = ['CHECKIN', 'CHECKIN_PENDING', 'CHECKOUT', 'CHECKOUT_CANCEL', 'RENEW', 'INFORMATION'] as const;
export const SIP_SUMMARY_STATUSES = ['PENDING', 'SUCCESS', 'WARNING', 'ERROR'] as const;

/**
 * Today's self-service (SIP) activity of one library, counts only: no patron, item or title identifier,
 * since anyone holding the link can read it. Times are the library's wall clock, `YYYY-MM-DD HH:mm:ss`.
 */
export const PublicSipSummary = Type.Object({
  storeName: Type.String(),
  /** The library's today, `YYYY-MM-DD`. */
  date: Type.String(),
  /** When these counts were taken (library time). */
  updatedAt: Type.String(),
  /** Time of today's latest operation, null when there was none. */
  lastOperationAt: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer({ minimum: 0 }),
  /**
   * Every type and every status, zeros included, in SIP_SUMMARY_TYPES × SIP_SUMMARY_STATUSES order (the public
   * page reads its rows and columns from this order, so it needs no copy of the lists).
   */
  counts: Type.Array(
    Type.Object({
      type: Type.String(),
      status: Type.String(),
      count: Type.Integer({ minimum: 0 }),
    }),
  ),
});
export type PublicSipSummary = Static<typeof PublicSipSummary>;
