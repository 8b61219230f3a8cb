/**
 * GET /v1/countries/search?q=&locale=&view=&limit= -> { query, count, locale, countries }, the items
 * taken as they are from the country list of that locale and view (parsed once, then kept).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Middleware } from 'polka';
import type { Bodies } from './bodies.ts';
import type { Dist } from './dist.ts';
import { SizeBoundedLru } from './lru.ts';
import { readLimit, readLocale, readSearchText, readView } from './params.ts';
import { sendProblem } from './problem.ts';
import { localizedFile } from './resolve.ts';
import { CountrySearch } from './search.ts';
import { sendJson, type SendOptions } from './send.ts';

interface CountryList {
  locale: string;
  contentLanguage: string | null;
  items: Map<string, unknown>;
}

export interface SearchRouteOptions extends SendOptions {
  dist: Dist;
  bodies: Bodies;
  /** Bytes of list files whose parsed items are kept (a full list is about 1 MB). */
  listCacheBytes: number;
  resultCacheBytes: number;
}

export function searchRoute(options: SearchRouteOptions): Middleware {
  const { dist, bodies } = options;
  // Built on the first search rather than at start (it takes about 90 ms), so the gateway answers sooner
  // after a start; that the index is there, whole, is checked now.
  const indexFile = join(dist.dir, dist.searchIndex);
  const indexBytes = statSync(indexFile).size;
  if (indexBytes !== dist.files.get(dist.searchIndex)!.bytes) throw new Error(`${indexFile} has ${indexBytes} bytes, the manifest says otherwise`);
  let index: CountrySearch | undefined;
  const search = () => (index ??= new CountrySearch(JSON.parse(readFileSync(indexFile, 'utf8'))));
  const lists = new SizeBoundedLru<CountryList>(options.listCacheBytes);
  // Searches repeat (type-ahead): answers are kept by list, limit and text.
  const results = new SizeBoundedLru<{ body: Buffer; etag: string; contentLanguage: string | null }>(options.resultCacheBytes);

  async function countryList(key: string): Promise<CountryList> {
    const cached = lists.get(key);
    if (cached) return cached;
    const file = dist.files.get(key)!;
    const envelope = JSON.parse((await bodies.read(key, 'identity')).bytes.toString('utf8'));
    const list = {
      locale: envelope.locale,
      contentLanguage: file.contentLanguage,
      items: new Map<string, unknown>(envelope.countries.map((item: { code: string }) => [item.code, item])),
    };
    lists.set(key, list, file.bytes);
    return list;
  }

  return async (req, res) => {
    const query = readSearchText(req.query);
    if ('invalid' in query) return sendProblem(res, 'invalid_parameter', query.invalid);
    const locale = readLocale(req.query, dist);
    if ('invalid' in locale) return sendProblem(res, 'invalid_parameter', locale.invalid);
    const view = readView(req.query);
    if ('invalid' in view) return sendProblem(res, 'invalid_parameter', view.invalid);
    const limit = readLimit(req.query);
    if ('invalid' in limit) return sendProblem(res, 'invalid_parameter', limit.invalid);

    const listKey = localizedFile(dist, locale.value, view.value === 'full' ? 'countries.full.json' : 'countries.json');
    const resultKey = `${listKey}\0${limit.value}\0${query.value}`;
    let result = results.get(resultKey);
    if (!result) {
      const list = await countryList(listKey);
      const countries = search().find(query.value, limit.value).map((code) => list.items.get(code)).filter((item) => item !== undefined);
      const body = Buffer.from(JSON.stringify({ query: query.value, count: countries.length, locale: list.locale, countries }));
      result = { body, etag: `"${createHash('sha256').update(body).digest('hex')}"`, contentLanguage: list.contentLanguage };
      results.set(resultKey, result, body.length);
    }
    sendJson(req, res, result.body, result.etag, result.contentLanguage, options);
  };
}
