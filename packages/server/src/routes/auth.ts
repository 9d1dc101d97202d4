import { SignInBody, SignInResponse } from '@portal/contract';
import type { App } from '../app';
import { signIn } from '../services/auth';
import type { Deps } from '../services/context';

export function authRoutes(app: App, deps: Deps): void {
  app.post('/api/auth/signin', {
    config: { public: true },
    schema: {
      tags: ['auth'],
      summary: 'Sign in (only role admin or permission manager)',
      security: [],
      body: SignInBody,
      response: { 200: SignInResponse },
    },
  }, (request) => signIn(deps, request.body, request.ip));
}
