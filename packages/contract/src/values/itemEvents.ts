/** Item event types, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

export const ITEM_EVENT_TYPES = ['INVENTORY', 'ALARM', 'SIP_OPERATION'] as const;

export type ItemEventType = (typeof ITEM_EVENT_TYPES)[number];
