/**
 * A node:cluster primary: forks WORKERS processes that each serve (main.ts run again, as a worker)
 * and share the port, the primary accepting connections and handing them out; it serves nothing
 * itself. A worker that cannot start stops the whole start (exit 1); one that dies later is replaced.
 * Signals are passed on to every worker: SIGHUP reloads, SIGTERM and SIGINT drain, after which the
 * primary exits 0 once every worker has. Workers report here what the primary prints once for all,
 * and the fair share's charges, which the primary passes on to the other workers.
 */
import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Charges } from './fair-share.ts';

export type WorkerMessage =
  | { type: 'listening'; address: AddressInfo; release: string }
  | { type: 'stopped'; open: number }
  /** The dist served does not match its manifest (main.ts: VERIFY_DIST). */
  | { type: 'damaged'; lines: string[] }
  /** Fair-share charges (fair-share.ts), passed on to every other worker. */
  | { type: 'fair-share'; charges: Charges };

export interface ClusterOptions {
  workers: number;
  /** Added to each worker's environment. */
  env: Record<string, string>;
  say: (line: string) => void;
  fail: (lines: string[], why?: string) => void;
  /** Once every worker listens. */
  onListening: (address: AddressInfo, release: string) => void;
}

export function runCluster({ workers, env, say, fail, onListening }: ClusterOptions): void {
  cluster.setupPrimary({ exec: join(import.meta.dirname, 'start.cjs') });
  const listening = new Set<Worker>();
  let announced = false;
  let draining: NodeJS.Signals | undefined;
  let failed = false;
  const stopped = new Map<Worker, number>();
  const live = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
  const stopAll = () => {
    for (const worker of live()) worker.process.kill('SIGKILL');
  };
  const allStopped = () => {
    if (stopped.size < live().length) return;
    const open = [...stopped.values()].reduce((sum, count) => sum + count, 0);
    say(`${draining}: stopped accepting connections; draining ${open} open request(s)`);
  };

  const fork = () =>
    cluster.fork(env).on('message', function (this: Worker, message: WorkerMessage) {
      if (message.type === 'listening') {
        listening.add(this);
        if (!announced && listening.size === workers) {
          announced = true;
          onListening(message.address, message.release);
        }
      } else if (message.type === 'stopped' && draining) {
        stopped.set(this, message.open);
        allStopped();
      } else if (message.type === 'fair-share') {
        for (const other of live()) if (other !== this && other.isConnected()) other.send(message);
      } else if (message.type === 'damaged') {
        stopAll();
        fail(message.lines, 'stopping');
      }
    });

  cluster.on('exit', (worker, code, signal) => {
    const served = listening.delete(worker);
    if (draining) {
      // A worker killed by the signal before it served had nothing to drain.
      if (code !== 0 && !(signal && !served)) failed = true;
      if (!stopped.has(worker)) allStopped();
      if (live().length > 0) return;
      say(failed ? 'drain: a worker did not finish cleanly' : 'drain: done');
      process.exit(failed ? 1 : 0);
    }
    if (!announced) {
      stopAll();
      return fail([`a worker exited (${code ?? signal}) before it was serving; see its output above`]);
    }
    say(`worker ${worker.process.pid} exited (${code ?? signal}); starting another`);
    fork();
  });

  const pass = (signal: NodeJS.Signals) =>
    process.on(signal, () => {
      if (draining) return;
      if (signal === 'SIGHUP') say(`SIGHUP: reloading in ${live().length} worker(s)`);
      else draining = signal;
      if (draining && live().length === 0) process.exit(0);
      for (const worker of live()) worker.process.kill(signal);
    });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) pass(signal);
  for (let i = 0; i < workers; i++) fork();
}
