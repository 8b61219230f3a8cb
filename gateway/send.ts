/**
 * Successful answers: a file of dist, or a body computed here (search results), with its strong ETag,
 * a 304 to a matching If-None-Match, the compressed copy the client accepts, HEAD without a body,
 * and caching headers that keep a keyed answer out of shared caches. A file's bytes are sent exactly
 * as built; read once, they are kept in the app's byte-bounded cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readFile, type Coding, type Dist, type DistFile } from './dist.ts';
import { isPublicFile } from './manifest.ts';

/** Header names and values, alternating, as writeHead takes them. */
export type Pairs = (string | number)[];

/** A response, with the headers every answer to its request carries (the data release, CORS) decided first (app.ts). */
export type Res = ServerResponse & { always?: Pairs };

/** Every answer is written here: one writeHead with the request's own headers first. */
export function answer(res: Res, status: number, headers: Pairs, body?: Buffer): void {
  res.writeHead(status, res.always ? res.always.concat(headers) : headers);
  res.end(body);
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** Every dist file is JSON but the form page's (`page/`). */
const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' };
const contentType = (key: string) => (key.startsWith('page/') && TYPES[key.slice(key.lastIndexOf('.') + 1)]) || JSON_TYPE;

/** q-values of br and gzip in an Accept-Encoding header; `*` stands for any coding not named. */
function weights(header: string): { br: number; gzip: number } {
  const codings = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) codings.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (...names: string[]) => names.map((name) => codings.get(name)).find((q) => q !== undefined) ?? 0;
  return { br: weight('br', '*'), gzip: weight('gzip', 'x-gzip', '*') };
}

/** br when accepted and available (preferred at equal weight), else gzip, else the plain file. */
export function chooseEncoding(header: string | undefined, available: DistFile['encodings']): Coding {
  if (!header) return 'identity';
  const accepted = weights(header);
  const br = available.br !== undefined ? accepted.br : 0;
  const gzip = available.gzip !== undefined ? accepted.gzip : 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored; `*` matches. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag || header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** A body computed here (search results), with the compressed copies made for it so far. */
export interface Computed { body: Buffer; etag: string; contentLanguage: string | null; encoded: Partial<Record<'br' | 'gzip', Buffer>> }

/** Bodies computed on request are compressed fast: brotli's quality 5 is about as small as gzip's 9, at gzip's speed. */
const COMPRESS = {
  br: (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body: Buffer) => gzipSync(body),
};
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_FROM = 256;

export interface Sender {
  /** Answers with the manifest file `key`. */
  file: (req: IncomingMessage, res: Res, key: string) => void;
  /** Answers with a computed body under the same caching contract, compressed when the client accepts it. */
  json: (req: IncomingMessage, res: Res, computed: Computed) => void;
}

/**
 * `private`: the answer needs a key, so a shared cache must not hand it to another caller (RFC 9111
 * section 3.5); the client may keep it for `maxAge` seconds. A CDN that checks keys sets its own policy.
 * The files anyone may read (the form page, the OpenAPI document) are `public`.
 */
export function sender(dist: Dist, cache: SizeBoundedLru<unknown>, maxAge: number): Sender {
  const keyed = `private, max-age=${maxAge}`;
  const open = `public, max-age=${maxAge}`;
  const validators = (etag: string, contentLanguage: string | null, cacheControl = keyed): Pairs =>
    (contentLanguage ? ['ETag', etag, 'Cache-Control', cacheControl, 'Content-Language', contentLanguage] : ['ETag', etag, 'Cache-Control', cacheControl]);

  const body = (key: string, coding: Coding): Buffer => {
    const id = `file ${coding} ${key}`;
    let bytes = cache.get(id) as Buffer | undefined;
    if (!bytes) cache.set(id, (bytes = readFile(dist, key, coding)), bytes.length);
    return bytes;
  };

  return {
    file: (req, res, key) => {
      const file = dist.files.get(key)!;
      const etag = `"${file.sha256}"`;
      const cacheControl = isPublicFile(key) ? open : keyed;
      if (matchesEtag(req.headers['if-none-match'], etag)) return answer(res, 304, [...validators(etag, file.contentLanguage, cacheControl), 'Vary', 'Accept-Encoding']);
      const coding = chooseEncoding(req.headers['accept-encoding'], file.encodings);
      const length = coding === 'identity' ? file.bytes : file.encodings[coding]!;
      const head: Pairs = ['Content-Type', contentType(key), 'Content-Length', length, ...validators(etag, file.contentLanguage, cacheControl), 'Vary', 'Accept-Encoding'];
      if (coding !== 'identity') head.push('Content-Encoding', coding);
      answer(res, 200, head, req.method === 'HEAD' ? undefined : body(key, coding));
    },
    json: (req, res, computed) => {
      const { etag, contentLanguage } = computed;
      if (matchesEtag(req.headers['if-none-match'], etag)) return answer(res, 304, [...validators(etag, contentLanguage), 'Vary', 'Accept-Encoding']);
      const compressible = computed.body.length >= COMPRESS_FROM ? { br: 0, gzip: 0 } : {};
      const coding = chooseEncoding(req.headers['accept-encoding'], compressible);
      const bytes = coding === 'identity' ? computed.body : (computed.encoded[coding] ??= COMPRESS[coding](computed.body));
      const head: Pairs = ['Content-Type', JSON_TYPE, 'Content-Length', bytes.length, ...validators(etag, contentLanguage), 'Vary', 'Accept-Encoding'];
      if (coding !== 'identity') head.push('Content-Encoding', coding);
      answer(res, 200, head, req.method === 'HEAD' ? undefined : bytes);
    },
  };
}

/** A least-recently-used map bounded by the total size of its values, as the caller measures them: one per app. */
export class SizeBoundedLru<V> {
  #entries = new Map<string, { value: V; size: number }>();
  #used = 0;
  #newest: string | undefined;

  constructor(readonly budget: number) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: re-inserting marks the entry as the most recently used (unless it is already).
    if (key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.#newest = key;
    }
    return entry.value;
  }

  /** Keeps `value` unless it alone is larger than the budget, pushing out the least recently used. */
  set(key: string, value: V, size: number): void {
    if (size > this.budget) return;
    this.delete(key);
    this.#entries.set(key, { value, size });
    this.#newest = key;
    this.#used += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#used <= this.budget) break;
      this.#entries.delete(oldest);
      this.#used -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#used -= entry.size;
    if (key === this.#newest) this.#newest = undefined;
  }
}
