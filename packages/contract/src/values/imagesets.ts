/** Image set upload values and client path, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

/** The multipart field of POST /api/imagesets/{id} (antd Upload's default name). */
export const IMAGE_FIELD = 'file';

/** Accepted image types, decided by the file's content (never its name or declared type). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Path of the public client URL of a set (the client prefixes the site origin). */
export const imageSetClientPath = (userToken: string, imageSetId: number): string => `/api/imagesets/client/${encodeURIComponent(userToken)}/${imageSetId}`;
