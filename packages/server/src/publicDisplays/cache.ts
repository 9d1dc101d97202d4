/**
 * A small time-to-live cache of promises for the public displays: every caller asking for a key within
 * `ttlMs` of its load shares one answer (and one in-flight query), so many displays polling one library
 * cost one query per interval. A failed load is forgotten at once. Memory is bounded: expired entries are
 * swept whenever the map grows past `maxEntries`, and beyond that the oldest entries go.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && at - hit.at < this.ttlMs && at >= hit.at) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.sweep(at);
    return value;
  }

  /** Whether `key` holds a fresh entry (loads of several keys at once ask first, then batch the misses). */
  has(key: K): boolean {
    const hit = this.entries.get(key);
    const at = this.now();
    return hit !== undefined && at - hit.at < this.ttlMs && at >= hit.at;
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(at: number): void {
    for (const [key, entry] of this.entries) if (at - entry.at >= this.ttlMs) this.entries.delete(key);
    // Still too many fresh entries: drop the oldest (Map keeps insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
