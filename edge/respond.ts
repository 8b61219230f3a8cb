/**
 * Answers on the Fetch API, as the gateway writes them on node:http (gateway/send.ts): a file of the
 * release (its ETag and 304, HEAD without a body, the caching headers), a body computed here (search),
 * or a problem. Every header comes from the contract; the headers every answer to a request carries
 * (the data release, CORS) come first. The body is sent as built: the platform compresses it.
 */
import { CACHE_CONTROL, etagOf, fileHeaders, matchesEtag, type Pairs } from '../contract/headers.ts';
import { contentLanguageOf, contentTypeOf, isPublicFile, JSON_TYPE } from '../contract/layout.ts';
import { PROBLEM_TYPE, problemBody, statusOf, type Problem } from '../contract/problems.ts';
import type { EdgeAssets, EdgeFile } from './assets.ts';
import type { Computed } from './search.ts';

/** What every answer to one request carries, and what of the request decides the rest. */
export interface Exchange {
  method: string;
  always: Pairs;
  ifNoneMatch: string | null;
}

function headersOf(always: Pairs, pairs: Pairs): Headers {
  const headers = new Headers();
  for (const list of [always, pairs]) for (let i = 0; i < list.length; i += 2) headers.append(String(list[i]), String(list[i + 1]));
  return headers;
}

export function answer({ method, always }: Exchange, status: number, pairs: Pairs, body?: BodyInit | null): Response {
  return new Response(method === 'HEAD' || status === 204 || status === 304 ? null : body, { status, headers: headersOf(always, pairs) });
}

const problems = new WeakMap<Problem, { body: Uint8Array<ArrayBuffer>; head: Pairs }>();

export function problemAnswer(exchange: Exchange, problem: Problem): Response {
  let made = problems.get(problem);
  if (!made) {
    const body = new TextEncoder().encode(problemBody(problem));
    made = {
      body,
      head: [...(problem.headers ?? []).flat(), 'Content-Type', PROBLEM_TYPE, 'Content-Length', body.length, 'Cache-Control', CACHE_CONTROL.none],
    };
    problems.set(problem, made);
  }
  return answer(exchange, statusOf(problem.code), made.head, made.body);
}

/** The file at `key`, whose entry is `file`: a 304 where If-None-Match names it, else the file as built. */
export async function fileAnswer(exchange: Exchange, assets: EdgeAssets, defaultLocale: string, key: string, file: EdgeFile): Promise<Response> {
  const head = {
    etag: etagOf(file.sha256),
    contentType: contentTypeOf(key),
    contentLanguage: contentLanguageOf(key, defaultLocale),
    cacheControl: isPublicFile(key) ? CACHE_CONTROL.public : CACHE_CONTROL.keyed,
  };
  if (matchesEtag(exchange.ifNoneMatch, head.etag)) return answer(exchange, 304, fileHeaders(head));
  const pairs = fileHeaders(head, { length: file.bytes, coding: 'identity' });
  if (exchange.method === 'HEAD') return answer(exchange, 200, pairs);
  return answer(exchange, 200, pairs, await assets.body(key, file));
}

export function computedAnswer(exchange: Exchange, computed: Computed): Response {
  const head = { etag: computed.etag, contentType: JSON_TYPE, contentLanguage: computed.contentLanguage, cacheControl: CACHE_CONTROL.keyed };
  if (matchesEtag(exchange.ifNoneMatch, computed.etag)) return answer(exchange, 304, fileHeaders(head));
  return answer(exchange, 200, fileHeaders(head, { length: computed.body.length, coding: 'identity' }), computed.body);
}
