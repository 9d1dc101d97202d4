import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api } from '@portal/api';

/** A fake answer: a body (200), an error status with a body, or a wait that never ends. */
export type MockReply = { status?: number; data?: unknown; delayMs?: number } | 'pending';
/** 'METHOD /path' (query string left out) → answer; a function sees the request body. */
export type MockRoutes = Record<string, MockReply | ((body: unknown, config: InternalAxiosRequestConfig) => MockReply)>;

const body = (config: InternalAxiosRequestConfig): unknown => {
  if (typeof config.data !== 'string') return config.data;
  try {
    return JSON.parse(config.data) as unknown;
  } catch {
    return config.data;
  }
};

/** Replaces the HTTP layer of the one api instance so stories run without a server. */
export function installMockApi(routes: MockRoutes): void {
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const path = (config.url ?? '').split('?')[0];
    const route = routes[`${method} ${path}`];
    const reply = typeof route === 'function' ? route(body(config), config) : route;
    if (reply === 'pending') return new Promise(() => {});
    const { status = reply ? 200 : 404, data = reply ? undefined : { code: 'NOT_FOUND' }, delayMs = 300 } = reply ?? {};
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const response = { status, statusText: '', headers: {}, config, data, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  api.defaults.adapter = adapter;
}
