/**
 * A fair share of a worker for each key: a token bucket of milliseconds of the worker's time, filled
 * at `msPerSecond` up to one second's worth, emptied by the time each of the key's requests takes.
 * A key whose bucket is empty gets 429 until it fills again, so a key that floods the worker with
 * costly requests (searches of every view and limit) leaves the rest of the worker to the other keys.
 * The fields of the answer are the IETF's (draft-ietf-httpapi-ratelimit-headers): the quota is in
 * milliseconds of a worker's time per second.
 */
import type { Problem } from '../contract/problems.ts';

interface Bucket { tokens: number; filledAt: number }

export class FairShare {
  readonly #msPerSecond: number;
  readonly #buckets = new Map<string, Bucket>();
  readonly #policy: string;

  constructor(msPerSecond: number) {
    this.#msPerSecond = msPerSecond;
    this.#policy = `"fair-share";q=${msPerSecond};w=1;qu="worker-ms"`;
  }

  /** The 429 for `key` when its share is used up at `now` (performance.now()), else undefined. */
  refusal(key: string, now: number): Problem | undefined {
    const bucket = this.#bucket(key, now);
    if (bucket.tokens > 0) return undefined;
    const seconds = Math.max(1, Math.ceil(-bucket.tokens / this.#msPerSecond));
    return {
      code: 'rate_limited',
      detail: `This key has used its share of the server for now; try again in ${seconds} s.`,
      headers: [['Retry-After', String(seconds)], ['RateLimit-Policy', this.#policy], ['RateLimit', `"fair-share";r=0;t=${seconds}`]],
    };
  }

  /** Takes the `ms` a request of `key` took from its share. */
  charge(key: string, ms: number): void {
    const bucket = this.#buckets.get(key);
    if (bucket) bucket.tokens -= ms;
  }

  #bucket(key: string, now: number): Bucket {
    let bucket = this.#buckets.get(key);
    if (!bucket) this.#buckets.set(key, (bucket = { tokens: this.#msPerSecond, filledAt: now }));
    bucket.tokens = Math.min(this.#msPerSecond, bucket.tokens + ((now - bucket.filledAt) / 1000) * this.#msPerSecond);
    bucket.filledAt = now;
    return bucket;
  }
}
