/**
 * Serving one dist on one process: open it, create the app, listen with bounded timeouts (server.ts),
 * answer what can be answered from memory before node:http does (fast-path.ts, unless FAST_PATH=off),
 * check its share of the dist's files against the manifest once listening (VERIFY_DIST), log each
 * request (buffered), reload the dist on SIGHUP or when its manifest changes (live-dist.ts) and drain
 * on SIGTERM/SIGINT. Used by start.ts when it serves alone, and by each cluster worker.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { collector } from './collector.ts';
import type { Config } from './config.ts';
import type { Dist } from './dist.ts';
import { drainOnSignals } from './drain.ts';
import { fastPath } from './fast-path.ts';
import { LiveDist, type Handler } from './live-dist.ts';
import { bufferedLog } from './log-sink.ts';
import { createGatewayServer } from './server.ts';
import type { VerifyOptions, VerifyResult } from './verify-dist.ts';

export interface ServeHooks {
  /** Lines about the server itself (start, reload, drain). */
  say: (line: string) => void;
  /** A start-up failure, such as a port already in use. */
  fail: (lines: string[]) => void;
  onListening: (address: AddressInfo, dist: Dist) => void;
  /** See drainOnSignals; by default a log line. */
  onStopped?: (signal: NodeJS.Signals, open: number) => void;
  /** When its share of the files has been checked (see ServeOptions.verifyShare), unless a reload replaced that dist meanwhile. */
  onVerified?: (result: VerifyResult, ms: number) => void;
}

export interface ServeOptions {
  /**
   * Which files of the dist this process checks against the manifest once it listens (each cluster
   * worker a share, so the start waits for none of it); none when absent or VERIFY_DIST=off. Until a
   * damaged dist is found and the gateway stops, no damaged byte is served: every file read is
   * checked as it is read (bodies.ts).
   */
  verifyShare?: VerifyOptions['share'];
}

export interface Serving {
  server: Server;
  drain: (signal: NodeJS.Signals) => void;
  /** Opens the dist again and serves it once it opened and verified (SIGHUP does this). */
  reload: (reason: string) => Promise<void>;
}

/** A full collection after each 32 MB the caches let go of, taking at most a tenth of the time (collector.ts). */
const COLLECTION = { everyBytes: 32 * 2 ** 20, maxShare: 0.1 };

/** Opens the dist (throws DistError for a bad one) and starts listening. */
export function serve(config: Config, hooks: ServeHooks, options: ServeOptions = {}): Serving {
  const sink = bufferedLog();
  // One for the process, whichever dist its caches hold.
  const released = collector({ ...COLLECTION, collect: (globalThis as { gc?: () => void }).gc });
  const live = new LiveDist({
    dir: config.distDir,
    verify: config.verifyDist,
    watchMs: config.watchMs,
    log: hooks.say,
    createApp: (dist, retry) => {
      const app = createApp({ dist, keys: config.keys, corsOrigins: config.corsOrigins, cacheBytes: config.cacheBytes, released, log: sink.log, retry });
      return { handle: app.handler as unknown as Handler, answer: app.answer };
    },
  });
  if (live.dist.manifestSha256 === null) {
    hooks.say(`${config.distDir} has no manifest.columns.json (an older build): read manifest.json instead, a slower start; npm run build writes both`);
  }
  const server = createGatewayServer({
    headersTimeoutMs: config.headersTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
    keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    headers: () => ['Data-Release', live.dist.release.id],
  });
  const fast = config.fastPath ? fastPath(server, { ...config, answer: live.answer }) : undefined;
  const drain = drainOnSignals(server, {
    fastPath: fast,
    log: hooks.say,
    onStopped: hooks.onStopped,
    onDrained: (complete) => {
      sink.flush();
      process.exit(complete ? 0 : 1);
    },
  });
  const reload = (reason: string) => live.reload(reason, true);
  process.on('SIGHUP', () => void reload('SIGHUP'));
  server.on('request', live.handle);
  server.on('close', () => live.stop());
  server.on('error', (error) => hooks.fail([`cannot listen on ${config.host}:${config.port}: ${error.message}`]));
  server.listen(config.port, config.host, () => {
    hooks.onListening(server.address() as AddressInfo, live.dist);
    if (options.verifyShare && config.verifyDist !== 'off') {
      const started = performance.now();
      const release = live.dist.release.id;
      void live.checkServed({ hashes: config.verifyDist === 'full', share: options.verifyShare }).then((result) => {
        if (!result) return hooks.say(`start-up check of release ${release} dropped: a new build replaced it`);
        hooks.onVerified?.(result, performance.now() - started);
      });
    }
  });
  return { server, drain, reload };
}
