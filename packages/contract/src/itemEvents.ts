/** Item events: GET /api/itemEvents, /numItemEvents and /export (data-areas §3 Item event, §7). */
import { Type, type Static } from 'typebox';
export * from './values/itemEvents';

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(t: T) => Type.Union([t, Type.Null()]);

export const ItemEvent = Type.Object({
  tid: Type.Integer(),
  storeId: Type.Integer(),
  storeName: Type.String(),
  code: Nullable(Type.String()),
  objectId: Nullable(Type.String()),
  /** Local time of the library, 'YYYY-MM-DD HH:mm:ss'. */
  date: Type.String(),
  type: Type.String(),
  inventoryId: Nullable(Type.Integer()),
  inventoryGroupId: Nullable(Type.Integer()),
  /**
   * Type-specific: INVENTORY {inventoryComment, groupName, title}; ALARM {alarmId, alarmType, sensorName,
   * alarmActivated, title}; SIP_OPERATION {sipOperationId, sipType, status, origin, title}.
   */
  details: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
});
export type ItemEvent = Static<typeof ItemEvent>;

/** GET /numItemEvents: the events matching the list's search. */
export const NumItemEvents = Type.Object({ numItemEvents: Type.Integer() });
export type NumItemEvents = Static<typeof NumItemEvents>;

/** The list's default order: date, newest first. */
export const ITEM_EVENTS_DEFAULT_ORDER = ['date', 'desc'] as const;
