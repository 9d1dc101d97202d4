/** The default export format, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */
import type { ExportFormat } from '../format';

export const DEFAULT_EXPORT_FORMAT: ExportFormat = {
  fileType: 'csv',
  firstRowHeader: true,
  dateFormat: 'YYYY-MM-DD HH:mm:ss',
  codePrefix: '',
  codeSuffix: '',
  separator: 'comma',
  otherSeparator: '',
};
