import { act, renderHook } from '@testing-library/react';
import { PublicCallError } from './publicClient';
import { isStale, usePolling, type Fetcher } from './usePolling';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

/** A fake server: answers with `answer()` after `latencyMs`, or never (ignoring the abort) when it returns 'hang'. */
function fakeFetcher(answer: () => unknown | 'hang' | Error, latencyMs = 10) {
  const calls = { started: 0, inFlight: 0, maxInFlight: 0 };
  const fetcher = ((_path: string, signal: AbortSignal) => {
    calls.started += 1;
    calls.inFlight += 1;
    calls.maxInFlight = Math.max(calls.maxInFlight, calls.inFlight);
    const result = answer();
    let done = false;
    const finish = () => {
      if (!done) calls.inFlight -= 1;
      done = true;
    };
    signal.addEventListener('abort', finish, { once: true });
    if (result === 'hang') return new Promise(() => undefined);
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        finish();
        if (result instanceof Error) reject(result);
        else resolve(result as never);
      }, latencyMs);
    });
  }) as Fetcher;
  return { fetcher, calls };
}

describe('usePolling', () => {
  it('polls at once, then every interval, with one request in flight at most', async () => {
    let n = 0;
    const { fetcher, calls } = fakeFetcher(() => ({ n: ++n }), 300);
    const { result } = renderHook(() => usePolling<{ n: number }>('/x', 5000, fetcher));
    await advance(301);
    expect(result.current.data).toEqual({ n: 1 });
    await advance(5000);
    expect(result.current.data).toEqual({ n: 2 });
    await advance(60_000);
    expect(calls.started).toBe(14);
    expect(calls.maxInFlight).toBe(1);
  });

  it('a request that never answers is abandoned before the next is due: no pile-up', async () => {
    const { fetcher, calls } = fakeFetcher(() => 'hang');
    const { result } = renderHook(() => usePolling('/x', 5000, fetcher));
    await advance(3999);
    expect(result.current.failures).toBe(0);
    await advance(1);
    expect(result.current.failures).toBe(1);
    await advance(60_000);
    expect(calls.started).toBe(13);
    expect(calls.maxInFlight).toBe(1);
    expect(jest.getTimerCount()).toBeLessThanOrEqual(2);
  });

  it('keeps the last values and marks them stale after failures, then recovers by itself', async () => {
    let up = true;
    const { fetcher } = fakeFetcher(() => (up ? { v: 'ok' } : new PublicCallError('unavailable')));
    const { result } = renderHook(() => usePolling('/x', 5000, fetcher));
    await advance(20);
    const updatedAt = result.current.updatedAt;
    up = false;
    await advance(5000);
    expect(result.current.failures).toBe(1);
    expect(isStale(result.current)).toBe(false);
    await advance(5000);
    expect(isStale(result.current)).toBe(true);
    expect(result.current.data).toEqual({ v: 'ok' });
    expect(result.current.updatedAt).toBe(updatedAt);
    up = true;
    await advance(5000);
    expect(isStale(result.current)).toBe(false);
    expect(result.current.updatedAt).toBeGreaterThan(updatedAt as number);
  });

  it('a 4xx marks the link invalid (no values shown) and a fixed link recovers', async () => {
    let valid = false;
    const { fetcher } = fakeFetcher(() => (valid ? [1] : new PublicCallError('invalid', 404)));
    const { result } = renderHook(() => usePolling('/x', 5000, fetcher));
    await advance(20);
    expect(result.current).toMatchObject({ invalid: true, data: null });
    valid = true;
    await advance(5000);
    expect(result.current).toMatchObject({ invalid: false, data: [1] });
  });

  it('unmounting stops everything: no timer left, the request in flight aborted', async () => {
    const { fetcher, calls } = fakeFetcher(() => 'hang');
    const { unmount } = renderHook(() => usePolling('/x', 5000, fetcher));
    await advance(100);
    expect(calls.inFlight).toBe(1);
    unmount();
    expect(calls.inFlight).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    await advance(60_000);
    expect(calls.started).toBe(1);
  });

  it('stays flat over a thousand polls: at most one poll timer and one time-out timer', async () => {
    let n = 0;
    const { fetcher, calls } = fakeFetcher(() => (++n % 7 === 0 ? new PublicCallError('unavailable') : { n }), 5);
    renderHook(() => usePolling('/x', 100, fetcher));
    for (let i = 0; i < 20; i += 1) {
      await advance(5000);
      expect(jest.getTimerCount()).toBeLessThanOrEqual(2);
    }
    expect(calls.started).toBeGreaterThan(990);
    expect(calls.maxInFlight).toBe(1);
  });
});
