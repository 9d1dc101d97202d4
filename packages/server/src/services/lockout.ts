/**
 * Sign-in throttling, kept in the database (table signin_failures) so every instance behind a load
 * balancer sees the same counters. Attempts are counted per account ('user:<folded name>') and per client
 * address ('ip:<address>', IPv6 by /64) BEFORE the password is checked, each in one atomic statement: of
 * 30 parallel guesses only the first `limit` reach the password check, the rest answer 429
 * TOO_MANY_ATTEMPTS. Passing a limit locks that key for lockSeconds. A successful sign-in clears the
 * account's counter and takes its own attempt back from the address (a busy library behind one address is
 * not locked by its staff signing in). Counters whose window and lock have passed are purged.
 */
import type { Kysely } from 'kysely';
import { ERROR_CODES, foldText } from '@portal/contract';
import type { LockoutConfig } from '../config';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { countAttempt, deleteFailures, purgeFailures, uncountAttempt } from '../queries/signinFailures';
import { addressGroup } from './clientAddress';

export const userKey = (userName: string) => `user:${foldText(userName.trim())}`;
export const addressKey = (address: string) => `ip:${addressGroup(address)}`;

/** Purge old counters at most this often per instance. */
const PURGE_EVERY_MS = 60_000;

export class Lockout {
  private lastPurge = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: LockoutConfig,
    private readonly now: () => Date,
  ) {}

  /**
   * Counts a sign-in attempt (or a current-password check: address null) for the account and the address;
   * 429 TOO_MANY_ATTEMPTS when either has passed its limit or is locked.
   */
  async attempt(userName: string, address: string | null): Promise<void> {
    await this.purgeNow();
    const keys: Array<[string, number]> = [[userKey(userName), this.config.maxFailuresPerUser]];
    if (address !== null) keys.push([addressKey(address), this.config.maxFailuresPerAddress]);
    const now = this.now();
    let lockedUntil = 0;
    for (const [key, limit] of keys) {
      const row = await countAttempt(this.db, {
        key,
        limit,
        now: now.toISOString(),
        windowStart: new Date(now.getTime() - this.config.windowSeconds * 1000).toISOString(),
        lockUntil: new Date(now.getTime() + this.config.lockSeconds * 1000).toISOString(),
      });
      if (row.failures > limit) lockedUntil = Math.max(lockedUntil, row.locked_until ? Date.parse(row.locked_until) : now.getTime() + 1000);
    }
    if (lockedUntil > 0) {
      const retryAfter = Math.max(1, Math.ceil((lockedUntil - now.getTime()) / 1000));
      throw new ApiError(
        429,
        ERROR_CODES.TOO_MANY_ATTEMPTS,
        'Too many failed sign-in attempts, try again later',
        { retryAfter },
        { 'retry-after': String(retryAfter) },
      );
    }
  }

  /** The password was right: the account starts again; the address gets this attempt back. */
  async succeeded(userName: string, address: string | null): Promise<void> {
    await deleteFailures(this.db, userKey(userName));
    if (address !== null) await uncountAttempt(this.db, addressKey(address));
  }

  /** Deletes counters whose window and lock have passed (at most once a minute per instance). */
  async purgeNow(force = false): Promise<number> {
    const now = this.now();
    if (!force && now.getTime() - this.lastPurge < PURGE_EVERY_MS) return 0;
    this.lastPurge = now.getTime();
    const windowStart = new Date(now.getTime() - this.config.windowSeconds * 1000).toISOString();
    return purgeFailures(this.db, now.toISOString(), windowStart);
  }
}
