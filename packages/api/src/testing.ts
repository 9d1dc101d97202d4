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
export type FakeReply =
  | { status: number; data?: unknown }
  | { networkError: true }
  | { timeout: true };

/** Replaces the HTTP layer of `api` with a function; returns the list of requests it saw. */
export function fakeServer(reply: (req: SeenRequest) => FakeReply): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const req: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: api.getUri(config),
      headers: AxiosHeaders.from(config.headers),
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      timeout: config.timeout,
      responseType: config.responseType,
    };
    seen.push(req);
    const answer = reply(req);
    const fakeXhr = {};
    if ('networkError' in answer) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, fakeXhr);
    if ('timeout' in answer) throw new AxiosError('timeout exceeded', AxiosError.ECONNABORTED, config, fakeXhr);
    const response = { status: answer.status, statusText: '', headers: {}, config, data: answer.data, request: fakeXhr };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_RESPONSE, config, fakeXhr, response);
  };
  api.defaults.adapter = adapter;
  return seen;
}
