/**
 * Polls one public call for as long as the display is mounted (weeks): at most one request in flight, each
 * aborted after a time-out shorter than the interval, the next one due one interval after the previous
 * started (or at once when that is already past). Failures keep the last values and count up, so the
 * screen can mark them stale; the first success clears that on its own. A 4xx (unknown token or library)
 * marks the link invalid and keeps polling, so a fixed link recovers too.
 *
 * Memory stays flat: the state holds only the latest answer, one timer and one AbortController at a time,
 * all released on unmount or when the path changes.
 */
import { useEffect, useState } from 'react';
import { getJson, PublicCallError } from './publicClient';
import { timeoutFor } from './pollInterval';

/** A display counts as stale after this many failed polls in a row (10 s at the 5 s interval). */
export const STALE_AFTER_FAILURES = 2;

export interface PollState<T> {
  data: T | null;
  /** When the last answer arrived (ms since the epoch), null before the first one. */
  updatedAt: number | null;
  /** Failed polls since the last answer. */
  failures: number;
  /** The server says the link is not valid (unknown or revoked token, unknown library). */
  invalid: boolean;
}

export type Fetcher = <T>(path: string, signal: AbortSignal) => Promise<T>;

const INITIAL = { data: null, updatedAt: null, failures: 0, invalid: false };

export function isStale(state: PollState<unknown>): boolean {
  return state.failures >= STALE_AFTER_FAILURES;
}

export function usePolling<T>(path: string | null, intervalMs: number, fetcher: Fetcher = getJson): PollState<T> {
  const [state, setState] = useState<PollState<T>>(INITIAL);

  useEffect(() => {
    setState(INITIAL);
    if (path === null) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let deadline: ReturnType<typeof setTimeout> | undefined;

    const poll = async () => {
      const started = Date.now();
      const current = new AbortController();
      controller = current;
      try {
        // The time-out wins even over a fetcher that ignores the abort: the loop can never hang.
        const data = await new Promise<T>((resolve, reject) => {
          deadline = setTimeout(() => {
            current.abort();
            reject(new PublicCallError('unavailable'));
          }, timeoutFor(intervalMs));
          fetcher<T>(path, current.signal).then(resolve, reject);
        });
        if (!stopped) setState({ data, updatedAt: Date.now(), failures: 0, invalid: false });
      } catch (error) {
        if (!stopped) {
          const invalid = error instanceof PublicCallError && error.failure === 'invalid';
          setState((s) => (invalid ? { data: null, updatedAt: s.updatedAt, failures: 0, invalid: true } : { ...s, failures: s.failures + 1 }));
        }
      } finally {
        clearTimeout(deadline);
        controller = null;
      }
      if (!stopped) timer = setTimeout(poll, Math.max(0, started + intervalMs - Date.now()));
    };
    void poll();

    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      controller?.abort();
    };
  }, [path, intervalMs, fetcher]);

  return state;
}
