/**
 * Per-user caps on the heavy list operations running at once (uploads, imports, exports), so one user
 * cannot hold the server's database connections, disk and CPU with many at a time. Per server instance.
 * Over the cap: 429 TOO_MANY_CONCURRENT (details: kind, limit).
 */
import { ERROR_CODES } from '@portal/contract';
import { ApiError } from '../errors';

export type SlotKind = 'upload' | 'import' | 'export';

export type SlotLimits = Record<SlotKind, number>;

export const DEFAULT_SLOT_LIMITS: SlotLimits = { upload: 3, import: 2, export: 2 };

const running = new Map<string, number>();

/** Takes one of the user's `kind` slots; call the returned function once when the operation ends. */
export function takeSlot(userId: number, kind: SlotKind, limits: SlotLimits): () => void {
  const key = `${userId}:${kind}`;
  const now = running.get(key) ?? 0;
  const limit = limits[kind];
  if (now >= limit) {
    throw new ApiError(429, ERROR_CODES.TOO_MANY_CONCURRENT, `At most ${limit} ${kind}s at a time per user; wait until one ends`, { kind, limit });
  }
  running.set(key, now + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
  };
}

/** Runs `work` holding a slot. */
export async function withSlot<R>(userId: number, kind: SlotKind, limits: SlotLimits, work: () => Promise<R>): Promise<R> {
  const release = takeSlot(userId, kind, limits);
  try {
    return await work();
  } finally {
    release();
  }
}
