/**
 * A full garbage collection once the caches have let go of enough bodies, so that what a worker holds
 * stays near its cache budget while the cache turns over.
 *
 * Why: a body kept in a cache outlives a few young-generation collections and moves to the old one,
 * whose buffers V8 frees only at a full collection. It starts one by itself once about 64 MB of
 * memory outside its heap has been allocated since the last (its external-memory soft limit), per
 * process. A worker reading a dist larger than its cache (each locale's 1 MB list, say) lets that
 * much pile up on top of its cache, in each worker: the gateway's RSS then went past its 400 MB target.
 * Collecting after `everyBytes` released bounds the pile at about that; `maxShare` bounds the time
 * it costs (a collection of a worker's heap takes 30-60 ms here), past which V8's own limit applies again.
 */

export interface CollectorOptions {
  /** Collect once this many bytes have been released since the last collection. */
  everyBytes: number;
  /** The largest share of time spent collecting: 0.1 has a collection that took 30 ms wait 270 ms before the next. */
  maxShare: number;
  /** A full collection: node's `gc`, there with --expose-gc (cluster workers run with it). Without one nothing happens here. */
  collect: (() => void) | undefined;
  now?: () => number;
  /** Runs `task` after `delayMs`, without keeping the process alive; 0 runs it once the current I/O is handled. */
  schedule?: (task: () => void, delayMs: number) => void;
}

/** Tells the collector that a cache has let go of `bytes`. */
export type Released = (bytes: number) => void;

function scheduleUnref(task: () => void, delayMs: number): void {
  if (delayMs <= 0) setImmediate(task).unref();
  else setTimeout(task, delayMs).unref();
}

export function collector({ everyBytes, maxShare, collect, now = performance.now.bind(performance), schedule = scheduleUnref }: CollectorOptions): Released {
  if (!collect) return () => {};
  let released = 0;
  let scheduled = false;
  let notBefore = -Infinity;
  const run = () => {
    scheduled = false;
    released = 0;
    const started = now();
    collect();
    const finished = now();
    notBefore = finished + (finished - started) * (1 / maxShare - 1);
  };
  return (bytes) => {
    released += bytes;
    if (released < everyBytes || scheduled) return;
    scheduled = true;
    schedule(run, Math.max(0, notBefore - now()));
  };
}
