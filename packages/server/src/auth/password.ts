import { hash, verify } from '@node-rs/argon2';

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
