/**
 * A fair share of the gateway for each key, enforced only while others wait: a token bucket of
 * milliseconds of a worker's time, filled at `msPerSecond` up to one second's worth, emptied by the
 * time each of the key's requests takes from the moment its handler starts (reading the target and
 * the query included), counted as the process ran. A key whose bucket is empty gets 429 only while another key that has used less
 * of its share has been served within the last second: a key alone is never refused, however much it
 * asks, and of two keys over their share the heavier waits, so neither gets more than the other.
 *
 * In a cluster each worker tells the others (through the primary, every SHARE_EVERY_MS) what it
 * charged, and takes their charges from its own buckets: the share is of the whole gateway, not of
 * each worker, and a key busy on another worker counts as one waiting here.
 *
 * Requests without a valid key are bounded per connection: while a key is being served, a connection
 * gets REFUSALS.burst refusals at once, then REFUSALS.perSecond, each held until it is due. Per
 * client address is left to what stands in front (a proxy makes every client one address).
 * The fields of a 429 are the IETF's (draft-ietf-httpapi-ratelimit-headers), in worker-ms per second.
 */
import { performance as perfHooks } from 'node:perf_hooks';
import type { Problem } from '../contract/problems.ts';

const loopUse = perfHooks.eventLoopUtilization;

/** `unshared`: ms charged here and not yet told to the other workers. */
interface Bucket {
  tokens: number;
  filledAt: number;
  unshared: number;
}
export type Charges = [key: string, ms: number][];

/** How long a key served counts as waiting for the others (and paces refusals: refusalDelay). */
export const WAITING_MS = 1000;
const SHARE_EVERY_MS = 100;
/** However busy the machine, a request is charged at least this share of its wall time. */
const MIN_RUNNING = 0.1;
const REFUSALS = { burst: 20, perSecond: 10 };
const MAX_REFUSAL_DELAY_MS = 1000;

export class FairShare {
  readonly #msPerSecond: number;
  readonly #buckets = new Map<string, Bucket>();
  readonly #policy: string;
  /** The key served last, and the last one served other than it: enough to tell whether another key waits. */
  #last = { key: '', at: -Infinity };
  #other = { key: '', at: -Infinity };
  /** How much of its busy time this process had the CPU, over the last interval. */
  #running = 1;
  readonly #refusals = new WeakMap<object, { tokens: number; filledAt: number }>();

  /** `share`, in a cluster: sends this worker's charges to the others (see chargedElsewhere). */
  constructor(msPerSecond: number, share?: (charges: Charges) => void) {
    this.#msPerSecond = msPerSecond;
    this.#policy = `"fair-share";q=${msPerSecond};w=1;qu="worker-ms"`;
    // A handler's wall time counts time the machine gave other processes: scaled by the CPU time this
    // process had over the time its event loop was busy in the last interval (one getrusage per
    // interval, not two per request).
    let cpu = process.cpuUsage();
    let loop = loopUse();
    setInterval(() => {
      const used = process.cpuUsage(cpu);
      const { active } = loopUse(loop);
      if (active > 1) this.#running = Math.min(1, Math.max(MIN_RUNNING, (used.user + used.system) / 1000 / active));
      cpu = process.cpuUsage();
      loop = loopUse();
    }, SHARE_EVERY_MS).unref();
    if (share) {
      setInterval(() => {
        const charges: Charges = [];
        for (const [key, bucket] of this.#buckets) {
          if (bucket.unshared > 0) charges.push([key, bucket.unshared]);
          bucket.unshared = 0;
        }
        if (charges.length > 0) share(charges);
      }, SHARE_EVERY_MS).unref();
    }
  }

  /** The 429 for `key` when its share is used up at `now` (performance.now()) while another key waits, else undefined. */
  refusal(key: string, now: number): Problem | undefined {
    this.#served(key, now);
    const bucket = this.#bucket(key, now);
    if (bucket.tokens > 0 || !this.#lighterWaits(key, bucket.tokens, now)) return undefined;
    const seconds = Math.max(1, Math.ceil(-bucket.tokens / this.#msPerSecond));
    return {
      code: 'rate_limited',
      detail: `This key has used its share of the server for now; try again in ${seconds} s.`,
      // Closed: requests pipelined behind a refused one are not answered one by one.
      headers: [
        ['Retry-After', String(seconds)],
        ['RateLimit-Policy', this.#policy],
        ['RateLimit', `"fair-share";r=0;t=${seconds}`],
        ['Connection', 'close'],
      ],
    };
  }

  /** Takes the `ms` a request of `key` took from its share. */
  charge(key: string, ms: number): void {
    const bucket = this.#buckets.get(key);
    if (!bucket) return;
    bucket.tokens -= ms * this.#running;
    bucket.unshared += ms * this.#running;
  }

  /** Charges another worker made: taken from the buckets here, and each key counted as served. */
  chargedElsewhere(charges: Charges, now: number): void {
    for (const [key, ms] of charges) {
      this.#served(key, now);
      this.#bucket(key, now).tokens -= ms;
    }
  }

  /**
   * How long to hold the refusal of a request for its credentials (no key, a wrong one) on `connection`:
   * 0 within its bound, or while no key is served; past it, until the connection's next refusal is due.
   * Paced rather than closed: a closed connection is opened again at once, at a cost to every process.
   */
  refusalDelay(connection: object, now: number): number {
    if (now - this.#last.at >= WAITING_MS) return 0;
    let bucket = this.#refusals.get(connection);
    if (!bucket) this.#refusals.set(connection, (bucket = { tokens: REFUSALS.burst, filledAt: now }));
    bucket.tokens = Math.min(REFUSALS.burst, bucket.tokens + ((now - bucket.filledAt) / 1000) * REFUSALS.perSecond);
    bucket.filledAt = now;
    bucket.tokens -= 1;
    return bucket.tokens >= 0 ? 0 : Math.min(MAX_REFUSAL_DELAY_MS, (-bucket.tokens / REFUSALS.perSecond) * 1000);
  }

  #served(key: string, now: number): void {
    if (this.#last.key === key) {
      this.#last.at = now;
      return;
    }
    this.#other = this.#last;
    this.#last = { key, at: now };
  }

  /** Whether another key served within WAITING_MS has used less of its share than `key` (`tokens` left). */
  #lighterWaits(key: string, tokens: number, now: number): boolean {
    const other = this.#last.key === key ? this.#other : this.#last;
    return now - other.at < WAITING_MS && this.#bucket(other.key, now).tokens > tokens;
  }

  #bucket(key: string, now: number): Bucket {
    let bucket = this.#buckets.get(key);
    if (!bucket) this.#buckets.set(key, (bucket = { tokens: this.#msPerSecond, filledAt: now, unshared: 0 }));
    bucket.tokens = Math.min(this.#msPerSecond, bucket.tokens + ((now - bucket.filledAt) / 1000) * this.#msPerSecond);
    bucket.filledAt = now;
    return bucket;
  }
}
