/** Failures that the spec keeps silent are only logged, and console output is off in production. */
export function logError(context: string, error: unknown): void {
  if (process.env.NODE_ENV !== 'production') console.error(`[session] ${context}`, error);
}
