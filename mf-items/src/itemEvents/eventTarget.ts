import type { ItemEvent } from '@portal/api';

/**
 * Where an item event leads (data-areas §2 Item events): an alarm to /alarms, a SIP operation to
 * /sipOperations, an inventory event to its section's items (or the inventories when it has none).
 */
export function eventTarget(event: Pick<ItemEvent, 'type' | 'inventoryId' | 'inventoryGroupId'>): string {
  if (event.type === 'ALARM') return '/alarms';
  if (event.type === 'SIP_OPERATION') return '/sipOperations';
  if (event.inventoryGroupId && event.inventoryId) return `/inventories/${event.inventoryGroupId}/sections/${event.inventoryId}`;
  if (event.inventoryGroupId) return `/inventories/${event.inventoryGroupId}/sections`;
  return '/inventories';
}

/** An event of another library than the selected one needs the library switched first. */
export const needsLibrarySwitch = (event: Pick<ItemEvent, 'storeId'>, selectedStoreId: number | null): boolean =>
  event.storeId !== selectedStoreId;
