/**
 * Limits of image-set uploads. Defaults here; ServerConfig.imagesets overrides (tests);
 * the environment sets the quota:
 *   IMAGESET_QUOTA_BYTES  bytes of image-set images one account may keep, all its sets together (default 200 MiB).
 * Uploads also take one of the user's upload slots (lists/userSlots.ts, shared with the import uploads).
 */
export interface ImageSetLimits {
  /** Bytes of stored images per owner of sets (413 IMAGE_QUOTA_EXCEEDED beyond; nothing stored). */
  quotaBytes: number;
  /** Pixels per side a header may declare (400 IMAGE_DIMENSIONS_TOO_LARGE beyond). */
  maxSide: number;
  /** Width × height a header may declare. */
  maxPixels: number;
}

export const DEFAULT_IMAGESET_LIMITS: ImageSetLimits = {
  quotaBytes: 200 * 1024 * 1024,
  maxSide: 16384,
  maxPixels: 40_000_000,
};

export function resolveImageSetLimits(overrides: Partial<ImageSetLimits> | undefined, env: NodeJS.ProcessEnv = process.env): ImageSetLimits {
  const quota = Number.parseInt(env.IMAGESET_QUOTA_BYTES ?? '', 10);
  return { ...DEFAULT_IMAGESET_LIMITS, ...(Number.isFinite(quota) && quota > 0 ? { quotaBytes: quota } : {}), ...overrides };
}
