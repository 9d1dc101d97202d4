import { eventTarget, needsLibrarySwitch } from './eventTarget';

const none = { inventoryId: null, inventoryGroupId: null };

it('leads alarms to /alarms, SIP operations to /sipOperations and inventory events to their section, with the permission each needs', () => {
  expect(eventTarget({ type: 'ALARM', ...none })).toEqual({ path: '/alarms', permission: 'alarms' });
  expect(eventTarget({ type: 'SIP_OPERATION', ...none })).toEqual({ path: '/sipOperations', permission: 'imagesets' });
  const inventory = (inventoryGroupId: number | null, inventoryId: number | null) => eventTarget({ type: 'INVENTORY', inventoryGroupId, inventoryId });
  expect(inventory(4, 9)).toEqual({ path: '/inventories/4/sections/9', permission: 'inventories' });
  expect(inventory(null, 9).path).toBe('/inventories/UNGROUPED/sections/9');
  expect(inventory(4, null).path).toBe('/inventories/4/sections');
  expect(inventory(null, null).path).toBe('/inventories');
});

it('asks to switch only for an event of another library than the selected one', () => {
  expect(needsLibrarySwitch({ storeId: 3 }, 3)).toBe(false);
  expect(needsLibrarySwitch({ storeId: 4 }, 3)).toBe(true);
  expect(needsLibrarySwitch({ storeId: 4 }, null)).toBe(true);
});
