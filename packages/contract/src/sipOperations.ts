/** SIP operations: GET /api/sipOperations and /export (data-areas §3 SIPOperation, §4 statuses and types). */
import { Type, type Static } from 'typebox';
export * from './values/sipOperations';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const SipOperation = Type.Object({
  tid: Type.Integer(),
  storeId: Type.Integer(),
  store: Type.Object({ name: Type.String() }),
  origin: Type.String(),
  type: Type.String(),
  offline: Type.Boolean(),
  patronIdentifier: Type.String(),
  itemIdentifier: Type.String(),
  titleIdentifier: Type.String(),
  /** Local time of the library, 'YYYY-MM-DD HH:mm:ss'. */
  transactionDate: Type.String(),
  dueDate: Nullable(Type.String()),
  executionDate: Nullable(Type.String()),
  status: Type.String(),
  /** Shown as Message. */
  error: Type.String(),
});
export type SipOperation = Static<typeof SipOperation>;

/** The list's default order (data-areas §2): transaction date, newest first. */
export const SIP_DEFAULT_ORDER = ['transactionDate', 'desc'] as const;
