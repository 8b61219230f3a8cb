/**
 * Configuration from an environment-shaped object (main.ts passes process.env): the settings every
 * server reads (launch/settings.ts) and the gateway's own. Every problem is collected, so a bad start
 * reports all of them at once; none is fixed up silently.
 */
import { availableParallelism } from 'node:os';
import { type Env, MAX_MS, readCount, readServeSettings, type ServeSettings } from '../launch/settings.ts';

export interface Config extends ServeSettings {
  /** Processes serving requests: 1 serves from the started process itself, more run a node:cluster (default: one per core). */
  workers: number;
  /** Milliseconds of a worker's time each key may use per second (fair-share.ts); 0, the default: no limit (a CDN in front limits rates). `npm start` sets 500. */
  fairShareMs: number;
  /** Memory for response bodies and search results, per serving process (CACHE_MB is the total, shared out; 0 keeps none). */
  cacheBytes: number;
  /** How dist is checked against its manifest before serving: every file's size, also its SHA-256, or not at all. */
  verifyDist: VerifyLevel;
  /** The lifetime of a connection (server.ts). */
  timeouts: Timeouts;
}

export interface Timeouts {
  /** For a client to send the request line and headers. */
  headersMs: number;
  /** For a client to send its whole request. */
  requestMs: number;
  /** For a kept-alive connection to bring its next request. */
  keepAliveMs: number;
  /** For a client to read what is sent to it: a connection that takes nothing for this long is closed. */
  sendMs: number;
}

export const VERIFY_LEVELS = ['sizes', 'full', 'off'] as const;
export type VerifyLevel = (typeof VERIFY_LEVELS)[number];

export const CONFIG_DEFAULTS = { cacheMb: 64, maxWorkers: 64, fairShareMs: 0 };
export const TIMEOUT_DEFAULTS: Timeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, sendMs: 30_000 };

function readVerifyLevel(value: string | undefined, problems: string[]): VerifyLevel {
  if (value === undefined || value === '') return 'sizes';
  if ((VERIFY_LEVELS as readonly string[]).includes(value)) return value as VerifyLevel;
  problems.push(`VERIFY_DIST must be one of ${VERIFY_LEVELS.join(', ')}, not ${JSON.stringify(value)}`);
  return 'sizes';
}

export function readConfig(env: Env, defaultDistDir: string): { config: Config; problems: string[] } {
  const problems: string[] = [];
  const config: Config = {
    ...readServeSettings(env, defaultDistDir, problems),
    // As nginx's `worker_processes auto`: one per core this process may use.
    workers: readCount('WORKERS', env.WORKERS, 1, CONFIG_DEFAULTS.maxWorkers, Math.min(availableParallelism(), CONFIG_DEFAULTS.maxWorkers), problems),
    fairShareMs: readCount('FAIR_SHARE_MS', env.FAIR_SHARE_MS, 0, 1000, CONFIG_DEFAULTS.fairShareMs, problems),
    cacheBytes: 0,
    verifyDist: readVerifyLevel(env.VERIFY_DIST, problems),
    timeouts: {
      headersMs: readCount('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 1, MAX_MS, TIMEOUT_DEFAULTS.headersMs, problems),
      requestMs: readCount('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 1, MAX_MS, TIMEOUT_DEFAULTS.requestMs, problems),
      keepAliveMs: readCount('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 1, MAX_MS, TIMEOUT_DEFAULTS.keepAliveMs, problems),
      sendMs: readCount('SEND_TIMEOUT_MS', env.SEND_TIMEOUT_MS, 1, MAX_MS, TIMEOUT_DEFAULTS.sendMs, problems),
    },
  };
  const { headersMs, requestMs } = config.timeouts;
  if (headersMs > requestMs) problems.push(`HEADERS_TIMEOUT_MS (${headersMs}) must not exceed REQUEST_TIMEOUT_MS (${requestMs})`);
  const cacheMb = readCount('CACHE_MB', env.CACHE_MB, 0, 1_000_000, CONFIG_DEFAULTS.cacheMb, problems);
  config.cacheBytes = Math.floor((cacheMb * 2 ** 20) / config.workers);
  return { config, problems };
}
