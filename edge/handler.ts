/**
 * createHandler(options) -> the edge: a Fetch API handler (Request -> Response, WinterTC) answering
 * every request as the gateway does, by the contract's pipeline (contract/plan.ts): CORS preflight,
 * health, public files, the key (checked before any file is read), method, endpoints, other paths.
 * It needs only an assets store and the keys, so another edge runtime runs it with a small adapter
 * (worker.ts is Cloudflare's). A request the handler cannot answer gets a 500 problem; it never throws.
 */
import {
  CACHE_CONTROL,
  corsHeaders,
  DATA_RELEASE,
  healthBody,
  NOSNIFF,
  HEADERS_TOO_LARGE,
  MAX_HEADER_BYTES,
  MAX_URL_LENGTH,
  preflightHeaders,
  URI_TOO_LONG,
  type Origins,
  type Pairs,
} from '../contract/headers.ts';
import { JSON_TYPE } from '../contract/layout.ts';
import { SizeBoundedLru } from '../contract/lru.ts';
import { parseQuery } from '../contract/params.ts';
import { keyedPlan, normalizePath, publicPlan, type Plan } from '../contract/plan.ts';
import { NOT_FOUND, REFUSALS, type Problem } from '../contract/problems.ts';
import type { ReleaseInfo } from '../contract/release.ts';
import { EdgeAssets, type AssetFetcher } from './assets.ts';
import type { EdgeKeys } from './keys.ts';
import { answer, computedAnswer, fileAnswer, problemAnswer, type Exchange } from './respond.ts';
import { edgeSearch } from './search.ts';

export interface HandlerOptions {
  assets: AssetFetcher;
  keys: EdgeKeys;
  corsOrigins: Origins;
  /** Memory for bundles, search results and lists, per isolate. */
  cacheBytes: number;
  /** Where a failure is told (the platform's log). */
  log: (line: string) => void;
}

export type Handler = (request: Request) => Promise<Response>;

const INTERNAL_ERROR: Problem = { code: 'internal_error', detail: 'The server could not answer this request.' };

/** The request line and headers as HTTP/1.1 would send them, in bytes (ASCII, as the request line and most headers are). */
function headerBytes(request: Request, target: string): number {
  let bytes = request.method.length + target.length + 12;
  request.headers.forEach((value, name) => (bytes += name.length + value.length + 4));
  return bytes;
}

export function createHandler({ assets: binding, keys, corsOrigins, cacheBytes, log }: HandlerOptions): Handler {
  // One budget for the bundles read and the searches answered.
  const cache = new SizeBoundedLru<unknown>(cacheBytes);
  const assets = new EdgeAssets(binding, cache);
  const search = edgeSearch(assets, cache);

  const answerPlan = async (request: Request, exchange: Exchange, planned: Plan, release: ReleaseInfo): Promise<Response> => {
    switch (planned.kind) {
      case 'preflight':
        return answer(exchange, 204, [
          ...preflightHeaders(corsOrigins, request.headers.get('origin'), request.headers.get('access-control-request-method')),
          'Content-Length',
          0,
        ]);
      case 'health': {
        const body = new TextEncoder().encode(healthBody(release.id));
        return answer(exchange, 200, ['Content-Type', JSON_TYPE, 'Content-Length', body.length, 'Cache-Control', CACHE_CONTROL.none], body);
      }
      case 'problem':
        return problemAnswer(exchange, planned.problem);
      case 'file':
        for (const key of planned.keys) {
          const file = await assets.file(key);
          if (file) return fileAnswer(exchange, assets, release.defaultLocale, key, file);
        }
        return problemAnswer(exchange, NOT_FOUND);
      case 'search': {
        let listKey = planned.listKeys.at(-1)!;
        for (const key of planned.listKeys)
          if (await assets.file(key)) {
            listKey = key;
            break;
          }
        return computedAnswer(exchange, await search(release, listKey, planned.text, planned.limit));
      }
    }
  };

  return async (request) => {
    const origin = request.headers.get('origin');
    const exchange: Exchange = {
      method: request.method,
      always: [...NOSNIFF, ...corsHeaders(corsOrigins, origin)],
      ifNoneMatch: request.headers.get('if-none-match'),
    };
    try {
      const release = await assets.release();
      exchange.always = [DATA_RELEASE, release.id, ...exchange.always] as Pairs;
      const url = new URL(request.url);
      const target = url.pathname + url.search;
      // As node:http, which refuses headers over its limit before it reads the target.
      if (headerBytes(request, target) > MAX_HEADER_BYTES) return problemAnswer(exchange, HEADERS_TOO_LARGE);
      if (target.length > MAX_URL_LENGTH) return problemAnswer(exchange, URI_TOO_LONG);
      const path = normalizePath(url.pathname);
      const open = publicPlan(request.method, path, release);
      if (open) return await answerPlan(request, exchange, open, release);
      // The key before any work that grows with the request: the query is read only for a caller with one.
      const verdict = await keys.verdict(request.headers.get('authorization'));
      if (typeof verdict === 'string') return problemAnswer(exchange, REFUSALS[verdict]);
      return await answerPlan(request, exchange, keyedPlan({ method: request.method, path, search: parseQuery(url.search) }, release), release);
    } catch (error) {
      log(`error: ${request.method} ${request.url}: ${(error as Error)?.stack ?? error}`);
      return problemAnswer(exchange, INTERNAL_ERROR);
    }
  };
}
