/**
 * Compare (data-areas §2 Compare page, §3 Compare item, §7): a catalogue against the scanned items of every
 * inventory (ALL_GROUPS), one group or one section. MISSING: catalogue items nobody scanned. EXCEEDED: scanned
 * items the catalogue does not hold, with the library's catalogue where they were found, if any.
 */
import { Type, type Static } from 'typebox';
import { Id } from './common';
import { GroupIdText } from './inventories';
export * from './values/compare';

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
