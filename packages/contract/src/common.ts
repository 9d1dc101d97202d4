import { Type } from 'typebox';

/** Database ids: positive 32-bit integers (portable integer columns). */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** A comma-separated id list as used by DELETE /api/users/{ids} and /api/stores/{ids}: "3" or "3,5,8". */
export const IdListText = Type.String({ pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,999}$' });

/** Parses an IdListText into its unique ids (callers reject ids above the 32-bit range as unknown). */
export function parseIdList(text: string): number[] {
  return [...new Set(text.split(',').map((part) => Number.parseInt(part, 10)))];
}

/** A required text: not empty and not only whitespace. */
export const RequiredText = (maxLength = 255) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** `{ exists: boolean }` answer of the exists checks. */
export const ExistsResponse = Type.Object({ exists: Type.Boolean() });
