/** Item fields and upload formats, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

/** Item fields in their order (catalogue, search list and inventory items). */
export const ITEM_FIELDS = ['code', 'objectId', 'field1', 'field2', 'field3', 'field4', 'field5', 'field6'] as const;

export type ItemField = (typeof ITEM_FIELDS)[number];

/** What the upload accepts, told by content: delimited text, Excel (xlsx, 97-2003 xls), LibreOffice ods, JSON. */
export const UPLOAD_FORMATS = ['csv', 'txt', 'xlsx', 'xls', 'ods', 'json'] as const;

export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

/** The Import modal's file picker `accept`: exactly the formats the upload accepts. */
export const UPLOAD_ACCEPT = UPLOAD_FORMATS.map((f) => `.${f}`).join(',');

/** Workbooks of several sheets (the Import modal offers All Sheets or Current Sheet). */
export const WORKBOOK_FORMATS: readonly UploadFormat[] = ['xlsx', 'xls', 'ods'];

/** How delimited text is decoded: detected at upload (byte order mark, UTF-8 validity), changeable in the preview. */
export const TEXT_ENCODINGS = ['utf-8', 'windows-1252', 'utf-16le', 'utf-16be'] as const;
