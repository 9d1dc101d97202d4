/**
 * The public entry's own tiny client: one GET of JSON with the fetch API. Not @portal/api (axios, the
 * session's access token, the 300 s time-out): public displays send no credentials, must time out well
 * within their polling interval, and should load as little code as possible.
 */

/** Why a call failed: the link is not valid (4xx: unknown token or library), or the server is unreachable. */
export type PublicCallFailure = 'invalid' | 'unavailable';

export class PublicCallError extends Error {
  constructor(
    readonly failure: PublicCallFailure,
    readonly status?: number,
  ) {
    super(`public call ${failure}${status ? ` (${status})` : ''}`);
    this.name = 'PublicCallError';
  }
}

export async function getJson<T>(path: string, signal: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
  } catch {
    throw new PublicCallError('unavailable');
  }
  if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
    throw new PublicCallError('invalid', response.status);
  }
  if (!response.ok) throw new PublicCallError('unavailable', response.status);
  try {
    return (await response.json()) as T;
  } catch {
    throw new PublicCallError('unavailable', response.status);
  }
}

const segment = encodeURIComponent;

export const publicPaths = {
  capacities: (token: string) => `/api/statistics/capacities/${segment(token)}`,
  storeCapacity: (token: string, storeCode: string) => `/api/statistics/capacities/${segment(token)}/${segment(storeCode)}`,
  sipSummary: (storeCode: string) => `/api/public/sipOperations/${segment(storeCode)}`,
};
