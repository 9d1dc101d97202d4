import { logger } from '@portal/api';
import { isUngroupedName } from '@portal/contract';

/** Form rules of the inventory area (data-areas §5), apart from the forms so they can be tested alone. */

const hasText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Inventory group name: UNGROUPED as any locale reads it ('Sin agrupar', 'Ungrouped'…, any case or accents) is
 * refused (NotValidNameMessage), a name another group holds too (NameAlreadyExistsMessage, checked by the server,
 * case and accents ignored); empty names are left to the required rule.
 */
export async function groupNameProblem(
  value: unknown,
  taken: (name: string) => Promise<boolean>,
): Promise<'NotValidNameMessage' | 'NameAlreadyExistsMessage' | null> {
  if (!hasText(value)) return null;
  if (isUngroupedName(value)) return 'NotValidNameMessage';
  return (await nameTaken(value, taken)) ? 'NameAlreadyExistsMessage' : null;
}

/** A name (or location) another entry holds; a failed check passes (the server checks again on save). */
export async function nameTaken(value: unknown, taken: (name: string) => Promise<boolean>): Promise<boolean> {
  if (!hasText(value)) return false;
  try {
    return await taken(value);
  } catch (error) {
    logger.error('Name check failed', error);
    return false;
  }
}
