import axios, { type AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { readBlobErrorBody } from './errors';
import { serializeParams } from './query';

/** Spec §9: request time-out. */
export const REQUEST_TIMEOUT_MS = 300000;
export const ACCESS_TOKEN_HEADER = 'x-access-token';

export interface ApiConfig {
  /** Returns the session token to send, or null when signed out. */
  getToken?: () => string | null | undefined;
  /** Called when a request that carried a token gets 401 (expired or revoked session). */
  onUnauthorized?: () => void;
  /**
   * Called with the new token when an answer to a request made with a session carries one in x-access-token
   * (changing one's own password revokes every earlier token and answers the caller's new one).
   */
  onTokenRenewed?: (token: string) => void;
}

const config: ApiConfig = {};

/** Wires the instance to the session; called once by @portal/session when its store is created. */
export function configureApi(next: ApiConfig): void {
  Object.assign(config, next);
}

/**
 * The instance's methods resolve to the response body (the interceptor unwraps it), so they are typed
 * here as returning the body T instead of AxiosResponse<T>.
 */
export interface Api extends Omit<AxiosInstance, 'get' | 'delete' | 'post' | 'put' | 'patch' | 'request'> {
  // R defaults to T, so both api.get<T>(…) and axios' own api.get<T, T>(…) read as Promise<body>.
  request<T = unknown, R = T>(config: AxiosRequestConfig): Promise<R>;
  get<T = unknown, R = T>(url: string, config?: AxiosRequestConfig): Promise<R>;
  delete<T = unknown, R = T>(url: string, config?: AxiosRequestConfig): Promise<R>;
  post<T = unknown, R = T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<R>;
  put<T = unknown, R = T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<R>;
  patch<T = unknown, R = T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<R>;
}

/** The session token requests carry now (null when signed out). */
export function currentToken(): string | null {
  return config.getToken?.() ?? null;
}

const instance = axios.create({
  baseURL: '',
  timeout: REQUEST_TIMEOUT_MS,
  paramsSerializer: { serialize: serializeParams },
});

instance.interceptors.request.use((request) => {
  const token = config.getToken?.();
  if (token) request.headers.set(ACCESS_TOKEN_HEADER, token);
  return request;
});

instance.interceptors.response.use(
  (response) => {
    const renewed = response.headers?.[ACCESS_TOKEN_HEADER] as unknown;
    if (typeof renewed === 'string' && renewed && response.config?.headers?.get?.(ACCESS_TOKEN_HEADER)) config.onTokenRenewed?.(renewed);
    return response.data;
  },
  async (error: AxiosError) => {
    await readBlobErrorBody(error);
    // A failed sign-in also answers 401: only a request made with a session ends that session.
    if (error.response?.status === 401 && error.config?.headers?.get?.(ACCESS_TOKEN_HEADER)) {
      config.onUnauthorized?.();
    }
    return Promise.reject(error);
  },
);

/** The one axios instance: same origin, x-access-token, 300000 ms, bodies unwrapped. */
export const api = instance as unknown as Api;
