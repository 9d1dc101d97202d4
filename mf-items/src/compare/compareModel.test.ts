import type { InventoryGroup } from '@portal/api';
import { ALL, cascaderOptions, compareIdOf, sameChoice, scopeOf } from './compareModel';

const group = (tid: number | 'UNGROUPED', name: string) => ({ tid, name }) as InventoryGroup;

it('reads the cascader choice as every inventory, one group or one section', () => {
  expect(scopeOf(undefined)).toEqual({ kind: 'ALL_GROUPS' });
  expect(scopeOf([ALL])).toEqual({ kind: 'ALL_GROUPS' });
  expect(scopeOf(['12', ALL])).toEqual({ kind: 'group', groupId: 12 });
  expect(scopeOf(['UNGROUPED'])).toEqual({ kind: 'group', groupId: 'UNGROUPED' });
  expect(scopeOf(['12', '40'])).toEqual({ kind: 'inventory', inventoryId: 40 });
});

it('keeps the previous cascader value when the new one names the same choice', () => {
  const previous = ['12', ALL];
  expect(sameChoice(previous, ['12', ALL])).toBe(previous);
  const other = ['12', '40'];
  expect(sameChoice(previous, other)).toBe(other);
  expect(sameChoice(previous, ['12'])).toEqual(['12']);
});

it('names the shown list for Add Items To', () => {
  expect(compareIdOf('MISSING', { kind: 'ALL_GROUPS' })).toBe('MISSING/ALL_GROUPS');
  expect(compareIdOf('EXCEEDED', { kind: 'group', groupId: 'UNGROUPED' })).toBe('EXCEEDED/group/UNGROUPED');
  expect(compareIdOf('MISSING', { kind: 'inventory', inventoryId: 5 })).toBe('MISSING/inventory/5');
});

it("offers 'All Inventories' on top and in each group, then the group's sections", () => {
  const options = cascaderOptions(
    [group('UNGROUPED', 'UNGROUPED'), group(12, 'Inventario 2026')],
    [
      { tid: 40, comment: 'Planta 0', date: '2026-11-20 10:00:00', groupId: 12 },
      { tid: 41, comment: 'Carro', date: '2026-11-21 09:00:00', groupId: null },
    ],
    { allInventories: 'All Inventories', ungrouped: 'Ungrouped', formatDate: (d) => d.slice(0, 10) },
  );
  expect(options).toEqual([
    { value: ALL, label: 'All Inventories' },
    {
      value: 'UNGROUPED',
      label: 'Ungrouped',
      children: [
        { value: ALL, label: 'All Inventories' },
        { value: '41', label: 'Carro (2026-11-21)' },
      ],
    },
    {
      value: '12',
      label: 'Inventario 2026',
      children: [
        { value: ALL, label: 'All Inventories' },
        { value: '40', label: 'Planta 0 (2026-11-20)' },
      ],
    },
  ]);
});
