/**
 * What `npm start` (gateway/main.ts), `npm run serve:nginx` and `npm run edge` say as they start: a key generated for the run
 * when none is configured, printed with a ready-to-paste curl line and the form page's link; and every
 * problem at once when they cannot start.
 */
import { randomBytes } from 'node:crypto';

/** A key for this run only: 256 random bits, base64url (a valid Bearer token). */
export const generateKey = (): string => randomBytes(32).toString('base64url');

/** The URL a person on this machine reaches a listening address at: a wildcard address as localhost. */
export function reachableOrigin(address: string, port: number): string {
  if (address === '0.0.0.0' || address === '::') return `http://localhost:${port}`;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/** The generated key, how to use it, and the form page with the key in the fragment (which a browser never sends: no log or Referer sees it). */
export function announceKey(say: (line: string) => void, origin: string, key: string, settings: string): void {
  say(`no API key configured (${settings}); this run accepts a generated one:`);
  console.log(`\n  ${key}\n\n  curl -H "Authorization: Bearer ${key}" ${origin}/v1/countries/BR\n`);
  say(`the form page, with this key: ${origin}/#key=${key}`);
}

/** Says why it cannot go on (`prefix` names who: `gateway: `), a line per problem, and exits 1. */
export function stopWith(prefix: string, lines: string[], why = 'cannot start'): never {
  console.error(`${prefix}${why}:\n${lines.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}
