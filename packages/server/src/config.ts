import fs from 'node:fs';
import path from 'node:path';
import { PRODUCTION_ARGON2, type Argon2Params } from './auth/password';
import type { ListsConfig } from './lists/config';
import type { ImageSetLimits } from './services/imageSetLimits';
import type { DeviceRateConfig } from './services/deviceRate';
import type { FileStoreKind } from './storage/select';

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

export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: empty or 0 → false; a whole number → that many hops; otherwise a comma-separated list of
 * proxy addresses / CIDR ranges. "true" and other words are refused (they would trust every hop).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return false;
  if (/^[0-9]+$/.test(text)) return Number.parseInt(text, 10);
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !/^[0-9a-fA-F:.]+(\/[0-9]{1,3})?$/.test(s) || !/[.:]/.test(s));
  if (bad.length || !list.length) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDR ranges, not "${text}"`);
  }
  return list;
}

/** Fastify's trustProxy option for a TrustProxy: a hop count becomes "trust the first n hops". */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
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
  /** false (tests), true (every request: LOG=1), or warnings and errors only (the default of main.ts). */
  logger: boolean | { level: 'warn' | 'info'; stream?: { write(line: string): void } };
  /**
   * Which X-Forwarded-For hops to believe for the client address (sign-in throttling per address): false
   * (none: the socket's address), a hop count (1 = one load balancer in front), or the proxies' addresses
   * or CIDR ranges. Never "every hop": a client would choose its own address.
   */
  trustProxy: TrustProxy;
  /** Demo mode (PORTAL_DEMO): outside it, demo passwords are refused at sign-in and as new passwords. */
  demo: boolean;
  /** Time source (tests move it to expire tokens and locks). */
  now: () => Date;
  /** Cron pattern of the scheduled auto-sync (jobs/autoSync.ts; AUTO_SYNC_CRON); null: no schedule (tests). */
  autoSyncCron: string | null;
  /** Where files live: 'local' disk (default) or 'database', shared by every instance (FILE_STORE, storage/select.ts). */
  fileStore: FileStoreKind;
  /** Overrides of the list/file/import/export/sync limits (lists/config.ts; environment and defaults otherwise). */
  lists?: Partial<ListsConfig>;
  /** Overrides of the image-set quota and image size caps (services/imageSetLimits.ts; IMAGESET_QUOTA_BYTES otherwise). */
  imagesets?: Partial<ImageSetLimits>;
  /** Overrides of the requests per device key (services/deviceRate.ts). */
  deviceRate?: Partial<DeviceRateConfig>;
  /** METRICS_TOKEN: GET /metrics needs it as a bearer token; null or absent: served to loopback connections only. */
  metricsToken?: string | null;
}

/** METRICS_TOKEN: empty → none; otherwise at least 16 visible characters (a guessable token is refused at start). */
export function parseMetricsToken(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (!/^[\x21-\x7e]{16,512}$/.test(text)) throw new Error('METRICS_TOKEN must be 16 to 512 visible ASCII characters (no spaces)');
  return text;
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
    // PORTAL_ROOT serves the built portal from another folder (the release drill); the repository by default.
    portalRoot: process.env.PORTAL_ROOT ? path.resolve(process.env.PORTAL_ROOT) : REPO_ROOT,
    logger: false,
    trustProxy: false,
    demo: false,
    fileStore: 'local',
    autoSyncCron: null,
    now: () => new Date(),
    ...overrides,
  };
}
