/**
 * Imports running on this server instance, by temporary file. An
 * import stops cleanly — nothing imported, its staged rows dropped — when its client closes the request or
 * when its file is deleted (the Import modal's Cancel calls deleteFile); the delete waits until the
 * import's reader has stopped, so a file is never deleted under a running reader.
 */
import type { FastifyReply } from 'fastify';
import { ERROR_CODES } from '@portal/contract';
import { ApiError } from '../errors';

interface Run {
  controller: AbortController;
  done: Promise<void>;
}

const running = new Map<string, Set<Run>>();

export const importCancelled = () => new ApiError(409, ERROR_CODES.IMPORT_CANCELLED, 'The import was cancelled; nothing was imported');

/** Throws IMPORT_CANCELLED once the import has been cancelled (checked between rows and before the final move). */
export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw importCancelled();
}

/**
 * Runs an import of `fileName`, cancelled by `clientSignal` (the request closed) or by cancelImports(fileName).
 * `run` must check the signal it gets (throwIfCancelled) and return only when it no longer reads the file.
 */
export async function trackImport<T>(fileName: string, clientSignal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onClientAbort = () => controller.abort(importCancelled());
  clientSignal?.addEventListener('abort', onClientAbort, { once: true });
  if (clientSignal?.aborted) controller.abort(importCancelled());
  let finished!: () => void;
  const entry: Run = {
    controller,
    done: new Promise<void>((resolve) => {
      finished = resolve;
    }),
  };
  const runs = running.get(fileName) ?? new Set<Run>();
  running.set(fileName, runs.add(entry));
  try {
    return await run(controller.signal);
  } finally {
    clientSignal?.removeEventListener('abort', onClientAbort);
    runs.delete(entry);
    if (!runs.size) running.delete(fileName);
    finished();
  }
}

/** Cancels every running import of the file and waits until each has stopped reading it. */
export async function cancelImports(fileName: string): Promise<void> {
  const runs = [...(running.get(fileName) ?? [])];
  for (const r of runs) r.controller.abort(importCancelled());
  await Promise.all(runs.map((r) => r.done));
}

/** An AbortSignal that fires when the client goes away before the reply was sent (request closed). */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** How many imports of the file are running on this instance (tests wait on it). */
export function importsRunning(fileName: string): number {
  return running.get(fileName)?.size ?? 0;
}
