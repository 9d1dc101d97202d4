import { ERROR_CODES, type ErrorCode } from '@portal/contract';

/** A failure answered as `{ code, message?, details? }` with the given HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? code);
    this.name = 'ApiError';
  }
}

export const badRequest = (code: ErrorCode = ERROR_CODES.VALIDATION_ERROR, message?: string, details?: unknown) => new ApiError(400, code, message, details);

/** Missing permission, and also "not yours" / "does not exist": the same answer so nothing leaks. */
export const forbidden = (code: ErrorCode = ERROR_CODES.FORBIDDEN, message?: string) => new ApiError(403, code, message);

export const conflict = (code: ErrorCode, message?: string) => new ApiError(409, code, message);

/**
 * Keeps an internal exception (a library's text, a path, a network detail) as the answer's cause: the
 * error handler logs it, the client sees only the server's own message.
 */
export function withCause<E extends Error>(error: E, cause: unknown): E {
  Object.defineProperty(error, 'cause', { value: cause, enumerable: false, writable: true, configurable: true });
  return error;
}
