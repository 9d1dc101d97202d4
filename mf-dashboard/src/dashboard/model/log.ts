import { logger } from '@portal/api';

/** §8: dashboard call failures are silent for the user, only logged (the one logger: silent in production builds). */
export function logDashboardError(call: string, error: unknown): void {
  logger.error(`dashboard: ${call} failed`, error);
}
