/**
 * Successful responses: the caching headers, conditional GET (304), content negotiation between the
 * precompressed copies, and HEAD. File responses are the file's bytes exactly, never re-serialized.
 * A body in memory is answered synchronously, with headers made once per body and written in one
 * writeHead call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Bodies, Body, Coding } from './bodies.ts';
import { corsOf, withCors, type CorsHeaders, type Pairs } from './cors.ts';
import type { DistFile } from './dist.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

interface Weights { br: number; gzip: number }

/** q-values of br and gzip in an Accept-Encoding header; `*` stands for any coding not named. */
function parseWeights(header: string): Weights {
  const codings = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) codings.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (...names: string[]) => names.map((name) => codings.get(name)).find((q) => q !== undefined) ?? 0;
  return { br: weight('br', '*'), gzip: weight('gzip', 'x-gzip', '*') };
}

// Clients send a handful of distinct Accept-Encoding values: each is parsed once (a bounded number kept).
const weightsOf = new Map<string, Weights>();

/** br when accepted and available (preferred at equal weight), else gzip, else the plain file. */
export function chooseEncoding(header: string | undefined, available: DistFile['encodings']): Coding {
  if (!header) return 'identity';
  let weights = weightsOf.get(header);
  if (!weights) {
    weights = parseWeights(header);
    if (weightsOf.size >= 256) weightsOf.clear();
    weightsOf.set(header, weights);
  }
  const br = available.br !== undefined ? weights.br : 0;
  const gzip = available.gzip !== undefined ? weights.gzip : 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored; `*` matches. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export interface SendOptions {
  /** Cache-Control max-age of successful responses, in seconds. */
  maxAge: number;
}

/** Headers every 200 and 304 of a body carry. */
export function validators(etag: string, contentLanguage: string | null, options: SendOptions): Pairs {
  const pairs: Pairs = ['ETag', etag, 'Cache-Control', `public, max-age=${options.maxAge}`];
  if (contentLanguage) pairs.push('Content-Language', contentLanguage);
  return pairs;
}

/** The headers of a 304 answering a conditional request for a file. */
export const notModifiedHead = (file: DistFile, options: SendOptions): Pairs =>
  [...validators(`"${file.sha256}"`, file.contentLanguage, options), 'Vary', 'Accept-Encoding'];

/** The headers of a 200 with a file in `coding`. */
export function fileHead(file: DistFile, coding: Coding, options: SendOptions): Pairs {
  const length = coding === 'identity' ? file.bytes : file.encodings[coding]!;
  const pairs: Pairs = ['Content-Type', JSON_TYPE, 'Content-Length', length];
  if (coding !== 'identity') pairs.push('Content-Encoding', coding);
  return [...pairs, ...validators(`"${file.sha256}"`, file.contentLanguage, options), 'Vary', 'Accept-Encoding'];
}

function sendBody(res: ServerResponse, cors: CorsHeaders, body: Body, file: DistFile, coding: Coding, options: SendOptions): void {
  const head = (body.head ??= fileHead(file, coding, options));
  if (cors.constant && body.corsFor !== cors) {
    body.corsHead = withCors(cors, head);
    body.corsFor = cors;
  }
  res.writeHead(200, cors.constant ? body.corsHead! : withCors(cors, head));
  res.end(body.bytes);
}

/** Sends a file of dist; synchronous when its body is in memory, a promise when it must be read. */
export function sendFile(req: IncomingMessage, res: ServerResponse, bodies: Bodies, key: string, file: DistFile, options: SendOptions): void | Promise<void> {
  const cors = corsOf(res);
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, `"${file.sha256}"`)) {
    res.writeHead(304, withCors(cors, notModifiedHead(file, options))).end();
    return;
  }
  const coding = chooseEncoding(req.headers['accept-encoding'], file.encodings);
  if (req.method === 'HEAD') {
    res.writeHead(200, withCors(cors, fileHead(file, coding, options))).end();
    return;
  }
  const body = bodies.cached(key, coding);
  if (body) return sendBody(res, cors, body, file, coding, options);
  return bodies.read(key, coding).then((read) => sendBody(res, cors, read, file, coding, options));
}

/** The headers of a 200 with a computed body. */
export const jsonHead = (body: Buffer, etag: string, contentLanguage: string | null, options: SendOptions): Pairs =>
  ['Content-Type', JSON_TYPE, 'Content-Length', body.length, ...validators(etag, contentLanguage, options)];

/** A computed body (search results) with its ETag: same caching contract; sent uncompressed. */
export function sendJson(req: IncomingMessage, res: ServerResponse, body: Buffer, etag: string, contentLanguage: string | null, options: SendOptions): void {
  const cors = corsOf(res);
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.writeHead(304, withCors(cors, validators(etag, contentLanguage, options))).end();
    return;
  }
  res.writeHead(200, withCors(cors, jsonHead(body, etag, contentLanguage, options)));
  res.end(req.method === 'HEAD' ? undefined : body);
}
