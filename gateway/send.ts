/**
 * Writing answers on node:http: a file of dist (its ETag and 304, the compressed copy the client
 * accepts, HEAD without a body, the caching headers), a body computed here (search), or a problem.
 * Every header a client reads comes from the contract (contract/headers.ts, problems.ts); a file's
 * bytes are sent exactly as built and, once read and checked, kept in the app's byte-bounded cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CACHE_CONTROL, chooseEncoding, etagOf, fileHeaders, matchesEtag, type Pairs } from '../contract/headers.ts';
import { COMPRESS_FROM_BYTES, contentTypeOf, isPublicFile, JSON_TYPE, type Coding } from '../contract/layout.ts';
import { PROBLEM_TYPE, problemBody, statusOf, type Problem } from '../contract/problems.ts';
import { readFile, UnreadableFile, type Dist } from './dist.ts';
import type { SizeBoundedLru } from '../contract/lru.ts';

export type { Pairs };

/** A response, with the headers every answer to its request carries (the data release, CORS) decided first (app.ts). */
export type Res = ServerResponse & { always?: Pairs };

/** Every answer is written here: one writeHead with the request's own headers first. */
export function answer(res: Res, status: number, headers: Pairs, body?: Buffer): void {
  res.writeHead(status, res.always ? res.always.concat(headers) : headers);
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** The head and body of a problem, as every tier writes them. */
export function problemParts(problem: Problem): { status: number; head: Pairs; body: Buffer } {
  const body = Buffer.from(problemBody(problem));
  // Nothing but the problem describes the response (a file whose read failed set no header of its own).
  const head: Pairs = [...(problem.headers ?? []).flat(), 'Content-Type', PROBLEM_TYPE, 'Content-Length', body.length, 'Cache-Control', CACHE_CONTROL.none];
  return { status: statusOf(problem.code), head, body };
}

/** Parts of the problems answered again and again (refusals of a key, a plan's kept 404): made once each. */
const made = new WeakMap<Problem, ReturnType<typeof problemParts>>();

export function sendProblem(res: Res, problem: Problem): void {
  let parts = made.get(problem);
  if (!parts) made.set(problem, (parts = problemParts(problem)));
  answer(res, parts.status, parts.head, parts.body);
}

/** A body computed here (search results), with the compressed copies and the heads made for it so far. */
export interface Computed {
  body: Buffer;
  etag: string;
  contentLanguage: string | null;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  /** The head of its 200 in each coding, and of its 304: a kept answer (type-ahead) is sent again and again. */
  heads: Partial<Record<Coding | '304', Pairs>>;
}

/** Computed bodies are compressed fast (brotli's quality 5 is about as small as gzip's 9, at gzip's speed), and only small ones. */
const COMPRESS = {
  br: (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body: Buffer) => gzipSync(body),
};

export interface Sender {
  /** Answers with the manifest file `key`. */
  file: (req: IncomingMessage, res: Res, key: string) => void;
  /** Answers with a computed body under the same caching contract; compressed only up to `compressUpTo` bytes. */
  computed: (req: IncomingMessage, res: Res, computed: Computed, compressUpTo: number) => void;
}

/** A file's bytes in one coding, read and checked, with the head of its 200 made once. */
interface Sendable {
  bytes: Buffer;
  coding: Coding;
  head: Pairs;
}

/** Memo of a header's parse (Accept-Encoding): clients send a handful of distinct values. */
function memo<T>(compute: (header: string) => T, size = 256): (header: string) => T {
  const seen = new Map<string, T>();
  return (header) => {
    let value = seen.get(header);
    if (value === undefined) {
      if (seen.size >= size) seen.clear();
      seen.set(header, (value = compute(header)));
    }
    return value;
  };
}

export function sender(dist: Dist, cache: SizeBoundedLru<unknown>, log: (line: string) => void): Sender {
  const headOf = (key: string) => {
    const file = dist.files.get(key)!;
    return {
      etag: etagOf(file.sha256),
      contentType: contentTypeOf(key),
      contentLanguage: file.contentLanguage,
      cacheControl: isPublicFile(key) ? CACHE_CONTROL.public : CACHE_CONTROL.keyed,
    };
  };
  /** The file's bytes in `coding`, checked; a copy that is missing or damaged is logged and the plain file sent instead. */
  const sendable = (key: string, coding: Coding): Sendable => {
    const id = `file ${coding} ${key}`;
    const cached = cache.get(id) as Sendable | undefined;
    if (cached) return cached;
    let bytes: Buffer;
    try {
      bytes = readFile(dist, key, coding);
    } catch (error) {
      if (coding === 'identity' || !(error instanceof UnreadableFile)) throw error;
      // Read from disk, not the cache: where the whole tree is gone (a new build), its error goes up and a newer dist answers.
      const plain = readFile(dist, key, 'identity');
      // A copy missing while its file is whole is also what a tree being deleted looks like for a moment: a warning.
      log(`${error.missing ? 'warning' : 'error'}: ${error.message}; sent ${key} uncompressed`);
      return { bytes: plain, coding: 'identity', head: fileHeaders(headOf(key), { length: plain.length, coding: 'identity' }) };
    }
    const entry: Sendable = { bytes, coding, head: fileHeaders(headOf(key), { length: bytes.length, coding }) };
    cache.set(id, entry, bytes.length + 512);
    return entry;
  };
  const codings = new Map<string, (header: string) => Coding>();
  const codingFor = (available: { br?: number; gzip?: number }, header: string | undefined): Coding => {
    if (!header) return 'identity';
    const id = `${available.br !== undefined ? 'b' : ''}${available.gzip !== undefined ? 'g' : ''}`;
    let choose = codings.get(id);
    if (!choose) codings.set(id, (choose = memo((value) => chooseEncoding(value, available))));
    return choose(header);
  };

  return {
    file: (req, res, key) => {
      const file = dist.files.get(key)!;
      if (req.headers['if-none-match'] !== undefined && matchesEtag(req.headers['if-none-match'], etagOf(file.sha256))) {
        const id = `304 ${key}`;
        let head = cache.get(id) as Pairs | undefined;
        if (!head) cache.set(id, (head = fileHeaders(headOf(key))), 512);
        return answer(res, 304, head);
      }
      const chosen = sendable(key, codingFor(file.encodings, req.headers['accept-encoding']));
      answer(res, 200, chosen.head, chosen.bytes);
    },
    computed: (req, res, computed, compressUpTo) => {
      const head = () => ({ etag: computed.etag, contentType: JSON_TYPE, contentLanguage: computed.contentLanguage, cacheControl: CACHE_CONTROL.keyed });
      if (matchesEtag(req.headers['if-none-match'], computed.etag)) return answer(res, 304, (computed.heads['304'] ??= fileHeaders(head())));
      const size = computed.body.length;
      const coding = size >= COMPRESS_FROM_BYTES && size <= compressUpTo ? chooseEncoding(req.headers['accept-encoding'], { br: 0, gzip: 0 }) : 'identity';
      const bytes = coding === 'identity' ? computed.body : (computed.encoded[coding] ??= COMPRESS[coding](computed.body));
      answer(res, 200, (computed.heads[coding] ??= fileHeaders(head(), { length: bytes.length, coding })), bytes);
    },
  };
}
