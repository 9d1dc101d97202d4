/**
 * What the list engine needs from a better-sqlite3 connection: portal_fold(x) (foldText) and a safe
 * regexp(pattern, value[, budget]) (the REGEXP operator calls regexp(pattern, value)). Patterns run on the
 * linear-time matcher of ./linearRegex, values are capped in length, and a query that passes a budget key
 * is aborted once the budget's deadline is over, so one search cannot hold the server.
 */
import type BetterSqlite3 from 'better-sqlite3';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fastFold } from './fold';
import { cachedLinear } from './linearRegex';

/** Longer values are tested on their first REGEX_VALUE_MAX characters (item texts are at most 255). */
export const REGEX_VALUE_MAX = 1000;

/** Thrown inside SQLite when a regular-expression query runs past its budget. */
export class RegexTimeout extends Error {
  constructor() {
    super('Regular expression search took too long');
  }
}

interface Budget {
  deadline: number;
}
const budgets = new Map<number, Budget>();
let nextBudget = 1;

/** A budget for the regexp calls of one request; pass `key` as regexp's third argument, close when done. */
export function openRegexBudget(ms: number): { key: number; renew(ms: number): void; close(): void } {
  const key = nextBudget++;
  const budget: Budget = { deadline: performance.now() + ms };
  budgets.set(key, budget);
  return {
    key,
    renew: (next) => {
      budget.deadline = performance.now() + next;
    },
    close: () => {
      budgets.delete(key);
    },
  };
}

function regexp(pattern: unknown, value: unknown, budgetKey?: unknown): number {
  if (typeof budgetKey === 'number' || typeof budgetKey === 'bigint') {
    const budget = budgets.get(Number(budgetKey));
    // Checked on every call: one value can take milliseconds when the linear engine takes over.
    if (budget && performance.now() > budget.deadline) throw new RegexTimeout();
  }
  if (value === null || value === undefined || typeof pattern !== 'string') return 0;
  return cachedLinear(pattern).test(String(value).slice(0, REGEX_VALUE_MAX)) ? 1 : 0;
}

/** Registers the list functions on a connection (the main one and the export readers). */
export function prepareSqliteForLists(sqlite: BetterSqlite3.Database): void {
  sqlite.function('portal_fold', { deterministic: true }, (value: unknown) => (value === null || value === undefined ? null : fastFold(String(value))));
  sqlite.function('regexp', { varargs: true }, (...args: unknown[]) => regexp(args[0], args[1], args[2]));
  // The count worker's per-row cancellation check (./sqliteSearchWorker.js); nothing to cancel here.
  sqlite.function('portal_alive', () => 1);
}

const handles = new WeakMap<object, BetterSqlite3.Database>();

/** Called by createDb: lets the engine open extra read connections on the same file. */
export function rememberSqliteHandle(db: Kysely<Database>, sqlite: BetterSqlite3.Database): void {
  handles.set(db, sqlite);
}

/** The better-sqlite3 connection of a database createDb made (null for transactions and PostgreSQL). */
export const sqliteHandle = (db: Kysely<Database>): BetterSqlite3.Database | null => handles.get(db) ?? null;

/** The file of a file-backed SQLite database (null for in-memory ones, transactions and PostgreSQL). */
export function sqliteFile(db: Kysely<Database>): string | null {
  const main = handles.get(db);
  return main && !main.memory ? main.name : null;
}

/**
 * A separate read-only connection on the same SQLite file (WAL: it reads a consistent snapshot without
 * blocking the main connection), or null for in-memory databases.
 */
export function openSqliteReader(db: Kysely<Database>): BetterSqlite3.Database | null {
  const main = handles.get(db);
  if (!main || main.memory) return null;
  const reader = new SQLite(main.name, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  prepareSqliteForLists(reader);
  return reader;
}
