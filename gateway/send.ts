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
import type { DistFile } from '../contract/manifest.ts';

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

/** What the head of a computed body says about it; made only with its first answer in a coding (a closure made per request costs a name under tsx). */
const computedHead = (computed: Computed) => ({
  etag: computed.etag,
  contentType: JSON_TYPE,
  contentLanguage: computed.contentLanguage,
  cacheControl: CACHE_CONTROL.keyed,
});

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

/**
 * What a file's answers need, made as they are first asked for and kept together under the file's
 * manifest entry (found by identity, without a string made per request): its ETag, its bytes and head
 * in each coding read, and the head of its 304; `size`, what they hold.
 */
type FileAnswers = Partial<Record<Coding, Sendable>> & { etag: string; notModified?: Pairs; size: number };

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
  const headOf = (key: string, file: DistFile, answers: FileAnswers) => ({
    etag: answers.etag,
    contentType: contentTypeOf(key),
    contentLanguage: file.contentLanguage,
    cacheControl: isPublicFile(key) ? CACHE_CONTROL.public : CACHE_CONTROL.keyed,
  });
  const answersOf = (file: DistFile): FileAnswers => (cache.get(file) as FileAnswers | undefined) ?? { etag: etagOf(file.sha256), size: 0 };
  const keep = (file: DistFile, answers: FileAnswers, size: number) => {
    answers.size += size;
    cache.set(file, answers, answers.size);
  };
  /** The file's bytes in `coding`, checked; a copy that is missing or damaged is logged and the plain file sent instead. */
  const sendable = (key: string, file: DistFile, answers: FileAnswers, coding: Coding): Sendable => {
    let bytes: Buffer;
    try {
      bytes = readFile(dist, key, coding);
    } catch (error) {
      if (coding === 'identity' || !(error instanceof UnreadableFile)) throw error;
      // Read from disk, not the cache: where the whole tree is gone (a new build), its error goes up and a newer dist answers.
      const plain = readFile(dist, key, 'identity');
      // A copy missing while its file is whole is also what a tree being deleted looks like for a moment: a warning.
      log(`${error.missing ? 'warning' : 'error'}: ${error.message}; sent ${key} uncompressed`);
      return { bytes: plain, coding: 'identity', head: fileHeaders(headOf(key, file, answers), { length: plain.length, coding: 'identity' }) };
    }
    const made: Sendable = { bytes, coding, head: fileHeaders(headOf(key, file, answers), { length: bytes.length, coding }) };
    answers[coding] = made;
    keep(file, answers, bytes.length + 512);
    return made;
  };
  /** By which compressed copies a file has: 2 for br, 1 for gzip. */
  const codings: ((header: string) => Coding)[] = [];
  const codingFor = (available: { br?: number; gzip?: number }, header: string | undefined): Coding => {
    if (!header) return 'identity';
    const id = (available.br !== undefined ? 2 : 0) + (available.gzip !== undefined ? 1 : 0);
    return (codings[id] ??= memo((value) => chooseEncoding(value, available)))(header);
  };

  return {
    file: (req, res, key) => {
      const file = dist.files.get(key)!;
      const answers = answersOf(file);
      if (req.headers['if-none-match'] !== undefined && matchesEtag(req.headers['if-none-match'], answers.etag)) {
        if (!answers.notModified) {
          answers.notModified = fileHeaders(headOf(key, file, answers));
          keep(file, answers, 512);
        }
        return answer(res, 304, answers.notModified);
      }
      const coding = codingFor(file.encodings, req.headers['accept-encoding']);
      const chosen = answers[coding] ?? sendable(key, file, answers, coding);
      answer(res, 200, chosen.head, chosen.bytes);
    },
    computed: (req, res, computed, compressUpTo) => {
      if (matchesEtag(req.headers['if-none-match'], computed.etag)) return answer(res, 304, (computed.heads['304'] ??= fileHeaders(computedHead(computed))));
      const size = computed.body.length;
      const coding = size >= COMPRESS_FROM_BYTES && size <= compressUpTo ? chooseEncoding(req.headers['accept-encoding'], { br: 0, gzip: 0 }) : 'identity';
      const bytes = coding === 'identity' ? computed.body : (computed.encoded[coding] ??= COMPRESS[coding](computed.body));
      answer(res, 200, (computed.heads[coding] ??= fileHeaders(computedHead(computed), { length: bytes.length, coding })), bytes);
    },
  };
}
