/**
 * Serving one dist on one process: open it, create the app, listen with bounded timeouts (server.ts),
 * log each request (buffered) and drain on SIGTERM/SIGINT. Used by start.ts when it serves alone,
 * and by each cluster worker.
 */
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { openDist, type Dist } from './dist.ts';
import { drainOnSignals } from './drain.ts';
import { bufferedLog } from './log-sink.ts';
import { createGatewayServer } from './server.ts';

export interface ServeHooks {
  /** Lines about the server itself (start, drain). */
  say: (line: string) => void;
  /** A start-up failure, such as a port already in use. */
  fail: (lines: string[]) => void;
  onListening: (address: AddressInfo, dist: Dist) => void;
  /** See drainOnSignals; by default a log line. */
  onStopped?: (signal: NodeJS.Signals, open: number) => void;
}

/** Opens the dist (throws DistError for a bad one) and starts listening; returns the drain trigger. */
export function serve(config: Config, hooks: ServeHooks): { server: Server; drain: (signal: NodeJS.Signals) => void } {
  const dist = openDist(config.distDir);
  const sink = bufferedLog();
  const app = createApp({ dist, keys: config.keys, corsOrigins: config.corsOrigins, cacheBytes: config.cacheBytes, log: sink.log });
  const server = createGatewayServer({
    headersTimeoutMs: config.headersTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
    keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    headers: () => ['Data-Release', dist.release.id],
  });
  const drain = drainOnSignals(server, {
    log: hooks.say,
    onStopped: hooks.onStopped,
    onDrained: (complete) => {
      sink.flush();
      process.exit(complete ? 0 : 1);
    },
  });
  server.on('request', app.handler as unknown as RequestListener);
  server.on('error', (error) => hooks.fail([`cannot listen on ${config.host}:${config.port}: ${error.message}`]));
  server.listen(config.port, config.host, () => hooks.onListening(server.address() as AddressInfo, dist));
  return { server, drain };
}
