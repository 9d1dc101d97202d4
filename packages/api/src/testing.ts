import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api } from './client';

/** What a fake server sees and answers; only for tests of this package and of packages that call it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: AxiosHeaders;
  data: unknown;
  timeout?: number;
  responseType?: string;
}
export type FakeReply = { status: number; data?: unknown; headers?: Record<string, string> } | { networkError: true } | { timeout: true };

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/**
 * Replaces the HTTP layer of `api` with a function; returns the list of requests it saw. The reply, or
 * its data, may be a promise: a test holds an answer back by resolving it later.
 */
export function fakeServer(reply: (req: SeenRequest) => FakeReply | Promise<FakeReply>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const req: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: api.getUri(config),
      headers: AxiosHeaders.from(config.headers),
      data: parseBody(config.data),
      timeout: config.timeout,
      responseType: config.responseType,
    };
    seen.push(req);
    const answer = await reply(req);
    if ('data' in answer && answer.data instanceof Promise) answer.data = await answer.data;
    const fakeXhr = {};
    if ('networkError' in answer) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, fakeXhr);
    if ('timeout' in answer) throw new AxiosError('timeout exceeded', AxiosError.ECONNABORTED, config, fakeXhr);
    const response = { status: answer.status, statusText: '', headers: AxiosHeaders.from(answer.headers ?? {}), config, data: answer.data, request: fakeXhr };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_RESPONSE, config, fakeXhr, response);
  };
  api.defaults.adapter = adapter;
  return seen;
}
