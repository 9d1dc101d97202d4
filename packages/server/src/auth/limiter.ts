/**
 * A concurrency cap with a bounded queue: at most `concurrency` tasks run at once, at most `maxQueued`
 * wait; beyond that `run` rejects at once with the `onFull` error. Password hashing (argon2id, 19 MiB and
 * tens of milliseconds each) goes through one, so a burst of sign-ins cannot take every core and the
 * memory of the server.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** Most tasks seen running at once (tests read it). */
  peak = 0;

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
    private readonly onFull: () => Error,
  ) {}

  /** Tasks running and waiting (the /metrics queue gauges). */
  get stats(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxQueued) throw this.onFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter (active stays the same), or is freed.
      if (next) next();
      else this.active -= 1;
    }
  }
}
