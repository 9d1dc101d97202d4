import { configureApi } from './client';
import { fakeServer } from './testing';
import { forgetSharedReads, pendingSharedReads, prefetchReads, sharedRead, SHARED_READ_TTL_MS } from './sharedReads';

let token: string | null = 'tok-1';
beforeEach(() => {
  token = 'tok-1';
  configureApi({ getToken: () => token });
  forgetSharedReads();
});
afterEach(() => {
  jest.useRealTimers();
  configureApi({ getToken: () => null });
});

const read = (id: number) => sharedRead<{ id: number }>('/api/dashboard/totalToday', { selectedStoreIds: `${id},2` });

describe('sharedRead', () => {
  it('a read started ahead is taken by the screen once: one request for both, the next read asks again', async () => {
    let answers = 0;
    const seen = fakeServer(() => ({ status: 200, data: { id: (answers += 1) } }));
    prefetchReads(() => {
      void read(1);
    });
    expect(pendingSharedReads()).toEqual(['/api/dashboard/totalToday?selectedStoreIds=1%2C2']);
    await expect(read(1)).resolves.toEqual({ id: 1 });
    expect(seen.map((request) => request.url)).toEqual(['/api/dashboard/totalToday?selectedStoreIds=1%2C2']);
    expect(pendingSharedReads()).toEqual([]);
    await expect(read(1)).resolves.toEqual({ id: 2 }); // Refresh: a new request
    expect(seen).toHaveLength(2);
  });

  it('reads with other parameters, without one started ahead or under another token ask the server themselves', async () => {
    const seen = fakeServer((request) => ({ status: 200, data: { url: request.url } }));
    prefetchReads(() => {
      void read(1);
    });
    await read(3);
    token = 'tok-2'; // another session
    await read(1);
    expect(seen.map((request) => [request.url, request.headers.get('x-access-token')])).toEqual([
      ['/api/dashboard/totalToday?selectedStoreIds=1%2C2', 'tok-1'],
      ['/api/dashboard/totalToday?selectedStoreIds=3%2C2', 'tok-1'],
      ['/api/dashboard/totalToday?selectedStoreIds=1%2C2', 'tok-2'],
    ]);
  });

  it('the same read started ahead twice is asked once', async () => {
    const seen = fakeServer(() => ({ status: 200, data: {} }));
    prefetchReads(() => {
      void read(1);
      void read(1);
    });
    await read(1);
    expect(seen).toHaveLength(1);
  });

  it('a read started ahead that failed hands its failure to the screen (no unhandled rejection before)', async () => {
    fakeServer(() => ({ status: 500, data: { code: 'INTERNAL_SERVER_ERROR' } }));
    prefetchReads(() => {
      void read(1);
    });
    await new Promise((resolve) => {
      setTimeout(resolve, 0);
    });
    await expect(read(1)).rejects.toMatchObject({ response: { status: 500 } });
  });

  it('a read started ahead and not taken within SHARED_READ_TTL_MS is dropped: the screen asks again', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const seen = fakeServer(() => ({ status: 200, data: {} }));
    prefetchReads(() => {
      void read(1);
    });
    jest.setSystemTime(1_000_000 + SHARED_READ_TTL_MS);
    expect(pendingSharedReads()).toEqual([]);
    await read(1);
    expect(seen).toHaveLength(2);
  });
});
