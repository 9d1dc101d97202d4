import fs from 'node:fs';
import path from 'node:path';
import { PRODUCTION_ARGON2, type Argon2Params } from './auth/password';
import type { ListsConfig } from './lists/config';

/** Repository root (packages/server/src → ../../..). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export interface LockoutConfig {
  /** Failed sign-ins of one account within the window before it is locked. */
  maxFailuresPerUser: number;
  /** Failed sign-ins from one address within the window before it is locked. */
  maxFailuresPerAddress: number;
  windowSeconds: number;
  lockSeconds: number;
}

export interface ServerConfig {
  /** Reported by GET /api/misc/version. */
  version: string;
  /** Root of uploaded files (avatars…). */
  dataDir: string;
  /** Access token lifetime (expiresIn of the sign-in answer). */
  tokenTtlSeconds: number;
  argon2: Argon2Params;
  lockout: LockoutConfig;
  /** Largest accepted JSON body. */
  bodyLimit: number;
  /** Folder holding shell and the mf-… apps with their dist builds; null = API only. */
  portalRoot: string | null;
  logger: boolean;
  /** Trust X-Forwarded-For (behind a load balancer) for the per-address lock-out. */
  trustProxy: boolean;
  /** Time source (tests move it to expire tokens and locks). */
  now: () => Date;
  /** Overrides of the list/file/import/export/sync limits (lists/config.ts; environment and defaults otherwise). */
  lists?: Partial<ListsConfig>;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    version: readVersion(),
    dataDir: path.join(REPO_ROOT, '.data'),
    tokenTtlSeconds: 8 * 60 * 60,
    argon2: PRODUCTION_ARGON2,
    lockout: { maxFailuresPerUser: 5, maxFailuresPerAddress: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
    bodyLimit: 1024 * 1024,
    portalRoot: REPO_ROOT,
    logger: false,
    trustProxy: false,
    now: () => new Date(),
    ...overrides,
  };
}
