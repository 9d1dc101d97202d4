/** The virtual UNGROUPED group and its names, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */
import { foldText } from '../text';

/** The virtual group of the sections without a group (never editable or deletable). */
export const UNGROUPED = 'UNGROUPED';

/**
 * What UNGROUPED reads as in the nine locales (mf-items' inventories "ungrouped"; its locales test keeps them in
 * step), and UNGROUPED itself: no group may be named so, in any case or accents, whatever the user's language.
 */
export const UNGROUPED_NAMES: readonly string[] = [
  UNGROUPED,
  'Ungrouped',
  'Sin agrupar',
  'Sense agrupar',
  'Sans groupe',
  'Zonder groep',
  'Bez grupy',
  'Sem grupo',
  'غير مجمعة',
];

const FOLDED_UNGROUPED_NAMES = new Set(UNGROUPED_NAMES.map(foldText));

/** Does the name read as UNGROUPED in one of the locales (case, accents and surrounding spaces ignored)? */
export const isUngroupedName = (name: string): boolean => FOLDED_UNGROUPED_NAMES.has(foldText(name.trim()));
