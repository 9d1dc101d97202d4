/** A unique index refused the write (SQLite and PostgreSQL): a concurrent writer got there first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Runs `write`, turning a unique violation into the caller's own error (the spec's message). */
export async function unlessTaken<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}
