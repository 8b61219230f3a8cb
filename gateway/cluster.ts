/**
 * node:cluster: the primary forks the workers, which share the port (the primary accepts and hands
 * connections out round-robin), and serves nothing itself. Workers report when they listen; a worker
 * that cannot start stops the whole start (exit 1), one that dies later is replaced. SIGTERM or SIGINT
 * to the primary drains every worker (each finishes its open requests), then the primary exits 0.
 * SIGHUP to the primary has every worker reload the dist (each serves the new one once it has opened it).
 */
import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export type WorkerMessage =
  | { type: 'listening'; address: AddressInfo; release: string }
  | { type: 'cannot-start'; lines: string[] }
  | { type: 'stopped'; signal: NodeJS.Signals; open: number };
export type PrimaryMessage = { type: 'drain'; signal: NodeJS.Signals } | { type: 'reload'; reason: string };

export interface ClusterOptions {
  workers: number;
  /** Added to each worker's environment. */
  env: Record<string, string>;
  say: (line: string) => void;
  fail: (lines: string[]) => void;
  /** Once every worker listens. */
  onListening: (address: AddressInfo, release: string) => void;
}

export function runCluster(options: ClusterOptions): void {
  // Workers load the TypeScript through tsx's in-thread require hook (worker.cjs): quicker and smaller
  // than the --import tsx this process was started with.
  cluster.setupPrimary({ exec: join(import.meta.dirname, 'worker.cjs'), execArgv: [] });
  const listening = new Set<Worker>();
  let announced = false;
  let draining: NodeJS.Signals | undefined;
  /** While draining: workers yet to stop accepting, the requests open in those that did, and how they exited. */
  const toStop = new Set<Worker>();
  let open = 0;
  let failed = false;

  const live = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
  const stoppedOne = (worker: Worker) => {
    if (!toStop.delete(worker) || toStop.size > 0) return;
    options.say(`${draining}: stopped accepting connections; draining ${open} open request(s)`);
  };

  const fork = () => {
    const worker = cluster.fork(options.env);
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
    fork();
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
  for (let i = 0; i < options.workers; i++) fork();
}
