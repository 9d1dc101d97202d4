import type { ReactNode } from 'react';
import type { ListId, ListParams, ListResponse, Order } from '@portal/api';

export type { ListId, Order };
/** Per-column search texts; text between slashes (/…/) is a regular expression, matched by the server. */
export type SearchTexts = Record<string, string>;

/** Every list row carries its id in tid. */
export interface ListRow {
  tid: ListId;
}

/** How a column's value is shown: dates YYYY-MM-DD, events YYYY-MM-DD HH:mm:ss, booleans Yes/No. */
export type ListColumnType = 'text' | 'number' | 'date' | 'event' | 'boolean';

export interface ListColumn<T> {
  /** Stable key: saved in visibleColumns, sent as the sort field and the search text key. */
  key: string;
  /** Translated title (also the export column title). */
  title: string;
  /** Field or path of the value; defaults to key. */
  dataIndex?: string | readonly string[];
  type?: ListColumnType;
  width?: number;
  /** The narrowest the column may become to fit the table's width (default: dates keep their width, others 120 px). */
  minWidth?: number;
  /** Defaults: sortable, searchable, visible by default and exported. */
  sortable?: boolean;
  searchable?: boolean;
  defaultVisible?: boolean;
  exportable?: boolean;
  /** The column is searched by picking one of these values (sent as its search text) instead of typing. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Whether a matching search text is highlighted in the cell (text columns, default true). */
  highlight?: boolean;
  /**
   * The labels the cell shows for coded values (code → label), written into exports instead of the codes
   * (boolean columns get Yes/No without it).
   */
  exportValues?: Readonly<Record<string, string>>;
  render?: (row: T) => ReactNode;
}

export type FetchPage<T> = (params: ListParams) => Promise<ListResponse<T>>;

/** Imperative handle of a GenericList, e.g. to reload after a form saved. */
export interface ListHandle {
  refresh: () => void;
}
