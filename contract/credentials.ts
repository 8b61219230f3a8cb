/**
 * How a request presents its key, the same on every tier: `Authorization: Bearer <key>` (RFC 6750),
 * the scheme in any case, the key exactly as issued (compared byte for byte, case included).
 */
import type { Refusal } from './problems.ts';

/** RFC 6750 b64token: what a Bearer credential may contain. */
export const BEARER_TOKEN_SOURCE = '[A-Za-z0-9._~+/-]+=*';
const BEARER = new RegExp(`^[Bb][Ee][Aa][Rr][Ee][Rr] +(${BEARER_TOKEN_SOURCE})$`);
export const BEARER_TOKEN = new RegExp(`^${BEARER_TOKEN_SOURCE}$`);
/** Shorter keys are refused by configuration: a key must not be guessable. */
export const MIN_KEY_LENGTH = 16;

/**
 * The key an Authorization header presents, or why it presents none: `missing` without a header (or
 * an empty one), `malformed` for anything but one `Bearer <token>` (two headers joined with a comma
 * included: a Fetch runtime joins them so, and node:http is told of them by the tier).
 */
export function presentedKey(header: string | null | undefined): string | Exclude<Refusal, 'unknown'> {
  const value = header?.trim();
  if (!value) return 'missing';
  return BEARER.exec(value)?.[1] ?? 'malformed';
}

/** A key as a tier holds it: a name for logs (never the key) and the lower-case hex SHA-256 of the key. */
export interface KeyDigest {
  name: string;
  digest: string;
}

/**
 * A keys file (API_KEYS_FILE; on the edge, the API_KEY_DIGESTS secret): one SHA-256 hex digest per
 * line, optionally followed by whitespace and a name; `#` starts a comment. Throws saying which line is wrong.
 */
export function keyDigests(text: string, source: string): KeyDigest[] {
  const keys: KeyDigest[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const [hex, ...name] = line.split(/\s+/);
    const where = `${source} line ${index + 1}`;
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`${where}: expected a SHA-256 digest (64 hex digits), then an optional name`);
    const digest = hex.toLowerCase();
    if (seen.has(digest)) throw new Error(`${where}: repeats the digest of line ${seen.get(digest)}`);
    seen.set(digest, index + 1);
    keys.push({ name: name.join(' ') || `${source}:${index + 1}`, digest });
  });
  return keys;
}
