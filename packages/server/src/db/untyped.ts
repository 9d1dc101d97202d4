import type { Kysely } from 'kysely';

/**
 * A handle on the tables the typed schema (./schema.ts) leaves out: the bookkeeping kept beside the data (compare
 * totals and their versions, the statistics' day figures) and tables a test or benchmark reads directly. Queries
 * through it are checked by their tests, not by the compiler.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's untyped form: any table, any column
export type Untyped = Kysely<any>;
