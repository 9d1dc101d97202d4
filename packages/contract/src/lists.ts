/**
 * Shared list calls beyond paging (data-areas §2 generic list screen, Import, Sync, Add Items To; §7 misc;
 * access-shell-dashboard §3 export format/column, §7 export call): items, temporary files, import, export,
 * sync and add-to. The paging query itself is in ./list.
 */
import { Type, type Static } from 'typebox';
import { ExportFormat } from './format';
import { Id } from './common';
import { ListOrder, SearchTexts } from './list';
import { foldText } from './text';
import { ITEM_FIELDS, TEXT_ENCODINGS, type ItemField } from './values/lists';
export * from './values/lists';

/** The largest code, objectId or fieldN text an item may hold. */
export const ITEM_TEXT_MAX = 255;
/** Excel's sheet limit (rows, header included): xlsx exports above it answer MAX_XLS_ROWS_EXCEEDED. */
export const MAX_XLS_ROWS = 1048576;

const ItemText = Type.Union([Type.String({ maxLength: ITEM_TEXT_MAX }), Type.Null()]);

/** An item's values (create and edit bodies); absent fields are null. */
export const ItemInput = Type.Object(
  {
    code: Type.Optional(ItemText),
    objectId: Type.Optional(ItemText),
    field1: Type.Optional(ItemText),
    field2: Type.Optional(ItemText),
    field3: Type.Optional(ItemText),
    field4: Type.Optional(ItemText),
    field5: Type.Optional(ItemText),
    field6: Type.Optional(ItemText),
  },
  { additionalProperties: false },
);
export type ItemInput = Static<typeof ItemInput>;

/** The folded text an item table keeps in search_text: folded code, objectId and fields joined by ' '. */
export function itemSearchText(item: Partial<Record<ItemField, string | null | undefined>>): string {
  return ITEM_FIELDS.map((f) => foldText(item[f] ?? '')).join(' ');
}

// ---- temporary files (POST /api/misc/upload, readFile, deleteFile) ----

/** The multipart field of POST /api/misc/upload. */
export const UPLOAD_FIELD = 'file';
/** Server-chosen temporary file names: 32 hex digits and the detected type. Anything else is refused. */
export const TEMP_FILE_NAME_PATTERN = '^[0-9a-f]{32}\\.(csv|txt|xlsx|xls|ods|json)$';

export type TextEncoding = (typeof TEXT_ENCODINGS)[number];
export const TextEncoding = Type.Union([Type.Literal('utf-8'), Type.Literal('windows-1252'), Type.Literal('utf-16le'), Type.Literal('utf-16be')]);

const TempFileName = Type.String({ pattern: TEMP_FILE_NAME_PATTERN, maxLength: 40 });

/** Answer of the upload: `file` is the name to use in readFile, import and deleteFile. */
export const UploadResponse = Type.Object({
  file: Type.String(),
  /** The client's file name (metadata only). */
  name: Type.String(),
  size: Type.Integer(),
  format: Type.Union([Type.Literal('csv'), Type.Literal('txt'), Type.Literal('xlsx'), Type.Literal('xls'), Type.Literal('ods'), Type.Literal('json')]),
});
export type UploadResponse = Static<typeof UploadResponse>;

/**
 * How files are read: the export format's first-row header, dateFormat (date cells of workbooks) and, for
 * text files, separator and encoding (both detected when absent). Other fields are ignored.
 */
export const ReadFormat = Type.Partial(
  Type.Object({
    firstRowHeader: Type.Boolean(),
    separator: ExportFormat.properties.separator,
    encoding: TextEncoding,
    otherSeparator: Type.String({ maxLength: 10 }),
    fileType: Type.String({ maxLength: 10 }),
    dateFormat: Type.String({ maxLength: 100 }),
    codePrefix: Type.String({ maxLength: 100 }),
    codeSuffix: Type.String({ maxLength: 100 }),
  }),
);
export type ReadFormat = Static<typeof ReadFormat>;

export const ReadFileBody = Type.Object(
  { fileName: TempFileName, format: Type.Optional(Type.Union([ReadFormat, Type.Null()])) },
  { additionalProperties: false },
);
export type ReadFileBody = Static<typeof ReadFileBody>;

export const CellValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
export type CellValue = Static<typeof CellValue>;

/** One sheet of a read file: the first rows as they are in the file (header included), and the item rows count. */
export const ImportSheet = Type.Object({
  name: Type.String(),
  data: Type.Array(Type.Array(CellValue)),
  totalItems: Type.Integer({ minimum: 0 }),
  /** The first row of data is a header (not imported). */
  hasHeader: Type.Boolean(),
  /** Text files: how the file was decoded and split (detected unless the read format said). */
  encoding: Type.Optional(TextEncoding),
  separator: Type.Optional(ExportFormat.properties.separator),
  otherSeparator: Type.Optional(Type.String()),
});
export type ImportSheet = Static<typeof ImportSheet>;
/** Rows of each sheet in the readFile answer. */
export const PREVIEW_ROWS = 20;

export const DeleteFileBody = Type.Object({ fileName: TempFileName }, { additionalProperties: false });
export type DeleteFileBody = Static<typeof DeleteFileBody>;

// ---- import ----

/** Per sheet: item field → index (0-based) of the file column holding it. */
export const ImportFieldMap = Type.Partial(
  Type.Object(
    Object.fromEntries(ITEM_FIELDS.map((f) => [f, Type.Integer({ minimum: 0, maximum: 16383 })])) as Record<ItemField, ReturnType<typeof Type.Integer>>,
  ),
  { additionalProperties: false },
);
export type ImportFieldMap = Static<typeof ImportFieldMap>;

/** POST {list}/import: `fields` holds one map per sheet; sheetIndex null imports every sheet. */
export const ImportBody = Type.Object(
  {
    fileName: TempFileName,
    fields: Type.Array(ImportFieldMap, { maxItems: 256 }),
    sheetIndex: Type.Union([Type.Integer({ minimum: 0, maximum: 255 }), Type.Null()]),
    /** Overrides how the file is split (default: as last read, else the caller's saved format). */
    format: Type.Optional(Type.Union([ReadFormat, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ImportBody = Static<typeof ImportBody>;

/** Why an import row was refused (details of an IMPORT_FAILED answer). */
export const ImportRowError = Type.Object({
  sheet: Type.String(),
  /** 1-based row number in the file (header included). */
  row: Type.Integer(),
  code: Type.String(),
  field: Type.Optional(Type.String()),
});
export type ImportRowError = Static<typeof ImportRowError>;
/** At most this many row errors are reported. */
export const MAX_REPORTED_ROW_ERRORS = 100;

/** Result of an import, a sync or an add-to: numItemsInserted of numItems (the others already existed). */
export const ItemsCountResult = Type.Object({ numItems: Type.Integer(), numItemsInserted: Type.Integer() });
export type ItemsCountResult = Static<typeof ItemsCountResult>;

// ---- export ----

/** An export column: id is the item field (or a path joined by '.'), title the header text. */
/** At most this many value labels per export column, each value at most EXPORT_VALUE_MAX characters. */
export const EXPORT_VALUES_MAX = 200;
export const EXPORT_VALUE_MAX = 100;

export const ExportColumn = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  title: Type.String({ maxLength: 200 }),
  /**
   * What the screen shows for a stored value (code → label, booleans by 'true'/'false'), written into the file
   * instead of the value; values without a label are written as they are.
   */
  values: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 200 }), { maxProperties: EXPORT_VALUES_MAX })),
});
export type ExportColumn = Static<typeof ExportColumn>;

/** POST {export URL}: without format the caller's saved format applies; without columns every column. */
export const ExportBody = Type.Object(
  {
    format: Type.Optional(Type.Union([ReadFormat, Type.Null()])),
    columns: Type.Optional(Type.Array(ExportColumn, { maxItems: 100 })),
    order: Type.Optional(ListOrder),
    searchTexts: Type.Optional(SearchTexts),
  },
  { additionalProperties: false },
);
export type ExportBody = Static<typeof ExportBody>;

// ---- sync ----

export const CheckSyncUrlQuery = Type.Object({ url: Type.String({ maxLength: 2048 }) }, { additionalProperties: false });
export const CheckSyncUrlResponse = Type.Object({ valid: Type.Boolean() });
export type CheckSyncUrlResponse = Static<typeof CheckSyncUrlResponse>;

// ---- add items from another list ----

/** Where POST {target}/items/{itemId} takes items from; parentId names the source list (not for allInventories). */
export const ADD_FROM_SOURCES = ['catalogue', 'searchList', 'inventory', 'inventoryGroup', 'allInventories'] as const;
export type AddFromSource = (typeof ADD_FROM_SOURCES)[number];

/**
 * POST …/items/{itemId} (add items of another list): at the path position where PUT and DELETE name items, the
 * kind of list the items are added from.
 */
export const ItemSourceText = Type.String({
  minLength: 1,
  maxLength: 40,
  description:
    'Not an item id here: the kind of list the items come from (catalogue, searchList, inventory, inventoryGroup, allInventories; ' +
    'for a section also compare), named by parentId in the body',
});

export const AddItemsFromBody = Type.Object(
  {
    parentId: Type.Optional(Type.Union([Id, Type.String({ maxLength: 20 }), Type.Null()])),
    compareId: Type.Optional(Type.Union([Id, Type.String({ maxLength: 20 }), Type.Null()])),
    /** Empty: every item of the source that matches searchTexts. */
    itemIds: Type.Array(Id, { maxItems: 100000 }),
    searchTexts: Type.Optional(SearchTexts),
  },
  { additionalProperties: false },
);
export type AddItemsFromBody = Static<typeof AddItemsFromBody>;
