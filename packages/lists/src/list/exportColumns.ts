import type { TFunction } from 'i18next';
import type { ExportColumnSource } from '@portal/api';
import type { ListColumn } from './types';

/**
 * The columns an export writes: the visible exportable ones, with the labels their cells show for coded values
 * (the column's exportValues; booleans Yes/No in the user's language), so the file reads like the screen.
 */
export function exportColumnsOf<T>(columns: readonly ListColumn<T>[], t: TFunction): ExportColumnSource[] {
  return columns
    .filter((c) => c.exportable !== false)
    .map((c) => {
      const values = c.exportValues ?? (c.type === 'boolean' ? { true: t('yes'), false: t('no') } : undefined);
      return { dataIndex: c.dataIndex ?? c.key, title: c.title, ...(values ? { values } : {}) };
    });
}
