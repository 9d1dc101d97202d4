import { downloadFile } from '../download';
import type { ExportFormatInput, Order } from '../types';

/** A column as the export dialog knows it: dataIndex is a field name or a path (joined by '.'). */
export interface ExportColumnSource {
  dataIndex: string | readonly string[];
  title: string;
  /** What the screen shows for stored values (code → label; booleans by 'true'/'false'): the file holds the labels. */
  values?: Readonly<Record<string, string>>;
}
export interface ExportColumn {
  id: string;
  title: string;
  values?: Readonly<Record<string, string>>;
}

export function toExportColumns(columns: readonly ExportColumnSource[]): ExportColumn[] {
  return columns.map(({ dataIndex, title, values }) => ({
    id: typeof dataIndex === 'string' ? dataIndex : dataIndex.join('.'),
    title,
    ...(values ? { values } : {}),
  }));
}

export interface ExportItemsRequest {
  /** The export URL supplied by the calling list. */
  url: string;
  fileName?: string;
  format: ExportFormatInput;
  columns: ExportColumn[];
  order: Order;
  searchTexts?: Record<string, string>;
}

export function exportFileName(fileName: string | undefined, fileType: string): string {
  return `${fileName && fileName.trim() !== '' ? fileName.trim() : 'export'}.${fileType}`;
}

/** POST {export URL} with {format, columns, order, searchTexts}; saves '{file name or "export"}.{fileType}'. */
export function exportItems({ url, fileName, format, columns, order, searchTexts = {} }: ExportItemsRequest): Promise<void> {
  return downloadFile(url, { format, columns, order, searchTexts }, exportFileName(fileName, format.fileType));
}
