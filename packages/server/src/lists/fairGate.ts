/**
 * A fixed number of slots shared fairly between users: the SheetJS parses of .xls/.ods files, the ID-script
 * sandbox's workers, the regular-expression search workers. A caller takes a slot (`acquire`) or waits for one;
 * a freed slot goes to the waiting user with the fewest slots running and, among equals, the one served least
 * recently, so one user's many waiting calls never push another user's behind them all. Each user may run
 * `perUser` slots at once and keep `perUserQueued` calls waiting; past that, or with `queued` calls waiting in
 * all, the call is refused at once with 429 TOO_MANY_CONCURRENT (details: kind, limit). Per server instance.
 */
import { ERROR_CODES } from '@portal/contract';
import { ApiError } from '../errors';

export interface GateLimits {
  /** Slots of the process. */
  slots: number;
  /** Slots one user may hold at once. */
  perUser: number;
  /** Calls of one user that may wait for a slot. */
  perUserQueued: number;
  /** Calls that may wait, all users together. */
  queued: number;
}

export type Owner = string | number;

interface Waiter {
  owner: Owner;
  seq: number;
  start(): void;
}

export class FairGate {
  private running = 0;
  private readonly runningBy = new Map<Owner, number>();
  private readonly waiting: Waiter[] = [];
  /** When each owner last got a slot (the turn counter): a slot goes to the owner served least recently. */
  private readonly servedAt = new Map<Owner, number>();
  private turn = 0;
  private arrivals = 0;
  /** Slots handed out since the process started (tests and benchmarks). */
  granted = 0;

  /** `limits` is read at each call, so a test or the configuration can change it. */
  constructor(
    readonly kind: string,
    private readonly limits: () => GateLimits,
  ) {}

  /** Slots in use and calls waiting. */
  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Resolves with the release function once the owner holds a slot; refused at once (429) over the owner's or
   * the process's queue, rejected with the signal's reason when `signal` aborts while waiting.
   */
  acquire(owner: Owner, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const limits = this.limits();
    if (this.running < limits.slots && (this.runningBy.get(owner) ?? 0) < limits.perUser && !this.waiting.length) {
      return Promise.resolve(this.grant(owner));
    }
    const mine = this.waiting.reduce((n, w) => n + (w.owner === owner ? 1 : 0), 0);
    if (mine >= limits.perUserQueued) return Promise.reject(this.refusal(limits.perUser + limits.perUserQueued));
    if (this.waiting.length >= limits.queued) return Promise.reject(this.refusal(limits.slots + limits.queued));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        this.forgetIfIdle(owner);
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        owner,
        seq: ++this.arrivals,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.grant(owner));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      this.dispatch();
    });
  }

  /** Runs `work` holding a slot. */
  async run<R>(owner: Owner, work: () => Promise<R>, signal?: AbortSignal): Promise<R> {
    const release = await this.acquire(owner, signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private refusal(limit: number): ApiError {
    return new ApiError(429, ERROR_CODES.TOO_MANY_CONCURRENT, `Too many ${this.kind}s running or waiting; wait until one ends`, { kind: this.kind, limit });
  }

  private grant(owner: Owner): () => void {
    this.running += 1;
    this.granted += 1;
    this.runningBy.set(owner, (this.runningBy.get(owner) ?? 0) + 1);
    this.servedAt.set(owner, ++this.turn);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      const left = (this.runningBy.get(owner) ?? 1) - 1;
      if (left > 0) this.runningBy.set(owner, left);
      else this.runningBy.delete(owner);
      this.forgetIfIdle(owner);
      this.dispatch();
    };
  }

  private forgetIfIdle(owner: Owner): void {
    if (!this.runningBy.has(owner) && !this.waiting.some((w) => w.owner === owner)) this.servedAt.delete(owner);
  }

  /** Starts waiting calls while slots are free: fewest running first, then the owner served least recently. */
  private dispatch(): void {
    const limits = this.limits();
    while (this.running < limits.slots) {
      let best: Waiter | null = null;
      let bestKey: [number, number, number] | null = null;
      for (const w of this.waiting) {
        const running = this.runningBy.get(w.owner) ?? 0;
        if (running >= limits.perUser) continue;
        const key: [number, number, number] = [running, this.servedAt.get(w.owner) ?? 0, w.seq];
        if (!bestKey || key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
          best = w;
          bestKey = key;
        }
      }
      if (!best) return;
      this.waiting.splice(this.waiting.indexOf(best), 1);
      best.start();
    }
  }
}
