/** The normalised error shape of spec §8. */
export interface ApiError {
  status: number;
  code: string;
  details?: unknown;
}

export const CLIENT_ERROR_CODES = {
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  NO_RESPONSE_DATA: 'NO_RESPONSE_DATA',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  BLOB_PARSE_ERROR: 'BLOB_PARSE_ERROR',
  UNKNOWN_ERROR: 'UNKNOWN_ERROR',
} as const;

interface ErrorLike {
  message?: unknown;
  request?: unknown;
  response?: { status?: unknown; data?: unknown };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isBlob = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

export function isApiError(e: unknown): e is ApiError {
  return isObject(e) && typeof e.status === 'number' && typeof e.code === 'string' && !('isAxiosError' in e);
}

/**
 * Maps anything a call can throw to { status, code, details }, row by row of spec §8.
 * A blob download's error body must be read first (the api instance does it; see readBlobErrorBody):
 * a Blob still present here could not be parsed.
 */
export function normalizeError(e: unknown): ApiError {
  if (isApiError(e)) return e;
  if (!isObject(e)) return { status: 500, code: CLIENT_ERROR_CODES.UNKNOWN_ERROR };
  const { response, request, message } = e as ErrorLike;
  if (isObject(response)) {
    const status = typeof response.status === 'number' ? response.status : 500;
    const data = response.data;
    if (data === undefined || data === null || data === '' || (isBlob(data) && data.size === 0)) {
      return { status, code: CLIENT_ERROR_CODES.NO_RESPONSE_DATA };
    }
    if (isBlob(data)) return { status, code: CLIENT_ERROR_CODES.BLOB_PARSE_ERROR };
    if (isObject(data) && typeof data.code === 'string' && data.code !== '') {
      return { status, code: data.code, details: data.details ?? data.message };
    }
    return { status, code: CLIENT_ERROR_CODES.INTERNAL_SERVER_ERROR, details: data };
  }
  if (request) return { status: 408, code: CLIENT_ERROR_CODES.REQUEST_TIMEOUT };
  if (typeof message === 'string' && message !== '') return { status: 500, code: message };
  return { status: 500, code: CLIENT_ERROR_CODES.UNKNOWN_ERROR };
}

function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/**
 * A download requested as a blob also receives its error body as a Blob holding JSON. Replace it by the
 * parsed object so normalizeError can read the code; when it is not JSON the Blob stays (→ BLOB_PARSE_ERROR).
 */
export async function readBlobErrorBody(e: unknown): Promise<void> {
  const response = isObject(e) ? (e as ErrorLike).response : undefined;
  if (!isObject(response) || !isBlob(response.data) || response.data.size === 0) return;
  try {
    response.data = JSON.parse(await blobText(response.data)) as unknown;
  } catch {
    // Leave the Blob in place: normalizeError reports BLOB_PARSE_ERROR.
  }
}

/** normalizeError for errors that may still carry an unread blob body (e.g. from another axios instance). */
export async function normalizeErrorAsync(e: unknown): Promise<ApiError> {
  await readBlobErrorBody(e);
  return normalizeError(e);
}
