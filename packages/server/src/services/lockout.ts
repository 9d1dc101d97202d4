/**
 * Sign-in lock-out, kept in the database (table signin_failures) so every instance behind a load
 * balancer sees the same counters. Failures are counted per account ('user:<folded name>') and per
 * client address ('ip:<address>'); reaching the limit within the window locks that key for lockSeconds,
 * during which sign-in answers 429 TOO_MANY_ATTEMPTS without checking the password.
 */
import type { Kysely } from 'kysely';
import { ERROR_CODES, foldText } from '@portal/contract';
import type { LockoutConfig } from '../config';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { deleteFailures, findFailures, saveFailure } from '../queries/signinFailures';

export const userKey = (userName: string) => `user:${foldText(userName.trim())}`;
export const addressKey = (address: string) => `ip:${address}`;

export class Lockout {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: LockoutConfig,
    private readonly now: () => Date,
  ) {}

  /** Throws 429 when any of the keys is locked. */
  async assertNotLocked(keys: string[]): Promise<void> {
    const now = this.now();
    const rows = await findFailures(this.db, keys);
    const lockedUntil = rows
      .map((r) => (r.locked_until ? Date.parse(r.locked_until) : 0))
      .reduce((a, b) => Math.max(a, b), 0);
    if (lockedUntil > now.getTime()) {
      const retryAfter = Math.ceil((lockedUntil - now.getTime()) / 1000);
      throw new ApiError(429, ERROR_CODES.TOO_MANY_ATTEMPTS, 'Too many failed sign-in attempts, try again later',
        { retryAfter }, { 'retry-after': String(retryAfter) });
    }
  }

  async recordFailure(key: string, limit: number): Promise<void> {
    const now = this.now();
    const [row] = await findFailures(this.db, [key]);
    const windowStart = now.getTime() - this.config.windowSeconds * 1000;
    const lockExpired = row?.locked_until && Date.parse(row.locked_until) <= now.getTime();
    const fresh = !row || lockExpired || Date.parse(row.first_failure_at) < windowStart;
    const failures = fresh ? 1 : row.failures + 1;
    await saveFailure(this.db, {
      key,
      failures,
      first_failure_at: fresh ? now.toISOString() : row.first_failure_at,
      locked_until: failures >= limit ? new Date(now.getTime() + this.config.lockSeconds * 1000).toISOString() : null,
    });
  }

  async recordFailures(userName: string, address: string): Promise<void> {
    await this.recordFailure(userKey(userName), this.config.maxFailuresPerUser);
    await this.recordFailure(addressKey(address), this.config.maxFailuresPerAddress);
  }

  /** A successful sign-in clears the account's counter (not the address's: one valid account must not reset it). */
  async clearUser(userName: string): Promise<void> {
    await deleteFailures(this.db, userKey(userName));
  }
}
