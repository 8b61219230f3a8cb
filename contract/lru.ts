/** What an entry is kept under: a string, or an object (looked up by identity, without hashing a string). */
export type CacheId = string | object;

/** A least-recently-used map bounded by the total size of its values, as the caller measures them: one per app. */
export class SizeBoundedLru<V> {
  #entries = new Map<CacheId, { value: V; size: number }>();
  #used = 0;
  #newest: CacheId | undefined;

  constructor(readonly budget: number) {}

  get(key: CacheId): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: re-inserting marks the entry as the most recently used (unless it is already).
    if (key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.#newest = key;
    }
    return entry.value;
  }

  /** Keeps `value` unless it alone is larger than the budget, pushing out the least recently used. */
  set(key: CacheId, value: V, size: number): void {
    if (size > this.budget) return;
    this.delete(key);
    this.#entries.set(key, { value, size });
    this.#newest = key;
    this.#used += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#used <= this.budget) break;
      this.#entries.delete(oldest);
      this.#used -= entry.size;
    }
  }

  delete(key: CacheId): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#used -= entry.size;
    if (key === this.#newest) this.#newest = undefined;
  }
}
