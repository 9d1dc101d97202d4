/**
 * Authentication and the permission model on every /api route. A route declares `config: { public: true }`
 * (sign-in) or `config: { requirement }` (a role or permission of hasPermission). Every other /api call
 * needs a valid x-access-token; the user is read fresh from the database so role, permission and library
 * changes apply at once. Signed-in users who are neither admin nor manager reach nothing.
 */
import { ACCESS_TOKEN_HEADER, canSignIn, ERROR_CODES, hasPermission, type Requirement } from '@portal/contract';
import type { App } from '../app';
import { ApiError, forbidden } from '../errors';
import { findAuthUser, type AuthUser, type Deps } from '../services/context';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    requirement?: Requirement;
  }
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?');

export function registerAuth(app: App, deps: Pick<Deps, 'db' | 'tokens'>): void {
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.is404 || isDocs(request.url)) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    const token = request.headers[ACCESS_TOKEN_HEADER];
    if (typeof token !== 'string' || token === '') throw new ApiError(401, ERROR_CODES.TOKEN_MISSING, 'Access token required');
    const userId = await deps.tokens.verify(token);
    const user = await findAuthUser(deps.db, userId);
    if (!user) throw new ApiError(401, ERROR_CODES.TOKEN_INVALID, 'Invalid access token');
    if (!canSignIn(user)) throw forbidden(ERROR_CODES.USER_NO_PRIVILEGES, 'You do not have privileges to access this application');
    if (config.requirement && !hasPermission(user, config.requirement)) throw forbidden(ERROR_CODES.FORBIDDEN, 'Not allowed');
    request.authUser = user;
  });
}

/** The signed-in user of an authenticated route. */
export function currentUser(request: { authUser: AuthUser | null }): AuthUser {
  if (!request.authUser) throw new ApiError(401, ERROR_CODES.TOKEN_MISSING, 'Access token required');
  return request.authUser;
}
