import { Type, type Static } from 'typebox';
export * from './values/format';

export const FILE_TYPES = ['csv', 'xlsx', 'txt'] as const;
export const SEPARATORS = ['comma', 'semicolon', 'tabulator', 'other'] as const;

/** The export format object (access-shell-dashboard §3), per user: GET /api/format answer. */
export const ExportFormat = Type.Object({
  fileType: Type.Union([Type.Literal('csv'), Type.Literal('xlsx'), Type.Literal('txt')]),
  firstRowHeader: Type.Boolean(),
  dateFormat: Type.String(),
  codePrefix: Type.String(),
  codeSuffix: Type.String(),
  separator: Type.Union([Type.Literal('comma'), Type.Literal('semicolon'), Type.Literal('tabulator'), Type.Literal('other')]),
  otherSeparator: Type.String(),
});
export type ExportFormat = Static<typeof ExportFormat>;

/** PUT /api/format body: firstRowHeader, dateFormat, fileType and separator are required; absent texts are saved as ''. */
export const PutFormatBody = Type.Object(
  {
    fileType: ExportFormat.properties.fileType,
    firstRowHeader: Type.Boolean(),
    dateFormat: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    codePrefix: Type.Optional(Type.String({ maxLength: 100 })),
    codeSuffix: Type.Optional(Type.String({ maxLength: 100 })),
    separator: ExportFormat.properties.separator,
    otherSeparator: Type.Optional(Type.String({ maxLength: 10 })),
  },
  { additionalProperties: false },
);
export type PutFormatBody = Static<typeof PutFormatBody>;
