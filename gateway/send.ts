/**
 * Successful responses: the caching headers, conditional GET (304), content negotiation between the
 * precompressed copies, and HEAD. File responses are the file's bytes exactly, never re-serialized.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type { Bodies, Encoding } from './bodies.ts';
import { appendVary } from './cors.ts';
import type { DistFile } from './dist.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** q-values of the codings an Accept-Encoding header names; `*` stands for any coding not named. */
function acceptedCodings(header: string): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) codings.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return codings;
}

/** br when accepted and available (preferred at equal weight), else gzip, else the plain file. */
export function chooseEncoding(header: string | undefined, available: DistFile['encodings']): Encoding | 'identity' {
  if (!header) return 'identity';
  const codings = acceptedCodings(header);
  const weight = (...names: string[]) => names.map((name) => codings.get(name)).find((q) => q !== undefined) ?? 0;
  const br = available.br !== undefined ? weight('br', '*') : 0;
  const gzip = available.gzip !== undefined ? weight('gzip', 'x-gzip', '*') : 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored; `*` matches. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export interface SendOptions {
  /** Cache-Control max-age of successful responses, in seconds. */
  maxAge: number;
}

/** Headers every 200 and 304 carry; returns true when the 304 was sent. */
function answeredNotModified(req: IncomingMessage, res: ServerResponse, etag: string, contentLanguage: string | null, options: SendOptions): boolean {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', `public, max-age=${options.maxAge}`);
  if (contentLanguage) res.setHeader('Content-Language', contentLanguage);
  if (!matchesEtag(req.headers['if-none-match'], etag)) return false;
  res.writeHead(304).end();
  return true;
}

export async function sendFile(req: IncomingMessage, res: ServerResponse, bodies: Bodies, key: string, file: DistFile, options: SendOptions): Promise<void> {
  appendVary(res, 'Accept-Encoding');
  if (answeredNotModified(req, res, `"${file.sha256}"`, file.contentLanguage, options)) return;
  const encoding = chooseEncoding(req.headers['accept-encoding'], file.encodings);
  const headers: Record<string, string | number> = { 'Content-Type': JSON_TYPE };
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  if (req.method === 'HEAD') {
    headers['Content-Length'] = encoding === 'identity' ? file.bytes : file.encodings[encoding]!;
    res.writeHead(200, headers).end();
    return;
  }
  const body = await bodies.read(key, encoding);
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers).end(body);
}

/** A computed body (search results): same caching contract, its ETag hashed from the bytes; sent uncompressed. */
export function sendJson(req: IncomingMessage, res: ServerResponse, body: Buffer, contentLanguage: string | null, options: SendOptions): void {
  const etag = `"${createHash('sha256').update(body).digest('hex')}"`;
  if (answeredNotModified(req, res, etag, contentLanguage, options)) return;
  res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}
