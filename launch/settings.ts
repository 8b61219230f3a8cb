/**
 * The settings every server of dist reads the same way (`npm start`, `npm run serve:nginx`, `npm run
 * edge`): where to listen, which dist, which keys, which origins may call from a browser. Every
 * problem is collected, so a bad start reports all of them at once; none is fixed up silently. The
 * gateway's own settings (workers, timeouts, caches) are read by gateway/config.ts.
 */
import { resolve } from 'node:path';
import { readOrigins, type Origins } from '../contract/headers.ts';
import { keysFromList, readKeysFile, type ApiKey } from './keys.ts';

export interface ServeSettings {
  port: number;
  host: string;
  /** The keys of API_KEYS (and a key generated for the run); those of the keys file are read where it is served. */
  keys: ApiKey[];
  keysFile: string | undefined;
  distDir: string;
  corsOrigins: Origins;
  production: boolean;
  /** How often manifest.json and the keys file are looked at for a change (0: only on SIGHUP). */
  watchMs: number;
}

export type Env = Record<string, string | undefined>;

export const SERVE_DEFAULTS = { port: 3000, host: '127.0.0.1', watchMs: 2000 };
export const MAX_MS = 600_000;

function readPort(value: string | undefined, problems: string[]): number {
  if (value === undefined || value === '') return SERVE_DEFAULTS.port;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (port >= 0 && port <= 65535) return port;
  problems.push(`PORT must be a number from 0 to 65535, not ${JSON.stringify(value)}`);
  return SERVE_DEFAULTS.port;
}

/** A whole number from `min` to `max`; `fallback` when unset. */
export function readCount(name: string, value: string | undefined, min: number, max: number, fallback: number, problems: string[]): number {
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

/** The shared settings from an environment-shaped object; each problem is pushed onto `problems`. */
export function readServeSettings(env: Env, defaultDistDir: string, problems: string[]): ServeSettings {
  const settings: ServeSettings = {
    port: readPort(env.PORT, problems),
    host: env.HOST || SERVE_DEFAULTS.host,
    keys: readKeys(env, problems),
    keysFile: env.API_KEYS_FILE || undefined,
    distDir: resolve(env.DIST_DIR || defaultDistDir),
    corsOrigins: readOrigins(env.CORS_ORIGINS, problems),
    production: env.NODE_ENV === 'production',
    watchMs: readCount('WATCH_DIST_MS', env.WATCH_DIST_MS, 0, MAX_MS, SERVE_DEFAULTS.watchMs, problems),
  };
  if (settings.production && settings.keys.length === 0 && !settings.keysFile) {
    problems.push('NODE_ENV=production and no API key is configured: set API_KEYS or API_KEYS_FILE');
  }
  return settings;
}
