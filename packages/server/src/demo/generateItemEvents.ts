/** Item events (spec data-areas §3): what happened to an item — inventoried, alarmed, or a SIP operation. */
import { foldText } from '@portal/contract';
import type { ItemEventType } from '../db/schema';
import { bulkTable, type Cell } from './generateBulk';

export const ITEM_EVENTS = bulkTable('item_events', {
  store_id: 'int',
  code: 'text',
  object_id: 'text',
  date: 'text',
  type: 'text',
  inventory_id: 'int',
  inventory_group_id: 'int',
  details: 'text',
  search_text: 'text',
});

export interface ItemEvent {
  storeId: number;
  code: string | null;
  objectId: string | null;
  date: string;
  type: ItemEventType;
  inventoryId?: number | null;
  inventoryGroupId?: number | null;
  /**
   * Type-specific details: INVENTORY {inventoryComment, groupName, title}; ALARM {alarmId, alarmType,
   * sensorName, alarmActivated, title}; SIP_OPERATION {sipOperationId, sipType, status, origin, title}.
   */
  details: Record<string, string | number | boolean | null>;
}

export function itemEventCells(e: ItemEvent): Cell[] {
  return [
    e.storeId,
    e.code,
    e.objectId,
    e.date,
    e.type,
    e.inventoryId ?? null,
    e.inventoryGroupId ?? null,
    JSON.stringify(e.details),
    foldText([e.code, e.objectId].filter(Boolean).join(' ')),
  ];
}
