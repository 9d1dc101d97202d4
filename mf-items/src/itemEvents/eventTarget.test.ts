import { eventTarget, needsLibrarySwitch } from './eventTarget';

const none = { inventoryId: null, inventoryGroupId: null };

it('leads alarms to /alarms, SIP operations to /sipOperations and inventory events to their section', () => {
  expect(eventTarget({ type: 'ALARM', ...none })).toBe('/alarms');
  expect(eventTarget({ type: 'SIP_OPERATION', ...none })).toBe('/sipOperations');
  expect(eventTarget({ type: 'INVENTORY', inventoryGroupId: 4, inventoryId: 9 })).toBe('/inventories/4/sections/9');
  expect(eventTarget({ type: 'INVENTORY', inventoryGroupId: 4, inventoryId: null })).toBe('/inventories/4/sections');
  expect(eventTarget({ type: 'INVENTORY', ...none })).toBe('/inventories');
});

it('asks to switch only for an event of another library than the selected one', () => {
  expect(needsLibrarySwitch({ storeId: 3 }, 3)).toBe(false);
  expect(needsLibrarySwitch({ storeId: 4 }, 3)).toBe(true);
  expect(needsLibrarySwitch({ storeId: 4 }, null)).toBe(true);
});
