/** §8: dashboard call failures are silent for the user, only logged (console output is off in production). */
export function logDashboardError(call: string, error: unknown): void {
  if (process.env.NODE_ENV === 'production') return;
  console.error(`dashboard: ${call} failed`, error);
}
