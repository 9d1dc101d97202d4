import { formatInventoryDate, INVENTORY_DATE_FORMAT } from './dates';

it('shows section and scan dates as written in the inventory formats', () => {
  expect(formatInventoryDate('2026-11-20 10:30:05')).toBe('2026/11/20 10:30:05');
  expect(formatInventoryDate('2026-11-20 10:30:05', INVENTORY_DATE_FORMAT)).toBe('2026/11/20 10:30');
  expect(formatInventoryDate('')).toBe('');
  expect(formatInventoryDate(null)).toBe('');
  expect(formatInventoryDate('not a date')).toBe('not a date');
  expect(formatInventoryDate('2026-11-20T09:30:05.000Z')).toMatch(/^2026\/11\/20 \d\d:30:05$/);
});
