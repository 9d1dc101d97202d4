/**
 * Reads started ahead for a screen that is about to ask for them (the dashboard's calls start from the
 * sign-in answer instead of after the signed-in shell and the dashboard remote have rendered). While
 * `prefetchReads(run)` runs, every `sharedRead` starts its request and keeps the promise; the screen's own
 * `sharedRead` of the same URL, parameters and session token later takes it (once: a second read, e.g. Refresh,
 * asks the server again). A kept read nobody takes within SHARED_READ_TTL_MS is dropped, so data never comes from
 * a read older than that, and another session's token never matches.
 */
import { api, currentToken } from './client';
import { serializeParams } from './query';

/** How long a read started ahead waits for the screen that will take it. */
export const SHARED_READ_TTL_MS = 30_000;

interface Kept {
  promise: Promise<unknown>;
  startedAt: number;
}

const kept = new Map<string, Kept>();
let prefetching = false;

const keyOf = (url: string, params: Record<string, unknown>) => `${currentToken() ?? ''} ${url}?${serializeParams(params)}`;

function dropStale(now: number): void {
  for (const [key, entry] of kept) if (now - entry.startedAt >= SHARED_READ_TTL_MS) kept.delete(key);
}

/** GET `url` with `params`: the read started ahead for it when there is one (taken once), else a new request. */
export function sharedRead<T>(url: string, params: Record<string, unknown>): Promise<T> {
  const key = keyOf(url, params);
  const now = Date.now();
  dropStale(now);
  if (prefetching) {
    const existing = kept.get(key);
    if (existing) return existing.promise as Promise<T>;
    const promise = api.get<T>(url, { params });
    promise.catch(() => undefined); // nobody may take it: its failure is reported to the screen that does
    kept.set(key, { promise, startedAt: now });
    return promise;
  }
  const ahead = kept.get(key);
  if (ahead) {
    kept.delete(key);
    return ahead.promise as Promise<T>;
  }
  return api.get<T>(url, { params });
}

/** Runs `run` (which calls functions reading through sharedRead) so that their reads start now and wait to be taken. */
export function prefetchReads(run: () => void): void {
  prefetching = true;
  try {
    run();
  } finally {
    prefetching = false;
  }
}

/** The reads started ahead and not taken yet (tests, the bench's checks). */
export function pendingSharedReads(): string[] {
  dropStale(Date.now());
  return [...kept.keys()].map((key) => key.slice(key.indexOf(' ') + 1));
}

/** Forgets every read started ahead (tests). */
export function forgetSharedReads(): void {
  kept.clear();
}
