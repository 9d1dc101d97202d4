/**
 * Signed access tokens (JWT, HS256, jose). The signing secret is generated once and kept in the database
 * (server_secrets 'jwt'), so every instance sharing the database accepts every other instance's tokens.
 * Each token carries the user's token version (claim `ver`); the auth plugin refuses a token whose version
 * is not the user's current one (password change, role change and sign-out increment it).
 */
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { ERROR_CODES } from '@portal/contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

const SECRET_NAME = 'jwt';
const ISSUER = 'library-portal';

async function loadSecret(db: Kysely<Database>, now: Date): Promise<Uint8Array> {
  // Insert-if-absent then read: concurrent first starts of several instances agree on one secret.
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}

/**
 * The user id a subject names, written exactly as issue() writes it (a positive integer in decimal, no sign,
 * space, leading zero, fraction, exponent or hex: Number() read "0x1", " 1" and "1.0" as 1), else null.
 */
function userIdOf(sub: unknown): number | null {
  if (typeof sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(sub)) return null;
  const id = Number(sub);
  return id <= 2147483647 ? id : null;
}

export interface VerifiedToken {
  userId: number;
  /** The user's token version when the token was issued. */
  version: number;
}

export interface TokenService {
  issue(userId: number, version: number): Promise<{ token: string; expiresIn: number }>;
  /** The user id and version of a validly signed, unexpired token; throws 401 TOKEN_INVALID / TOKEN_EXPIRED otherwise. */
  verify(token: string): Promise<VerifiedToken>;
}

export async function createTokenService(db: Kysely<Database>, ttlSeconds: number, now: () => Date): Promise<TokenService> {
  const secret = await loadSecret(db, now());
  return {
    async issue(userId, version) {
      const iat = Math.floor(now().getTime() / 1000);
      const token = await new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(secret);
      return { token, expiresIn: ttlSeconds };
    },
    async verify(token) {
      try {
        // Every token this service issues expires: one without exp (or sub) is not one of ours.
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, currentDate: now(), requiredClaims: ['exp', 'sub'] });
        const userId = userIdOf(payload.sub);
        const version = payload.ver;
        if (userId === null || typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
          throw new ApiError(401, ERROR_CODES.TOKEN_INVALID, 'Invalid access token');
        }
        return { userId, version };
      } catch (e) {
        if (e instanceof ApiError) throw e;
        if (e instanceof errors.JWTExpired) throw new ApiError(401, ERROR_CODES.TOKEN_EXPIRED, 'The session has expired');
        throw new ApiError(401, ERROR_CODES.TOKEN_INVALID, 'Invalid access token');
      }
    },
  };
}
