export type Dialect = 'sqlite' | 'postgres';

/** PostgreSQL stopped the statement: its statement_timeout ran out (or it was cancelled), error 57014. */
export function isStatementCancelled(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '57014';
}
