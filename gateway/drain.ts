/**
 * Graceful shutdown: on a signal, stop accepting connections, let open requests finish, then call
 * `onDrained`. Requests that arrive meanwhile on kept-alive connections are answered with
 * `Connection: close`. A kept-alive connection idle at the signal may already carry the client's next
 * request, unread: under load, most do. Closing it then would reset that request, so idle connections
 * are given `idleGraceMs` to bring one (answered, with `Connection: close`) and only then closed, and
 * after that each as soon as it falls idle. Returns the drain itself, for a cluster worker that is
 * told to drain by its primary rather than by a signal.
 */
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastPath } from './fast-path.ts';

export interface DrainOptions {
  signals?: NodeJS.Signals[];
  /** Give up waiting after this long and close whatever is still open. */
  timeoutMs?: number;
  /** How long a connection idle at the signal may take to send a request before it is closed. */
  idleGraceMs?: number;
  log: (line: string) => void;
  /** Once the server accepts no more connections; by default a log line saying so. */
  onStopped?: (signal: NodeJS.Signals, open: number) => void;
  onDrained: (complete: boolean) => void;
  /** The connections it holds are closed with node:http's, and their requests go to node:http once draining. */
  fastPath?: FastPath;
}

export function drainOnSignals(server: Server, options: DrainOptions): (signal: NodeJS.Signals) => void {
  const { signals = ['SIGTERM', 'SIGINT'], timeoutMs = 10_000, idleGraceMs = 1000, log, onStopped, onDrained, fastPath } = options;
  const closeIdle = () => {
    server.closeIdleConnections();
    fastPath?.closeIdleConnections();
  };
  let open = 0;
  let draining = false;
  let closingIdle = false;

  server.on('request', (_req, res) => {
    open++;
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      open--;
      if (closingIdle && open === 0) closeIdle();
    });
  });

  const drain = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    fastPath?.drain();
    const timer = setTimeout(() => {
      log(`drain: ${open} request(s) still open after ${timeoutMs} ms; closing them`);
      server.closeAllConnections();
      fastPath?.closeAllConnections();
      onDrained(false);
    }, timeoutMs);
    timer.unref();
    // Not http's close(), which also drops every idle connection at once (see above); net's stops accepting.
    NetServer.prototype.close.call(server, () => {
      clearTimeout(timer);
      log('drain: done');
      onDrained(true);
    });
    setTimeout(() => {
      closingIdle = true;
      closeIdle();
    }, idleGraceMs).unref();
    if (onStopped) onStopped(signal, open);
    else log(`${signal}: stopped accepting connections; draining ${open} open request(s)`);
  };
  for (const signal of signals) process.once(signal, drain);
  return drain;
}
