import { logger } from '@portal/api';

/** Failures that the spec keeps silent are only logged (the one logger: silent in production builds). */
export function logError(context: string, error: unknown): void {
  logger.error(`[session] ${context}`, error);
}
