/**
 * API keys are held only as SHA-256 digests: plain keys from configuration are hashed on load, and a
 * keys file lists digests (so it holds no secret). A presented key is hashed and compared with every
 * digest in constant time; comparing equal-length digests means a key's length leaks nothing either.
 */
import { hash, timingSafeEqual } from 'node:crypto';

export interface ApiKey {
  /** For logs: the name given in the keys file, or the key's position in API_KEYS. Never the key. */
  name: string;
  digest: Buffer;
}

/** RFC 6750 b64token: what a Bearer credential may contain. */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
export const MIN_KEY_LENGTH = 16;

export const digestOf = (key: string): Buffer => hash('sha256', key, 'buffer');

/** `a,b,c` as in API_KEYS; throws on entries that are too short or could never be sent as a Bearer token. */
export function keysFromList(list: string, source = 'API_KEYS'): ApiKey[] {
  const entries = list.split(',').map((entry) => entry.trim());
  return entries.flatMap((key, index) => {
    if (key === '') return [];
    const where = `${source} entry ${index + 1}`;
    if (!BEARER_TOKEN.test(key)) throw new Error(`${where} has characters a Bearer token cannot carry (allowed: A-Z a-z 0-9 - . _ ~ + / and trailing =)`);
    if (key.length < MIN_KEY_LENGTH) throw new Error(`${where} is shorter than ${MIN_KEY_LENGTH} characters`);
    return [{ name: `${source}#${index + 1}`, digest: digestOf(key) }];
  });
}

/** A keys file: one SHA-256 hex digest per line, optionally followed by whitespace and a name; `#` starts a comment. */
export function keysFromFile(text: string, fileName: string): ApiKey[] {
  const keys: ApiKey[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const [hex, ...name] = line.split(/\s+/);
    const where = `${fileName} line ${index + 1}`;
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`${where}: expected a SHA-256 digest (64 hex digits), then an optional name`);
    const digest = hex.toLowerCase();
    if (seen.has(digest)) throw new Error(`${where}: repeats the digest of line ${seen.get(digest)}`);
    seen.set(digest, index + 1);
    keys.push({ name: name.join(' ') || `${fileName}:${index + 1}`, digest: Buffer.from(digest, 'hex') });
  });
  return keys;
}

/** The configured key matching `presented`, checking every key so the time taken does not depend on which matched. */
export function findKey(keys: readonly ApiKey[], presented: string): ApiKey | undefined {
  const digest = digestOf(presented);
  let found: ApiKey | undefined;
  for (const key of keys) {
    if (timingSafeEqual(key.digest, digest) && !found) found = key;
  }
  return found;
}
