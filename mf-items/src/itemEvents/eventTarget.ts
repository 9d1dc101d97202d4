import type { ItemEvent } from '@portal/api';

/** A screen an item event leads to, and the permission that screen needs (spec §6 menu requirements). */
export interface EventTarget {
  path: string;
  permission: string;
}

/**
 * Where an item event leads (data-areas §2 Item events): an alarm to /alarms, a SIP operation to
 * /sipOperations, an inventory event to its section's items (a section of no group under UNGROUPED), or the
 * group's sections, or the inventories when it has neither.
 */
export function eventTarget(event: Pick<ItemEvent, 'type' | 'inventoryId' | 'inventoryGroupId'>): EventTarget {
  if (event.type === 'ALARM') return { path: '/alarms', permission: 'alarms' };
  if (event.type === 'SIP_OPERATION') return { path: '/sipOperations', permission: 'imagesets' };
  const path = event.inventoryId
    ? `/inventories/${event.inventoryGroupId ?? 'UNGROUPED'}/sections/${event.inventoryId}`
    : event.inventoryGroupId
      ? `/inventories/${event.inventoryGroupId}/sections`
      : '/inventories';
  return { path, permission: 'inventories' };
}

/** An event of another library than the selected one needs the library switched first. */
export const needsLibrarySwitch = (event: Pick<ItemEvent, 'storeId'>, selectedStoreId: number | null): boolean => event.storeId !== selectedStoreId;
