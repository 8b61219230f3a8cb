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
