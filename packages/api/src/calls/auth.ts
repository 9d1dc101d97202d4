import { api } from '../client';
import type { SignInRequest, SignInResponse } from '../types';

/** POST /api/auth/signin */
export function signIn(body: SignInRequest): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/signin', body);
}
