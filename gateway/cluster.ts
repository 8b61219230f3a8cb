/**
 * node:cluster: the primary forks the workers, which share the port (the primary accepts and hands
 * connections out round-robin), and serves nothing itself. Workers report when they listen; a worker
 * that cannot start stops the whole start (exit 1), one that dies later is replaced. SIGTERM or SIGINT
 * to the primary drains every worker (each finishes its open requests), then the primary exits 0.
 * SIGHUP to the primary has every worker reload the dist (each serves the new one once it has opened it).
 * Each of the first workers checks a share of the dist's files once it listens (serve.ts); the
 * primary adds up their reports, and hands a share not reported to the worker replacing its own.
 */
import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { VerifyResult } from './verify-dist.ts';

export type WorkerMessage =
  | { type: 'listening'; address: AddressInfo; release: string }
  | { type: 'cannot-start'; lines: string[] }
  | { type: 'stopped'; signal: NodeJS.Signals; open: number }
  | { type: 'verified'; result: VerifyResult; ms: number };
export type PrimaryMessage = { type: 'drain'; signal: NodeJS.Signals } | { type: 'reload'; reason: string };

export interface ClusterOptions {
  workers: number;
  /** Added to each worker's environment. */
  env: Record<string, string>;
  say: (line: string) => void;
  fail: (lines: string[]) => void;
  /** Once every worker listens. */
  onListening: (address: AddressInfo, release: string) => void;
  /** Once every share of the files has been checked (when VERIFY_DIST is not off). */
  onVerified: (result: VerifyResult, ms: number) => void;
}

/** The environment variable that gives a worker its share of the files to check: `index/count`, or empty for none. */
export const VERIFY_SHARE_ENV = 'GATEWAY_VERIFY_SHARE';

export function runCluster(options: ClusterOptions): void {
  // Workers load the TypeScript through tsx's in-thread require hook (worker.cjs), and keep their memory
  // small: a 4 MB young generation instead of 16 (a worker's garbage is short-lived request objects),
  // and glibc's mmap threshold fixed at its default 128 KiB, so a large body read from disk is given back
  // to the system when freed rather than left in a heap that only grows (about 50 MB per worker under load);
  // and with gc exposed, for collections once their caches have let go of enough bodies (collector.ts).
  cluster.setupPrimary({ exec: join(import.meta.dirname, 'worker.cjs'), execArgv: ['--max-semi-space-size=4', '--expose-gc'] });
  const listening = new Set<Worker>();
  let announced = false;
  let draining: NodeJS.Signals | undefined;
  /** While draining: workers yet to stop accepting, the requests open in those that did, and how they exited. */
  const toStop = new Set<Worker>();
  let open = 0;
  let failed = false;
  /** The share of the files each worker checks until it reports, and what the reports add up to. */
  const shares = new Map<Worker, string>();
  const verified: VerifyResult = { files: 0, problems: [] };
  let reported = 0;
  let slowestMs = 0;

  const live = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
  const stoppedOne = (worker: Worker) => {
    if (!toStop.delete(worker) || toStop.size > 0) return;
    options.say(`${draining}: stopped accepting connections; draining ${open} open request(s)`);
  };

  const fork = (share = '') => {
    const worker = cluster.fork({ MALLOC_MMAP_THRESHOLD_: String(128 * 1024), ...options.env, [VERIFY_SHARE_ENV]: share });
    if (share) shares.set(worker, share);
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'cannot-start') {
        for (const other of live()) other.process.kill('SIGKILL');
        options.fail(message.lines);
      } else if (message.type === 'listening') {
        listening.add(worker);
        if (!announced && listening.size === options.workers) {
          announced = true;
          options.onListening(message.address, message.release);
        }
      } else if (message.type === 'stopped' && draining) {
        open += message.open;
        stoppedOne(worker);
      } else if (message.type === 'verified' && shares.delete(worker)) {
        verified.files += message.result.files;
        verified.problems.push(...message.result.problems);
        slowestMs = Math.max(slowestMs, message.ms);
        if (++reported < options.workers) return;
        // A damaged dist stops the gateway (onVerified exits): no worker goes on serving it meanwhile.
        if (verified.problems.length > 0) for (const other of live()) other.process.kill('SIGKILL');
        options.onVerified({ files: verified.files, problems: verified.problems.sort() }, slowestMs);
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const wasListening = listening.delete(worker);
    if (draining) {
      // A worker killed by the signal before it served anything had nothing to drain.
      if (code !== 0 && !(signal && !wasListening)) failed = true;
      stoppedOne(worker);
      if (live().length === 0) {
        options.say(failed ? 'drain: a worker did not finish cleanly' : 'drain: done');
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    if (!announced) return options.fail([`a worker exited (${code ?? signal}) before it was serving`]);
    options.say(`worker ${worker.process.pid} exited (${code ?? signal}); starting another`);
    const share = shares.get(worker);
    shares.delete(worker);
    fork(share);
  });

  const drain = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = signal;
    const workers = live();
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) {
      toStop.add(worker);
      worker.send({ type: 'drain', signal } satisfies PrimaryMessage);
    }
  };
  process.on('SIGTERM', drain);
  process.on('SIGINT', drain);
  process.on('SIGHUP', () => {
    if (draining) return;
    const workers = live();
    options.say(`SIGHUP: reloading the dist in ${workers.length} worker(s)`);
    for (const worker of workers) worker.send({ type: 'reload', reason: 'SIGHUP' } satisfies PrimaryMessage);
  });
  for (let i = 0; i < options.workers; i++) fork(`${i}/${options.workers}`);
}
