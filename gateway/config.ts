/**
 * Configuration from an environment-shaped object (main.ts passes process.env). Every problem is
 * collected, so a bad start reports all of them at once; none is fixed up silently.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { readOrigins, type Origins } from '../contract/headers.ts';
import { keysFromList, readKeysFile, type ApiKey } from './auth.ts';

export interface Config {
  port: number;
  host: string;
  /** The keys of API_KEYS (and a key generated for the run); those of the keys file are read where it is served (auth.ts). */
  keys: ApiKey[];
  keysFile: string | undefined;
  distDir: string;
  corsOrigins: Origins;
  production: boolean;
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
  /** How often manifest.json and the keys file are looked at for a change (0: only on SIGHUP). */
  watchMs: number;
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

export const CONFIG_DEFAULTS = { port: 3000, host: '127.0.0.1', cacheMb: 64, maxWorkers: 64, watchMs: 2000, fairShareMs: 0 };
export const TIMEOUT_DEFAULTS: Timeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, sendMs: 30_000 };
const MAX_MS = 600_000;

type Env = Record<string, string | undefined>;

function readPort(value: string | undefined, problems: string[]): number {
  if (value === undefined || value === '') return CONFIG_DEFAULTS.port;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (port >= 0 && port <= 65535) return port;
  problems.push(`PORT must be a number from 0 to 65535, not ${JSON.stringify(value)}`);
  return CONFIG_DEFAULTS.port;
}

/** A whole number from `min` to `max`; `fallback` when unset. */
function readCount(name: string, value: string | undefined, min: number, max: number, fallback: number, problems: string[]): number {
  if (value === undefined || value === '') return fallback;
  const count = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (count >= min && count <= max) return count;
  problems.push(`${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  return fallback;
}

/** The keys of API_KEYS; the keys file is read here only to report what is wrong with it before serving. */
function readKeys(env: Env, problems: string[]): ApiKey[] {
  const problem = (read: () => ApiKey[]) => {
    try {
      return read();
    } catch (error) {
      problems.push((error as Error).message);
      return [];
    }
  };
  if (env.API_KEYS_FILE) problem(() => readKeysFile(env.API_KEYS_FILE!));
  return env.API_KEYS ? problem(() => keysFromList(env.API_KEYS!)) : [];
}

function readVerifyLevel(value: string | undefined, problems: string[]): VerifyLevel {
  if (value === undefined || value === '') return 'sizes';
  if ((VERIFY_LEVELS as readonly string[]).includes(value)) return value as VerifyLevel;
  problems.push(`VERIFY_DIST must be one of ${VERIFY_LEVELS.join(', ')}, not ${JSON.stringify(value)}`);
  return 'sizes';
}

export function readConfig(env: Env, defaultDistDir: string): { config: Config; problems: string[] } {
  const problems: string[] = [];
  const config: Config = {
    port: readPort(env.PORT, problems),
    host: env.HOST || CONFIG_DEFAULTS.host,
    keys: readKeys(env, problems),
    keysFile: env.API_KEYS_FILE || undefined,
    distDir: resolve(env.DIST_DIR || defaultDistDir),
    corsOrigins: readOrigins(env.CORS_ORIGINS, problems),
    production: env.NODE_ENV === 'production',
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
    watchMs: readCount('WATCH_DIST_MS', env.WATCH_DIST_MS, 0, MAX_MS, CONFIG_DEFAULTS.watchMs, problems),
  };
  const { headersMs, requestMs } = config.timeouts;
  if (headersMs > requestMs) problems.push(`HEADERS_TIMEOUT_MS (${headersMs}) must not exceed REQUEST_TIMEOUT_MS (${requestMs})`);
  const cacheMb = readCount('CACHE_MB', env.CACHE_MB, 0, 1_000_000, CONFIG_DEFAULTS.cacheMb, problems);
  config.cacheBytes = Math.floor((cacheMb * 2 ** 20) / config.workers);
  if (config.production && config.keys.length === 0 && !config.keysFile) {
    problems.push('NODE_ENV=production and no API key is configured: set API_KEYS or API_KEYS_FILE');
  }
  return { config, problems };
}
