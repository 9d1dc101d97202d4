/**
 * A list as the engine knows it: its table, the API fields a caller may search, sort and export (each
 * mapped to a fixed column: user input never names a column in SQL), and how a row becomes an item.
 */
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/schema';

/**
 * text: free text, matched folded (case and accents ignored).
 * timestamp: fixed-width date text (ISO instants, 'YYYY-MM-DD HH:mm:ss'), matched as written, exported with
 * the format's dateFormat.
 * integer / boolean: matched by value.
 */
export type ColumnType = 'text' | 'timestamp' | 'integer' | 'boolean';

export interface ListColumn {
  column: string;
  type: ColumnType;
  /** Exported as codePrefix + value + codeSuffix. */
  isCode?: boolean;
  /** An export's labels of the values (code → what the screen shows; booleans by 'true'/'false'). */
  values?: Readonly<Record<string, string>>;
}

export type Row = Record<string, unknown>;

export interface ListDefinition<Item> {
  table: keyof Database & string;
  /** API field → column. Must contain 'tid' → 'id'. */
  columns: Readonly<Record<string, ListColumn>>;
  /**
   * A column holding the folded concatenation (search_text) of these API fields: a cheap prefilter before
   * the exact per-column test.
   */
  searchText?: {
    column: string;
    covers: readonly string[];
    /** SQLite FTS5 trigram table over that column (rowid = id), when the table has one (migration 0004). */
    fts?: string;
  };
  toItem(row: Row): Item;
  /**
   * Names shown beside a row that live in other tables (a section's location, a group's name): export-only
   * columns (never searched or sorted) that fill() writes into each batch of rows, one lookup per batch.
   */
  labels?: ListLabels;
}

export interface ListLabels {
  /** API field → the row key fill() writes. */
  columns: Readonly<Record<string, ListColumn>>;
  fill(db: Kysely<Database>, rows: Row[]): Promise<void>;
}

/**
 * Fixed conditions that scope a list (e.g. store_id, catalogue_id); set by code, never by callers. A value
 * is an equality; a list of ids is `in (...)` (e.g. the libraries a user holds; an empty list matches nothing);
 * a condition built in code (RawBuilder, under any key) is used as it is (e.g. compare's "not scanned").
 */
export type ListScope = Readonly<Record<string, number | string | null | readonly number[] | RawBuilder<SqlBool>>>;

export function defineList<Item>(def: ListDefinition<Item>): ListDefinition<Item> {
  if (def.columns.tid?.column !== 'id') throw new Error(`List on ${def.table} needs tid → id`);
  return def;
}
