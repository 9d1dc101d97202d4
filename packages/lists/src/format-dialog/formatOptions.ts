import type { TFunction } from 'i18next';
import { DEFAULT_EXPORT_FORMAT } from '@portal/contract';
import type { ExportFormat, FileType, Separator } from '@portal/api';
import type { FieldOption } from '../modal-form/types';

/** access-shell-dashboard §3/§9: file types csv, xlsx, txt (default csv); separators (default comma). */
export const FILE_TYPES: readonly FileType[] = ['csv', 'xlsx', 'txt'];
export const SEPARATORS: readonly Separator[] = ['comma', 'semicolon', 'tabulator', 'other'];

/** Used when the saved format cannot be read: the contract's one default (also the server's and the database's). */
export const DEFAULT_FORMAT: ExportFormat = DEFAULT_EXPORT_FORMAT;

/** Only csv and txt files have a separator. */
export const hasSeparator = (fileType: unknown): boolean => fileType === 'csv' || fileType === 'txt';

export const fileTypeOptions = (t: TFunction): FieldOption[] => FILE_TYPES.map((value) => ({ value, text: t(`format.fileTypes.${value}`) }));
export const separatorOptions = (t: TFunction): FieldOption[] => SEPARATORS.map((value) => ({ value, text: t(`format.separators.${value}`) }));
