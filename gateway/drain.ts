/**
 * Graceful shutdown: on a signal, stop accepting connections, let open requests finish, then call
 * `onDrained`. Requests that arrive meanwhile on kept-alive connections are answered with
 * `Connection: close`; connections are closed as soon as they fall idle. Returns the drain itself,
 * for a cluster worker that is told to drain by its primary rather than by a signal.
 */
import type { Server } from 'node:http';

export interface DrainOptions {
  signals?: NodeJS.Signals[];
  /** Give up waiting after this long and close whatever is still open. */
  timeoutMs?: number;
  log: (line: string) => void;
  /** Once the server accepts no more connections; by default a log line saying so. */
  onStopped?: (signal: NodeJS.Signals, open: number) => void;
  onDrained: (complete: boolean) => void;
}

export function drainOnSignals(server: Server, { signals = ['SIGTERM', 'SIGINT'], timeoutMs = 10_000, log, onStopped, onDrained }: DrainOptions): (signal: NodeJS.Signals) => void {
  let open = 0;
  let draining = false;

  server.on('request', (_req, res) => {
    open++;
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      open--;
      if (draining && open === 0) server.closeIdleConnections();
    });
  });

  const drain = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    const timer = setTimeout(() => {
      log(`drain: ${open} request(s) still open after ${timeoutMs} ms; closing them`);
      server.closeAllConnections();
      onDrained(false);
    }, timeoutMs);
    timer.unref();
    // close() also closes connections that are idle right now; busy ones close when they fall idle (above).
    server.close(() => {
      clearTimeout(timer);
      log('drain: done');
      onDrained(true);
    });
    if (onStopped) onStopped(signal, open);
    else log(`${signal}: stopped accepting connections; draining ${open} open request(s)`);
  };
  for (const signal of signals) process.once(signal, drain);
  return drain;
}
