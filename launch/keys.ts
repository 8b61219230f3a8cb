/**
 * API keys as every server takes them from its settings (the gateway, the edge's local run): plain keys
 * from API_KEYS hashed on load, and a keys file that lists SHA-256 digests (so it holds no secret).
 */
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BEARER_TOKEN, keyDigests, MIN_KEY_LENGTH } from '../contract/credentials.ts';

export interface ApiKey {
  /** For logs: the name given in the keys file, or the key's position in API_KEYS. Never the key. */
  name: string;
  digest: Buffer;
}

export const digestOf = (key: string): Buffer => hash('sha256', key, 'buffer');

/** `a,b,c` as in API_KEYS; throws on entries that are too short or could never be sent as a Bearer token. */
export function keysFromList(list: string, source = 'API_KEYS'): ApiKey[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .flatMap((key, index) => {
      if (key === '') return [];
      const where = `${source} entry ${index + 1}`;
      if (!BEARER_TOKEN.test(key)) throw new Error(`${where} has characters a Bearer token cannot carry (allowed: A-Z a-z 0-9 - . _ ~ + / and trailing =)`);
      if (key.length < MIN_KEY_LENGTH) throw new Error(`${where} is shorter than ${MIN_KEY_LENGTH} characters`);
      return [{ name: `${source}#${index + 1}`, digest: digestOf(key) }];
    });
}

/** A keys file: one SHA-256 hex digest per line, optionally followed by whitespace and a name (contract/credentials.ts). */
export const keysFromFile = (text: string, fileName: string): ApiKey[] =>
  keyDigests(text, fileName).map(({ name, digest }) => ({ name, digest: Buffer.from(digest, 'hex') }));

/** The keys listed in `file` (none for a file with none: every key revoked); throws an Error saying what is wrong with it. */
export function readKeysFile(file: string): ApiKey[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`API_KEYS_FILE ${file} cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
  return keysFromFile(text, file);
}
