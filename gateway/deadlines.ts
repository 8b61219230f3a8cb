/**
 * Deadlines for many connections on one coarse timer.
 *
 * Why not socket.setTimeout: node restarts a socket's timer on every read and every write (a timer
 * list removal and insertion, and a read of libuv's clock), which cost about 8% of the fast path's
 * throughput on the 25 KB list (bench/README.md). Here setting a deadline is an assignment, and one
 * timer looks at every watched deadline once a tick. A deadline expires no sooner than asked and at
 * most one tick later, as node:http's own headers and request timeouts, which it checks on an interval
 * (connectionsCheckingInterval) in the same way.
 */

export interface Deadline {
  /** Expires after `ms` (at most one tick later), replacing the deadline set before. */
  after: (ms: number) => void;
  /** Stops watching; `onExpire` is never called after this. */
  remove: () => void;
}

export interface DeadlinesOptions {
  tickMs: number;
  /** Calls `tick` every `ms` until the function it returns is called; by default an unref'd setInterval. */
  every?: (tick: () => void, ms: number) => () => void;
}

/** The tick for timeouts as short as `timeoutsMs`: a quarter of the shortest, from 25 ms to 1 s. */
export function tickFor(...timeoutsMs: number[]): number {
  return Math.min(1000, Math.max(25, Math.floor(Math.min(...timeoutsMs) / 4)));
}

function unrefInterval(tick: () => void, ms: number): () => void {
  const interval = setInterval(tick, ms).unref();
  return () => clearInterval(interval);
}

interface Watched {
  /** The tick at which it expires. */
  at: number;
  onExpire: () => void;
}

/** Returns what makes a deadline; the timer runs only while one is watched. */
export function deadlines({ tickMs, every = unrefInterval }: DeadlinesOptions): (onExpire: () => void) => Deadline {
  if (!(tickMs > 0)) throw new Error(`deadlines: tickMs must be positive, got ${tickMs}`);
  const watched = new Set<Watched>();
  let ticks = 0;
  let stop: (() => void) | undefined;

  const tick = () => {
    ticks++;
    for (const deadline of watched) {
      if (deadline.at > ticks) continue;
      deadline.at = Infinity;
      deadline.onExpire();
    }
  };
  const unwatch = (deadline: Watched) => {
    watched.delete(deadline);
    if (watched.size === 0 && stop) {
      stop();
      stop = undefined;
    }
  };

  return (onExpire) => {
    const deadline: Watched = { at: Infinity, onExpire };
    watched.add(deadline);
    stop ??= every(tick, tickMs);
    return {
      // The next tick may come at once: one tick more than `ms` makes sure `ms` passes.
      after: (ms) => { deadline.at = ticks + Math.ceil(ms / tickMs) + 1; },
      remove: () => unwatch(deadline),
    };
  };
}
