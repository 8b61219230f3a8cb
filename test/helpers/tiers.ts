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
  /** The body as sent before any Content-Encoding (decoded when first read). */
  readonly body: Buffer;
  /** The body as it came, and its Content-Encoding. */
  sent: { body: Buffer; coding?: string };
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
}

/** The body without its Content-Encoding; one that does not decode is described in its place, a difference to report. */
function decoded(body: Buffer, coding: string | undefined): Buffer {
  try {
    // A HEAD or 304 answer names the coding its body would have, and has none.
    if (body.length === 0) return body;
    if (coding === 'br') return brotliDecompressSync(body);
    if (coding === 'gzip') return gunzipSync(body);
    return body;
  } catch (error) {
    return Buffer.from(`(a ${coding} body of ${body.length} bytes that does not decode: ${(error as Error).message})`);
  }
}

/** An answer whose body is decoded once, when read: most compare equal as sent (the same file), without decoding. */
function answerOf(status: number, headers: Record<string, string>, sent: { body: Buffer; coding?: string }): Answer {
  let body: Buffer | undefined;
  const answer: Answer = {
    status,
    headers,
    sent,
    get body() {
      body ??= decoded(sent.body, sent.coding);
      return body;
    },
  };
  if (status >= 400) {
    try {
      answer.code = JSON.parse(answer.body.toString('utf8')).code;
    } catch {
      /* compared as bytes anyway */
    }
  }
  return answer;
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
  if (!reply) return answerOf(0, {}, { body: Buffer.alloc(0) });
  const headers = headersOf(reply.head);
  return answerOf(reply.status, headers, { body: reply.body, coding: headers['content-encoding'] });
}

/** What differs between two answers to one request, by what a client reads: [] when they agree. */
export function differences(a: Answer, b: Answer): string[] {
  const found: string[] = [];
  if (a.status !== b.status) found.push(`status ${a.status} / ${b.status}`);
  if (a.code !== b.code) found.push(`code ${a.code} / ${b.code}`);
  // The same bytes in the same coding decode alike: only bodies that differ as sent are decoded to compare.
  const sentAlike = a.sent.coding === b.sent.coding && a.sent.body.equals(b.sent.body);
  if (!sentAlike && !a.body.equals(b.body)) found.push('body');
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
