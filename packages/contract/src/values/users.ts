/** Flavours, password length and avatar types, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

export const FLAVORS = ['{product}', 'LIBTECS', 'DIALOCID'] as const;

export const DEFAULT_FLAVOR = '{product}';

/** What a flavour is called on screen: {product} is the deployed product name (PORTAL_PRODUCT_NAME). */
export const flavorName = (flavor: string, productName: string): string => (flavor === DEFAULT_FLAVOR ? productName : flavor);

/**
 * The shortest password a user may be given (create, change). Shorter ones answer 400 PASSWORD_TOO_SHORT
 * with details { field: 'password', minLength }. Existing passwords still sign in whatever their length.
 */
export const PASSWORD_MIN_LENGTH = 8;

export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
