/**
 * Compare (data-areas §2 Compare page, §3 Compare item, §7): a catalogue against the scanned items of every
 * inventory (ALL_GROUPS), one group or one section. MISSING: catalogue items nobody scanned. EXCEEDED: scanned
 * items the catalogue does not hold, with the library's catalogue where they were found, if any.
 */
import { Type, type Static } from 'typebox';
import { Id } from './common';
import { GroupIdText } from './inventories';

export const COMPARE_MODES = ['MISSING', 'EXCEEDED'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];
export const ALL_GROUPS = 'ALL_GROUPS';

const Mode = Type.Union([Type.Literal('MISSING'), Type.Literal('EXCEEDED')]);

export const CompareAllParams = Type.Object({ storeId: Id, catalogueId: Id, mode: Mode }, { additionalProperties: false });
export const CompareGroupParams = Type.Object({ storeId: Id, catalogueId: Id, mode: Mode, groupId: GroupIdText }, { additionalProperties: false });
export const CompareSectionParams = Type.Object({ storeId: Id, catalogueId: Id, mode: Mode, inventoryId: Id }, { additionalProperties: false });

const Text = Type.Union([Type.String(), Type.Null()]);

export const CompareItem = Type.Object({
  tid: Type.Integer(),
  code: Text,
  objectId: Text,
  field1: Text,
  field2: Text,
  field3: Text,
  field4: Text,
  field5: Text,
  field6: Text,
  /** EXCEEDED only: when and in which section it was scanned, and the library's catalogue that holds it. */
  date: Type.Optional(Text),
  inventoryId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  inventoryComment: Type.Optional(Text),
  catalogueId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  catalogueName: Type.Optional(Text),
});
export type CompareItem = Static<typeof CompareItem>;

/** What a compare compares against: every inventory, one group (or UNGROUPED), one section. */
export type CompareScope = { kind: 'ALL_GROUPS' } | { kind: 'group'; groupId: number | 'UNGROUPED' } | { kind: 'inventory'; inventoryId: number };

/** The path of a compare list under /api/stores/{storeId}/compare. */
export function comparePath(catalogueId: number, mode: CompareMode, scope: CompareScope): string {
  const base = `${catalogueId}/${mode}`;
  if (scope.kind === 'ALL_GROUPS') return `${base}/${ALL_GROUPS}`;
  if (scope.kind === 'group') return `${base}/group/${scope.groupId}`;
  return `${base}/inventory/${scope.inventoryId}`;
}
