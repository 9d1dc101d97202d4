import { Type, type Static } from 'typebox';

/** Database ids: positive 32-bit integers (portable integer columns). */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/**
 * A comma-separated id list, "3" or "3,5,8": the last path parameter of the DELETE calls (DELETE /api/users/{userId}
 * deletes the users 3, 5 and 8 as /api/users/3,5,8), named as the one id of the GET and PUT at the same position.
 */
export const IdListText = Type.String({
  pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,999}$',
  description: 'One id or several, comma-separated ("3" or "3,5,8")',
});

/** Parses an IdListText into its unique ids (callers reject ids above the 32-bit range as unknown). */
export function parseIdList(text: string): number[] {
  return [...new Set(text.split(',').map((part) => Number.parseInt(part, 10)))];
}

/** A required text: not empty and not only whitespace. */
export const RequiredText = (maxLength = 255) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** `{ exists: boolean }` answer of the exists checks. */
export const ExistsResponse = Type.Object({ exists: Type.Boolean() });
/**
 * Answer of the item exists checks: `code` is the code the item would be stored with (the library's ID
 * modification script applied to a new code), present when the typed pair names an item.
 */
export const ItemExistsResponse = Type.Object({ exists: Type.Boolean(), code: Type.Optional(Type.Union([Type.String(), Type.Null()])) });
export type ItemExistsResponse = Static<typeof ItemExistsResponse>;
