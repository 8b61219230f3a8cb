/**
 * Comparing tiers: one request, as raw bytes, sent to each tier; what a client reads of each answer
 * (status, problem code, the body decoded, the contract's headers) and the differences between two.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { exchange } from './raw-http.ts';

export interface Tier {
  name: string;
  port: number;
}

export interface Answer {
  status: number;
  /** The problem's `code`, for an error. */
  code?: string;
  /** The body as sent before any Content-Encoding. */
  body: Buffer;
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
}

/** The headers a client reads, as the contract writes them (framing, Date and Server are each tier's own). */
export const COMPARED_HEADERS = [
  'content-type',
  'etag',
  'cache-control',
  'content-language',
  'data-release',
  'www-authenticate',
  'allow',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'vary',
  'x-content-type-options',
];

function headersOf(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return headers;
}

/** The answer of `tier` to `request` (raw bytes, one request); status 0 when the connection ended without one. */
export async function ask(tier: Tier, request: Buffer, method: string): Promise<Answer> {
  const [reply] = await exchange(tier.port, request, [method]).catch(() => []);
  if (!reply) return { status: 0, body: Buffer.alloc(0), headers: {} };
  const headers = headersOf(reply.head);
  const coding = headers['content-encoding'];
  let body = reply.body;
  try {
    // A HEAD or 304 answer names the coding its body would have, and has none.
    if (reply.body.length === 0) body = reply.body;
    else if (coding === 'br') body = brotliDecompressSync(reply.body);
    else if (coding === 'gzip') body = gunzipSync(reply.body);
  } catch (error) {
    // A difference to report with the request, not a failure of the whole comparison.
    body = Buffer.from(`(a ${coding} body of ${reply.body.length} bytes that does not decode: ${(error as Error).message})`);
  }
  let code: string | undefined;
  if (reply.status >= 400) {
    try {
      code = JSON.parse(body.toString('utf8')).code;
    } catch {
      /* compared as bytes anyway */
    }
  }
  return { status: reply.status, code, body, headers };
}

/** What differs between two answers to one request, by what a client reads: [] when they agree. */
export function differences(a: Answer, b: Answer): string[] {
  const found: string[] = [];
  if (a.status !== b.status) found.push(`status ${a.status} / ${b.status}`);
  if (a.code !== b.code) found.push(`code ${a.code} / ${b.code}`);
  if (!a.body.equals(b.body)) found.push('body');
  for (const name of COMPARED_HEADERS) {
    // Vary is a set; its order is each tier's own.
    const value = (answer: Answer) =>
      name === 'vary'
        ? answer.headers.vary
            ?.split(/\s*,\s*/)
            .sort()
            .join(', ')
        : answer.headers[name];
    if (value(a) !== value(b)) found.push(`${name}: ${value(a)} / ${value(b)}`);
  }
  return found;
}
