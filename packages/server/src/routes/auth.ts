import { SignInBody, SignInResponse } from '@portal/contract';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import { signIn, signOut } from '../services/auth';
import type { Deps } from '../services/context';

export function authRoutes(app: App, deps: Deps): void {
  let proxyWarned = false;
  app.post(
    '/api/auth/signin',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (only role admin or permission manager)',
        security: [],
        body: SignInBody,
        response: { 200: SignInResponse },
        errors: {
          401: 'USER_NOT_FOUND or INVALID_PASSWORD',
          403: 'USER_NO_PRIVILEGES: only role admin or permission manager may sign in',
          429: 'TOO_MANY_ATTEMPTS: too many failed sign-ins for this user or address, or the server is busy; try again after Retry-After seconds',
        },
      },
    },
    (request) => {
      if (!proxyWarned && deps.config.trustProxy === false && request.headers['x-forwarded-for'] !== undefined) {
        proxyWarned = true;
        request.log.warn(
          'sign-ins arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every client counts as the ' +
            "proxy's address for sign-in throttling, so 20 failures lock everyone out. Set TRUST_PROXY (see README, Security).",
        );
      }
      return signIn(deps, request.body, request.ip, request.log);
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'Sign out: every access token issued to you so far stops working', response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      await signOut(deps, currentUser(request));
      return reply.code(204).send(null);
    },
  );
}
