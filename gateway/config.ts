/**
 * Configuration from an environment-shaped object (start.ts passes process.env). Every problem is
 * collected, so a bad start reports all of them at once; none is fixed up silently.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { keysFromFile, keysFromList, type ApiKey } from './keys.ts';
import { SERVER_DEFAULTS } from './server.ts';

export interface Config {
  port: number;
  host: string;
  keys: ApiKey[];
  distDir: string;
  corsOrigins: '*' | string[];
  production: boolean;
  /** Processes serving requests: 1 serves from the started process itself, more run a node:cluster. */
  workers: number;
  /** Memory for response bodies, per serving process (CACHE_MB is the total, shared out). */
  cacheBytes: number;
  /** How dist is checked against its manifest before serving: every file's size, also its SHA-256, or not at all. */
  verifyDist: VerifyLevel;
  /** Time for a client to send its headers, its whole request, and to start another on a kept-alive connection (server.ts). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How often manifest.json is looked at for a new build (0: only on SIGHUP). */
  watchMs: number;
  /** Whether common requests are answered from memory before node:http (fast-path.ts); FAST_PATH=off leaves all to node:http. */
  fastPath: boolean;
}

export const VERIFY_LEVELS = ['sizes', 'full', 'off'] as const;
export type VerifyLevel = (typeof VERIFY_LEVELS)[number];

export const CONFIG_DEFAULTS = { port: 3000, host: '127.0.0.1', cacheMb: 64, maxWorkers: 64, watchMs: 2000 };
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

function readOrigins(value: string | undefined, problems: string[]): '*' | string[] {
  if (value === undefined || value.trim() === '' || value.trim() === '*') return '*';
  const origins = value.split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) {
    let canonical: string | undefined;
    try {
      const url = new URL(origin);
      if (url.protocol === 'http:' || url.protocol === 'https:') canonical = url.origin;
    } catch { /* reported below */ }
    if (canonical !== origin) {
      problems.push(`CORS_ORIGINS entry ${JSON.stringify(origin)} is not an origin like https://app.example.com`
        + (canonical ? ` (did you mean ${canonical}?)` : ''));
    }
  }
  return origins;
}

function readKeys(env: Env, problems: string[]): ApiKey[] {
  const keys: ApiKey[] = [];
  try {
    if (env.API_KEYS) keys.push(...keysFromList(env.API_KEYS));
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (env.API_KEYS_FILE) {
    try {
      const fromFile = keysFromFile(readFileSync(env.API_KEYS_FILE, 'utf8'), env.API_KEYS_FILE);
      if (fromFile.length === 0) problems.push(`API_KEYS_FILE ${env.API_KEYS_FILE} lists no keys`);
      keys.push(...fromFile);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problems.push(code ? `API_KEYS_FILE ${env.API_KEYS_FILE} cannot be read (${code})` : (error as Error).message);
    }
  }
  return keys;
}

function readSwitch(name: string, value: string | undefined, problems: string[]): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  problems.push(`${name} must be on or off, not ${JSON.stringify(value)}`);
  return true;
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
    distDir: resolve(env.DIST_DIR || defaultDistDir),
    corsOrigins: readOrigins(env.CORS_ORIGINS, problems),
    production: env.NODE_ENV === 'production',
    workers: readCount('WORKERS', env.WORKERS, 1, CONFIG_DEFAULTS.maxWorkers, Math.min(availableParallelism(), CONFIG_DEFAULTS.maxWorkers), problems),
    cacheBytes: 0,
    verifyDist: readVerifyLevel(env.VERIFY_DIST, problems),
    headersTimeoutMs: readCount('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 1, MAX_MS, SERVER_DEFAULTS.headersTimeoutMs, problems),
    requestTimeoutMs: readCount('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 1, MAX_MS, SERVER_DEFAULTS.requestTimeoutMs, problems),
    keepAliveTimeoutMs: readCount('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 1, MAX_MS, SERVER_DEFAULTS.keepAliveTimeoutMs, problems),
    watchMs: readCount('WATCH_DIST_MS', env.WATCH_DIST_MS, 0, MAX_MS, CONFIG_DEFAULTS.watchMs, problems),
    fastPath: readSwitch('FAST_PATH', env.FAST_PATH, problems),
  };
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    problems.push(`HEADERS_TIMEOUT_MS (${config.headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${config.requestTimeoutMs})`);
  }
  const cacheMb = readCount('CACHE_MB', env.CACHE_MB, 1, 1_000_000, CONFIG_DEFAULTS.cacheMb, problems);
  config.cacheBytes = Math.floor((cacheMb * 2 ** 20) / config.workers);
  if (config.production && config.keys.length === 0) {
    problems.push('NODE_ENV=production and no API key is configured: set API_KEYS or API_KEYS_FILE');
  }
  return { config, problems };
}
