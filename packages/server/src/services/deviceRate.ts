/**
 * Requests per device key, in this process: a token bucket of `burst` requests refilled at `perSecond`.
 * A key over its rate gets 429 TOO_MANY_REQUESTS with Retry-After before its body is read, so a flooding
 * device costs a map lookup and nothing of the database. Behind a load balancer each instance keeps its
 * own buckets (a key may send up to instances × the rate), which bounds a flood all the same.
 */
import { ERROR_CODES } from '@portal/contract';
import { ApiError } from '../errors';

export interface DeviceRateConfig {
  /** Sustained requests per second per key. */
  perSecond: number;
  /** Requests a key may send at once after a quiet spell. */
  burst: number;
}

export const DEFAULT_DEVICE_RATE: DeviceRateConfig = { perSecond: 10, burst: 30 };
/** Buckets kept at most; full (idle) buckets are dropped first when the map grows past it. */
const MAX_BUCKETS = 10_000;

export class DeviceRateLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly config: DeviceRateConfig,
    private readonly now: () => Date,
  ) {}

  /** Takes one request from the key's bucket, or throws 429 with the seconds until one is available. */
  take(keyId: number): void {
    const at = this.now().getTime();
    const bucket = this.buckets.get(keyId) ?? { tokens: this.config.burst, at };
    bucket.tokens = Math.min(this.config.burst, bucket.tokens + ((at - bucket.at) / 1000) * this.config.perSecond);
    bucket.at = at;
    if (bucket.tokens < 1) {
      this.buckets.set(keyId, bucket);
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / this.config.perSecond));
      throw new ApiError(
        429,
        ERROR_CODES.TOO_MANY_REQUESTS,
        `Too many requests for this device key; retry after ${retryAfter} s`,
        { retryAfter },
        { 'retry-after': String(retryAfter) },
      );
    }
    bucket.tokens -= 1;
    this.buckets.set(keyId, bucket);
    if (this.buckets.size > MAX_BUCKETS) this.prune();
  }

  private prune(): void {
    const at = this.now().getTime();
    for (const [keyId, bucket] of this.buckets) {
      if (bucket.tokens + ((at - bucket.at) / 1000) * this.config.perSecond >= this.config.burst) this.buckets.delete(keyId);
    }
  }
}
