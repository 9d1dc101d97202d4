/**
 * Limits of lists, files, import, export and sync. Defaults here; ServerConfig.lists overrides (tests);
 * the environment sets the deployment-specific ones:
 *   SYNC_ALLOW_LIST   comma-separated addresses or CIDR ranges that sync may reach although they are not
 *                     public (e.g. "10.1.2.3,192.168.10.0/24,fd00::/8"); empty by default.
 *   UPLOAD_MAX_BYTES  largest accepted upload (default 50 MiB).
 */
import { MAX_XLS_ROWS } from '@portal/contract';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './files/zipGuard';
import { DEFAULT_SLOT_LIMITS, type SlotLimits } from './userSlots';

export interface ListsConfig {
  /** Largest upload accepted by POST /api/misc/upload. */
  maxUploadBytes: number;
  /** Temporary files older than this are deleted by the sweep (abandoned imports). */
  tempFileTtlMs: number;
  sweepIntervalMs: number;
  /** Rows (header included) an xlsx export may hold: Excel's limit. */
  maxXlsRows: number;
  /** Rows read from one file (all sheets) or one sync payload. */
  maxImportRows: number;
  /** Non-public addresses or ranges that sync may reach anyway. */
  syncAllowList: string[];
  syncMaxBytes: number;
  syncTimeoutMs: number;
  syncMaxRedirects: number;
  /** Unpacked sizes and compression ratio an uploaded xlsx may reach (zip-bomb guard). */
  zip: ZipLimits;
  /** Uploads, imports and exports one user may run at once (429 TOO_MANY_CONCURRENT beyond). */
  slots: SlotLimits;
  /** Bytes and files of one user's temporary uploads waiting for import (413 TEMP_QUOTA_EXCEEDED beyond). */
  tempQuotaBytes: number;
  tempQuotaFiles: number;
  /** A PostgreSQL export whose reader takes nothing for this long is stopped and its transaction ended. */
  exportIdleMs: number;
}

export const DEFAULT_LISTS_CONFIG: ListsConfig = {
  maxUploadBytes: 50 * 1024 * 1024,
  tempFileTtlMs: 60 * 60 * 1000,
  sweepIntervalMs: 10 * 60 * 1000,
  maxXlsRows: MAX_XLS_ROWS,
  maxImportRows: 2_000_000,
  syncAllowList: [],
  syncMaxBytes: 50 * 1024 * 1024,
  syncTimeoutMs: 30_000,
  syncMaxRedirects: 5,
  zip: DEFAULT_ZIP_LIMITS,
  slots: DEFAULT_SLOT_LIMITS,
  tempQuotaBytes: 200 * 1024 * 1024,
  tempQuotaFiles: 20,
  exportIdleMs: 60_000,
};

export function listsConfigFromEnv(env: NodeJS.ProcessEnv): Partial<ListsConfig> {
  const out: Partial<ListsConfig> = {};
  const allow = env.SYNC_ALLOW_LIST?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (allow?.length) out.syncAllowList = allow;
  const max = Number.parseInt(env.UPLOAD_MAX_BYTES ?? '', 10);
  if (Number.isFinite(max) && max > 0) out.maxUploadBytes = max;
  return out;
}

export function resolveListsConfig(overrides: Partial<ListsConfig> | undefined, env: NodeJS.ProcessEnv = process.env): ListsConfig {
  return { ...DEFAULT_LISTS_CONFIG, ...listsConfigFromEnv(env), ...overrides };
}
