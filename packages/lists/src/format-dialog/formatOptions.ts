import type { TFunction } from 'i18next';
import type { ExportFormat, FileType, Separator } from '@portal/api';
import type { FieldOption } from '../modal-form/types';

/** access-shell-dashboard §3/§9: file types csv, xlsx, txt (default csv); separators (default comma). */
export const FILE_TYPES: readonly FileType[] = ['csv', 'xlsx', 'txt'];
export const SEPARATORS: readonly Separator[] = ['comma', 'semicolon', 'tabulator', 'other'];

/** Used when the saved format cannot be read. */
export const DEFAULT_FORMAT: ExportFormat = {
  fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'comma', otherSeparator: '',
};

/** Only csv and txt files have a separator. */
export const hasSeparator = (fileType: unknown): boolean => fileType === 'csv' || fileType === 'txt';

export const fileTypeOptions = (t: TFunction): FieldOption[] => FILE_TYPES.map((value) => ({ value, text: t(`format.fileTypes.${value}`) }));
export const separatorOptions = (t: TFunction): FieldOption[] => SEPARATORS.map((value) => ({ value, text: t(`format.separators.${value}`) }));
