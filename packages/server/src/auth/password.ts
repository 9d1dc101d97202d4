import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { ERROR_CODES } from '@portal/contract';
import { ApiError } from '../errors';
import { Limiter } from './limiter';

/** argon2id cost parameters (the library's default algorithm is argon2id). */
export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP-recommended minimum for argon2id: 19 MiB, 2 iterations, 1 lane. */
export const PRODUCTION_ARGON2: Argon2Params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** Cheap parameters for tests only. */
export const TEST_ARGON2: Argon2Params = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function hashPassword(password: string, params: Argon2Params): Promise<string> {
  return hash(password, params);
}

/** False for a wrong password and for a malformed stored hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

export interface HashingLimits {
  /** Password hashes computed at once by this process (PASSWORD_HASH_CONCURRENCY; default half the cores, at least 1). */
  concurrency: number;
  /** Requests waiting for a slot before further ones are refused with 429 (PASSWORD_HASH_QUEUE; default 64). */
  maxQueued: number;
}

export const DEFAULT_HASHING: HashingLimits = { concurrency: Math.max(1, Math.floor(os.availableParallelism() / 2)), maxQueued: 64 };

const busy = () => new ApiError(429, ERROR_CODES.TOO_MANY_ATTEMPTS, 'The server is busy, try again in a moment', { retryAfter: 1 }, { 'retry-after': '1' });

/** The process-wide cap on concurrent hashing of request paths (sign-in, password changes, user creation). */
export let passwordHashing = new Limiter(DEFAULT_HASHING.concurrency, DEFAULT_HASHING.maxQueued, busy);

export function configurePasswordHashing(limits: HashingLimits): void {
  passwordHashing = new Limiter(limits.concurrency, limits.maxQueued, busy);
}

/** hashPassword for a request: waits for a hashing slot (429 when too many wait). */
export function hashPasswordLimited(password: string, params: Argon2Params): Promise<string> {
  return passwordHashing.run(() => hashPassword(password, params));
}

/** verifyPassword for a request: waits for a hashing slot (429 when too many wait). */
export function verifyPasswordLimited(stored: string, password: string): Promise<boolean> {
  return passwordHashing.run(() => verifyPassword(stored, password));
}
