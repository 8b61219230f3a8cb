/**
 * The edge's settings, from the Worker's bindings (worker.ts passes them): API_KEY_DIGESTS, a secret
 * in the keys-file format (contract/credentials.ts); CORS_ORIGINS as for `npm start`; EDGE_CACHE_MB,
 * the memory each isolate keeps bundles, search results and lists in. Every problem is collected.
 */
import { readOrigins, type Origins } from '../contract/headers.ts';
import { EdgeKeys } from './keys.ts';

export interface EdgeSettings {
  keys: EdgeKeys;
  corsOrigins: Origins;
  cacheBytes: number;
}

export type Bindings = Record<string, unknown>;

export const DEFAULT_CACHE_MB = 48;

export function readSettings(env: Bindings): { settings?: EdgeSettings; problems: string[] } {
  const problems: string[] = [];
  const text = (name: string) => (typeof env[name] === 'string' ? (env[name] as string) : undefined);
  let keys: EdgeKeys | undefined;
  try {
    keys = new EdgeKeys(text('API_KEY_DIGESTS') ?? '');
  } catch (error) {
    problems.push(`${(error as Error).message} (set it with \`wrangler secret put API_KEY_DIGESTS\`)`);
  }
  const corsOrigins = readOrigins(text('CORS_ORIGINS'), problems);
  const cacheMb = text('EDGE_CACHE_MB') ?? String(DEFAULT_CACHE_MB);
  if (!/^\d{1,4}$/.test(cacheMb)) problems.push(`EDGE_CACHE_MB must be a whole number of MiB up to 9999, not ${JSON.stringify(cacheMb)}`);
  if (problems.length > 0 || !keys) return { problems };
  return { settings: { keys, corsOrigins, cacheBytes: Number(cacheMb) * 2 ** 20 }, problems };
}
