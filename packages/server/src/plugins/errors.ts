/**
 * One error shape for every failure: `{ code, message?, details? }`. Validation, parsing and size errors
 * become 4xx codes; anything unexpected is logged and answered 500 INTERNAL_SERVER_ERROR.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorBody } from '@portal/contract';
import type { App } from '../app';
import { ApiError } from '../errors';
import { capMessage } from '../errorLimits';

interface ValidationIssue {
  instancePath?: string;
  path?: string;
  message?: string;
}

const BY_FASTIFY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, ERROR_CODES.PAYLOAD_TOO_LARGE],
  FST_REQ_FILE_TOO_LARGE: [413, ERROR_CODES.FILE_TOO_LARGE],
  FST_PARTS_LIMIT: [413, ERROR_CODES.PAYLOAD_TOO_LARGE],
  FST_FILES_LIMIT: [413, ERROR_CODES.PAYLOAD_TOO_LARGE],
  FST_FIELDS_LIMIT: [413, ERROR_CODES.PAYLOAD_TOO_LARGE],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, ERROR_CODES.INVALID_JSON],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, ERROR_CODES.INVALID_JSON],
  FST_INVALID_JSON_FIELD_ERROR: [400, ERROR_CODES.INVALID_JSON],
  FST_PROTO_VIOLATION: [400, ERROR_CODES.INVALID_JSON],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, ERROR_CODES.VALIDATION_ERROR],
  FST_ERR_BAD_URL: [400, ERROR_CODES.VALIDATION_ERROR],
  FST_NO_FORM_DATA: [400, ERROR_CODES.INVALID_FILE],
  FST_MP_PREMATURE_CLOSE: [400, ERROR_CODES.INVALID_FILE],
};

/** Unique and foreign-key violations of SQLite and PostgreSQL: a concurrent change won a race. */
function isConstraintViolation(error: { code?: unknown }): boolean {
  return typeof error.code === 'string' && (error.code.startsWith('SQLITE_CONSTRAINT') || error.code === '23505' || error.code === '23503');
}

export function toErrorReply(error: FastifyError | ApiError | Error): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (error instanceof ApiError) {
    // Every message answered is cut to the shared cap (errorLimits), whatever text it carries.
    const body: ErrorBody = { code: error.code, message: capMessage(error.message) };
    if (error.details !== undefined) body.details = error.details;
    return { status: error.statusCode, body, headers: error.headers };
  }
  const e = error as Omit<FastifyError, 'validation'> & { validation?: ValidationIssue[]; validationContext?: string };
  if (e.validation) {
    const details = e.validation.map((v) => ({ in: e.validationContext, path: v.instancePath ?? v.path ?? '', message: v.message ?? '' }));
    return { status: 400, body: { code: ERROR_CODES.VALIDATION_ERROR, message: 'Invalid request', details }, headers: {} };
  }
  const mapped = e.code ? BY_FASTIFY_CODE[e.code] : undefined;
  if (mapped) return { status: mapped[0], body: { code: mapped[1], message: e.message }, headers: {} };
  if (e instanceof SyntaxError && e.statusCode === 400) {
    return { status: 400, body: { code: ERROR_CODES.INVALID_JSON, message: 'Malformed JSON body' }, headers: {} };
  }
  if (isConstraintViolation(e)) {
    return { status: 409, body: { code: ERROR_CODES.CONFLICT, message: 'The data changed meanwhile, try again' }, headers: {} };
  }
  // Any other 4xx of a library: its text may hold internals (paths, parser state), so a generic one.
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    const notFound = e.statusCode === 404;
    return {
      status: e.statusCode,
      body: { code: notFound ? ERROR_CODES.NOT_FOUND : ERROR_CODES.VALIDATION_ERROR, message: notFound ? 'Not found' : 'Invalid request' },
      headers: {},
    };
  }
  return { status: 500, body: { code: ERROR_CODES.INTERNAL_SERVER_ERROR, message: 'Internal server error' }, headers: {} };
}

export function registerErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers } = toErrorReply(error);
    // Internal texts and network details are logged (with the cause), never answered.
    const cause = (error as { cause?: unknown }).cause;
    if (status >= 500) request.log.error({ err: error, cause }, 'unexpected error');
    else if (cause !== undefined) request.log.warn({ err: error, cause }, 'request refused (internal detail hidden)');
    else if (!(error instanceof ApiError) && !error.validation) request.log.info({ err: error }, 'request refused');
    return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
  });
}

/** Deepest nesting of objects and arrays read from a request (its params, query and body). */
export const MAX_INPUT_DEPTH = 64;

/**
 * What makes a request's input unreadable, looked for before validation: text containing a NUL character
 * anywhere (PostgreSQL cannot store it), or objects and arrays nested more than MAX_INPUT_DEPTH levels deep
 * (the value itself is level 1). null when neither.
 */
export function inputProblem(value: unknown, depth = 0): 'nul' | 'depth' | null {
  if (typeof value === 'string') return value.includes('\u0000') ? 'nul' : null;
  if (!value || typeof value !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) return 'depth';
  if (Array.isArray(value)) {
    for (const v of value) {
      const problem = inputProblem(v, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return 'nul';
    const problem = inputProblem(v, depth + 1);
    if (problem) return problem;
  }
  return null;
}
