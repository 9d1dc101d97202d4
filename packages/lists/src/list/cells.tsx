import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { formatEventDate, formatListDate } from '../format/dates';
import { Highlight } from './Highlight';
import type { ListColumn } from './types';

/** The value at a column's dataIndex (a field name or a path). */
export function valueAt(row: unknown, dataIndex: string | readonly string[]): unknown {
  const path = typeof dataIndex === 'string' ? dataIndex.split('.') : dataIndex;
  let value: unknown = row;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A cell as the spec shows it: dates YYYY-MM-DD, events YYYY-MM-DD HH:mm:ss, booleans Yes/No, text highlighted. */
export function renderCell<T>(column: ListColumn<T>, row: T, search: string | undefined, highlight: boolean, t: TFunction): ReactNode {
  if (column.render) return column.render(row);
  const value = valueAt(row, column.dataIndex ?? column.key);
  switch (column.type) {
    case 'date':
      return formatListDate(value);
    case 'event':
      return formatEventDate(value);
    case 'boolean':
      return value === null || value === undefined ? '' : t(value ? 'yes' : 'no');
    default: {
      if (value === null || value === undefined) return '';
      const text = String(value);
      return highlight && column.highlight !== false ? <Highlight text={text} search={search} /> : text;
    }
  }
}
