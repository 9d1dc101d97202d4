/**
 * Signed access tokens (JWT, HS256, jose). The signing secret is generated once and kept in the database
 * (server_secrets 'jwt'), so every instance sharing the database accepts every other instance's tokens.
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

export interface TokenService {
  issue(userId: number): Promise<{ token: string; expiresIn: number }>;
  /** The user id of a valid token; throws 401 TOKEN_INVALID / TOKEN_EXPIRED otherwise. */
  verify(token: string): Promise<number>;
}

export async function createTokenService(db: Kysely<Database>, ttlSeconds: number, now: () => Date): Promise<TokenService> {
  const secret = await loadSecret(db, now());
  return {
    async issue(userId) {
      const iat = Math.floor(now().getTime() / 1000);
      const token = await new SignJWT({})
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
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, currentDate: now() });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId < 1) throw new ApiError(401, ERROR_CODES.TOKEN_INVALID);
        return userId;
      } catch (e) {
        if (e instanceof ApiError) throw e;
        if (e instanceof errors.JWTExpired) throw new ApiError(401, ERROR_CODES.TOKEN_EXPIRED, 'The session has expired');
        throw new ApiError(401, ERROR_CODES.TOKEN_INVALID, 'Invalid access token');
      }
    },
  };
}
