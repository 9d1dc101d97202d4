import { ACCESS_TOKEN_HEADER, api } from '../client';
import type { SignInRequest, SignInResponse } from '../types';

/** POST /api/auth/signin */
export function signIn(body: SignInRequest): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/signin', body);
}

/**
 * POST /api/auth/logout: the server revokes every token of the user. The token is passed in because the
 * session is usually cleared right after the call starts.
 */
export function signOut(token: string): Promise<void> {
  return api.post<void>('/api/auth/logout', undefined, { headers: { [ACCESS_TOKEN_HEADER]: token } });
}
