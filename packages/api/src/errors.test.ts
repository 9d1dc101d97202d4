import { normalizeError, normalizeErrorAsync } from './errors';
import { api } from './client';
import { downloadFile } from './download';
import { fakeServer } from './testing';

/** Runs one request against the fake server and returns its normalised failure. */
async function failureOf(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (e) {
    return normalizeError(e);
  }
  throw new Error('expected the call to fail');
}

describe('normalizeError (spec §8)', () => {
  it('network failure without a response → 408 REQUEST_TIMEOUT', async () => {
    fakeServer(() => ({ networkError: true }));
    expect(await failureOf(() => api.get('/api/x'))).toEqual({ status: 408, code: 'REQUEST_TIMEOUT' });
    fakeServer(() => ({ timeout: true }));
    expect(await failureOf(() => api.get('/api/x'))).toEqual({ status: 408, code: 'REQUEST_TIMEOUT' });
  });

  it('error with no request → 500 with the message as the code', () => {
    expect(normalizeError(new Error('Invalid URL'))).toEqual({ status: 500, code: 'Invalid URL' });
  });

  it('response with no body → NO_RESPONSE_DATA with the response status', async () => {
    fakeServer(() => ({ status: 502, data: '' }));
    expect(await failureOf(() => api.get('/api/x'))).toEqual({ status: 502, code: 'NO_RESPONSE_DATA' });
    fakeServer(() => ({ status: 500 }));
    expect(await failureOf(() => api.get('/api/x'))).toEqual({ status: 500, code: 'NO_RESPONSE_DATA' });
  });

  it('body without a code → INTERNAL_SERVER_ERROR', async () => {
    fakeServer(() => ({ status: 500, data: { message: 'boom' } }));
    expect(await failureOf(() => api.get('/api/x'))).toMatchObject({ status: 500, code: 'INTERNAL_SERVER_ERROR' });
  });

  it('body with a code → that code, its status and details', async () => {
    fakeServer(() => ({ status: 401, data: { code: 'INVALID_PASSWORD', details: { attempts: 2 } } }));
    expect(await failureOf(() => api.post('/api/auth/signin', {}))).toEqual({
      status: 401,
      code: 'INVALID_PASSWORD',
      details: { attempts: 2 },
    });
  });

  it('error body of a file download is JSON inside a Blob: read and use its code', async () => {
    fakeServer(() => ({
      status: 400,
      data: new Blob([JSON.stringify({ code: 'MAX_XLS_ROWS_EXCEEDED' })], { type: 'application/json' }),
    }));
    expect(await failureOf(() => downloadFile('/api/x/export', {}, 'a.xlsx'))).toMatchObject({
      status: 400,
      code: 'MAX_XLS_ROWS_EXCEEDED',
    });
  });

  it('unparseable error body of a file download → BLOB_PARSE_ERROR', async () => {
    fakeServer(() => ({ status: 500, data: new Blob(['<html>proxy error</html>'], { type: 'text/html' }) }));
    expect(await failureOf(() => downloadFile('/api/x/export', {}, 'a.csv'))).toEqual({
      status: 500,
      code: 'BLOB_PARSE_ERROR',
    });
  });

  it('normalizeErrorAsync reads a blob body that no interceptor has read yet', async () => {
    const raw = { response: { status: 400, data: new Blob(['{"code":"BAD"}']) }, request: {} };
    expect(await normalizeErrorAsync(raw)).toMatchObject({ status: 400, code: 'BAD' });
    const junk = { response: { status: 400, data: new Blob(['{oops']) }, request: {} };
    expect(await normalizeErrorAsync(junk)).toEqual({ status: 400, code: 'BLOB_PARSE_ERROR' });
  });

  it('anything else → UNKNOWN_ERROR', () => {
    expect(normalizeError(undefined)).toEqual({ status: 500, code: 'UNKNOWN_ERROR' });
    expect(normalizeError('oops')).toEqual({ status: 500, code: 'UNKNOWN_ERROR' });
    expect(normalizeError(new Error(''))).toEqual({ status: 500, code: 'UNKNOWN_ERROR' });
  });

  it('leaves an already normalised error unchanged', () => {
    const e = { status: 404, code: 'NOT_FOUND' };
    expect(normalizeError(e)).toBe(e);
  });
});
