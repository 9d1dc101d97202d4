/**
 * Authentication and the permission model, decided on the MATCHED route, never on the raw request target
 * (which may be percent-encoded, absolute-form, dot-segmented…: the router decodes it, so the target string
 * says nothing reliable about the route it reaches). Deny by default: every route needs a valid
 * x-access-token unless it declares `config: { public: true }` (sign-in, the built portal's files, the API
 * docs, public displays). `config: { requirement }` adds a role or permission of hasPermission. Device intake
 * routes (`config: { device: true }`) take an x-device-key instead and never an access token; a device key
 * opens nothing else. The user
 * is read fresh from the database on each call (role, permission and library changes apply at once), and
 * the token's version must be the user's current one (password change, role change and sign-out revoke
 * earlier tokens). Signed-in users who are neither admin nor manager reach nothing. Unmatched paths never get
 * here: the not-found handler answers them without a hint of what exists.
 */
import type { RouteOptions } from 'fastify';
import { ACCESS_TOKEN_HEADER, canSignIn, DEVICE_KEY_HEADER, ERROR_CODES, hasPermission, type Requirement } from '@portal/contract';
import type { App } from '../app';
import { ApiError, forbidden } from '../errors';
import { findAuthUser, type AuthUser, type Deps } from '../services/context';
import { authenticateDevice, type DeviceAuth } from '../services/intake';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    requirement?: Requirement;
    /** Device intake: authenticated by x-device-key only. */
    device?: boolean;
  }
  interface FastifyRequest {
    authUser: AuthUser | null;
    deviceAuth: DeviceAuth | null;
  }
}

/** One route as Fastify registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  /** Device intake (x-device-key). */
  device: boolean;
}

const registered = new WeakMap<object, RegisteredRoute[]>();

/** Every route of an app built by buildApp, recorded by Fastify's onRoute hook (tests list them). */
export function registeredRoutes(app: App): RegisteredRoute[] {
  return registered.get(app) ?? [];
}

/** The API docs are registered by @fastify/swagger-ui (no config of ours): public by their prefix. */
const DOCS_PREFIX = '/api/docs';

function markDocsPublic(route: RouteOptions): void {
  if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) {
    route.config = { ...(route.config as object | undefined), public: true };
  }
}

/** Call before registering any route or plugin with routes: only routes added afterwards get the check. */
export function registerAuth(app: App, deps: Pick<Deps, 'db' | 'tokens'>): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.decorateRequest('authUser', null);
  app.decorateRequest('deviceAuth', null);
  app.addHook('onRoute', (route) => {
    markDocsPublic(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isPublic = (route.config as { public?: unknown } | undefined)?.public === true;
    const isDevice = (route.config as { device?: unknown } | undefined)?.device === true;
    for (const method of methods) routes.push({ method, url: route.url, public: isPublic, device: isDevice });
  });
  app.addHook('onRequest', async (request) => {
    // No matched route: the not-found handler answers (404 for /api, the shell's files otherwise).
    if (request.is404 || request.routeOptions.url === undefined) return;
    const config = request.routeOptions.config;
    if (config.public === true) return;
    if (config.device === true) {
      request.deviceAuth = await authenticateDevice(deps.db, request.headers[DEVICE_KEY_HEADER]);
      return;
    }
    request.authUser = await authenticate(deps, request.headers[ACCESS_TOKEN_HEADER], config.requirement);
  });
}

async function authenticate(deps: Pick<Deps, 'db' | 'tokens'>, token: unknown, requirement: Requirement | undefined): Promise<AuthUser> {
  if (typeof token !== 'string' || token === '') throw new ApiError(401, ERROR_CODES.TOKEN_MISSING, 'Access token required');
  const { userId, version } = await deps.tokens.verify(token);
  const user = await findAuthUser(deps.db, userId);
  // A token issued before a password change, role change or sign-out carries an older version.
  if (!user || user.tokenVersion !== version) throw new ApiError(401, ERROR_CODES.TOKEN_INVALID, 'Invalid access token');
  if (!canSignIn(user)) throw forbidden(ERROR_CODES.USER_NO_PRIVILEGES, 'You do not have privileges to access this application');
  if (requirement && !hasPermission(user, requirement)) throw forbidden(ERROR_CODES.FORBIDDEN, 'Not allowed');
  return user;
}

/** The device key of an intake route. */
export function currentDevice(request: { deviceAuth: DeviceAuth | null }): DeviceAuth {
  if (!request.deviceAuth) throw new ApiError(401, ERROR_CODES.DEVICE_KEY_MISSING, 'Device key required (x-device-key)');
  return request.deviceAuth;
}

/** The signed-in user of an authenticated route. */
export function currentUser(request: { authUser: AuthUser | null }): AuthUser {
  if (!request.authUser) throw new ApiError(401, ERROR_CODES.TOKEN_MISSING, 'Access token required');
  return request.authUser;
}
