import { ApiError } from '../errors';
import { toErrorReply } from './errors';

const libraryError = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

describe('toErrorReply', () => {
  it('answers internal exception texts with a generic message and the code', () => {
    const internal = "ENOENT: no such file or directory, open '/srv/portal/.data/files/tmp/abc'";
    expect(toErrorReply(libraryError(400, internal)).body).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid request' });
    expect(toErrorReply(libraryError(404, internal)).body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect(toErrorReply(new Error(`connect ECONNREFUSED 10.1.2.3:5432 ${internal}`))).toMatchObject({
      status: 500,
      body: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' },
    });
  });

  it('keeps the texts the server wrote itself', () => {
    expect(toErrorReply(new ApiError(403, 'FORBIDDEN', 'Library not available')).body).toEqual({ code: 'FORBIDDEN', message: 'Library not available' });
  });
});
