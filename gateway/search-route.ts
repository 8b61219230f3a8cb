/**
 * GET /v1/countries/search?q=&locale=&view=&limit= -> { query, count, locale, countries }, the items
 * taken as they are from the country list of that locale and view (parsed once, then kept).
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Middleware, Request } from 'polka';
import { readDistFile, type Bodies } from './bodies.ts';
import type { Released } from './collector.ts';
import type { Dist } from './dist.ts';
import { SizeBoundedLru } from './lru.ts';
import { readLimit, readLocale, readSearchText, readView } from './params.ts';
import { localizedFile } from './resolve.ts';
import { refuse, type Outcome } from './routes.ts';
import { CountrySearch } from './search.ts';
import { sendJson, type SendOptions } from './send.ts';

interface CountryList {
  locale: string;
  contentLanguage: string | null;
  /** Each item's JSON, by code. */
  items: Map<string, Buffer>;
}

const ENVELOPE = /^\{"count":(\d+),"locale":("[A-Za-z0-9-]+"),"countries":\[/;
const BETWEEN = Buffer.from('},{"code":"');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/**
 * The items of a list as written by the build (JSON.stringify: no spaces), sliced out of the file's
 * bytes rather than parsed: a parsed full list takes several times its 1 MB in memory, and parsing one
 * per locale grew each worker by over 100 MB. `},{"code":"` occurs in compact JSON only between two
 * items (inside a string its quotes would be escaped); the count must match. Undefined otherwise.
 */
function sliceItems(bytes: Buffer): { locale: string; items: Map<string, Buffer> } | undefined {
  const head = ENVELOPE.exec(bytes.toString('latin1', 0, 64));
  if (!head || bytes.toString('latin1', bytes.length - 2) !== ']}') return undefined;
  const items = new Map<string, Buffer>();
  const end = bytes.length - 2;
  let start = head[0].length;
  if (start === end) return Number(head[1]) === 0 ? { locale: JSON.parse(head[2]), items } : undefined;
  while (start < end) {
    const boundary = bytes.indexOf(BETWEEN, start);
    const stop = boundary < 0 || boundary > end ? end : boundary + 1;
    const item = bytes.subarray(start, stop);
    const code = /^\{"code":"([A-Z]{2})"/.exec(item.toString('latin1', 0, 12))?.[1];
    if (!code || item[item.length - 1] !== 0x7d) return undefined;
    items.set(code, item);
    start = stop + 1;
  }
  return items.size === Number(head[1]) ? { locale: JSON.parse(head[2]), items } : undefined;
}

/** The same from the parsed list, for a list written some other way. */
function parseItems(bytes: Buffer): { locale: string; items: Map<string, Buffer> } {
  const envelope = JSON.parse(bytes.toString('utf8'));
  return {
    locale: envelope.locale,
    items: new Map(envelope.countries.map((item: { code: string }) => [item.code, Buffer.from(JSON.stringify(item))])),
  };
}

export interface SearchRouteOptions extends SendOptions {
  dist: Dist;
  bodies: Bodies;
  /** Bytes of list files whose items are kept (a full list is about 1 MB). */
  listCacheBytes: number;
  resultCacheBytes: number;
  /** Told the bytes of each list or result let go of (collector.ts). */
  released?: Released;
  /** Told what each URL came to: a problem, or the key of its result. */
  resolved?: (req: Request, outcome: Outcome) => void;
}

export interface SearchResult {
  body: Buffer;
  etag: string;
  contentLanguage: string | null;
}

export interface SearchRoute {
  handle: Middleware;
  /** A result computed before, while it is kept. */
  cached: (resultKey: string) => SearchResult | undefined;
}

export function searchRoute(options: SearchRouteOptions): SearchRoute {
  const { dist, bodies } = options;
  // Built on the first search rather than at start (it takes about 90 ms), so the gateway answers sooner
  // after a start; that the index is there, whole, is checked now.
  const indexFile = join(dist.dir, dist.searchIndex);
  const indexBytes = statSync(indexFile).size;
  if (indexBytes !== dist.files.get(dist.searchIndex)!.bytes) throw new Error(`${indexFile} has ${indexBytes} bytes, the manifest says otherwise`);
  let index: Promise<CountrySearch> | undefined;
  const search = () => (index ??= readDistFile(dist.dir, dist.searchIndex).then(
    (bytes) => new CountrySearch(JSON.parse(bytes.toString('utf8'))),
    (error) => { index = undefined; throw error; },
  ));
  const lists = new SizeBoundedLru<CountryList>(options.listCacheBytes, { released: options.released });
  // Searches repeat (type-ahead): answers are kept by list, limit and text.
  const results = new SizeBoundedLru<SearchResult>(options.resultCacheBytes, { released: options.released });

  async function countryList(key: string): Promise<CountryList> {
    const cached = lists.get(key);
    if (cached) return cached;
    const file = dist.files.get(key)!;
    const { bytes } = await bodies.read(key, 'identity');
    const list = { ...(sliceItems(bytes) ?? parseItems(bytes)), contentLanguage: file.contentLanguage };
    lists.set(key, list, file.bytes);
    return list;
  }

  const handle: Middleware = async (req, res) => {
    const query = readSearchText(req.query);
    if ('invalid' in query) return refuse(options, req, res, 'invalid_parameter', query.invalid);
    const locale = readLocale(req.query, dist);
    if ('invalid' in locale) return refuse(options, req, res, 'invalid_parameter', locale.invalid);
    const view = readView(req.query);
    if ('invalid' in view) return refuse(options, req, res, 'invalid_parameter', view.invalid);
    const limit = readLimit(req.query);
    if ('invalid' in limit) return refuse(options, req, res, 'invalid_parameter', limit.invalid);

    const listKey = localizedFile(dist, locale.value, view.value === 'full' ? 'countries.full.json' : 'countries.json');
    const resultKey = `${listKey}\0${limit.value}\0${query.value}`;
    let result = results.get(resultKey);
    if (!result) {
      const list = await countryList(listKey);
      const countries = (await search()).find(query.value, limit.value).map((code) => list.items.get(code)).filter((item) => item !== undefined);
      // What JSON.stringify({ query, count, locale, countries }) gives, the items' bytes as they are.
      const head = `{"query":${JSON.stringify(query.value)},"count":${countries.length},"locale":${JSON.stringify(list.locale)},"countries":[`;
      const parts: Buffer[] = [Buffer.from(head)];
      countries.forEach((item, index) => {
        if (index > 0) parts.push(COMMA);
        parts.push(item);
      });
      parts.push(CLOSE);
      const body = Buffer.concat(parts);
      result = { body, etag: `"${createHash('sha256').update(body).digest('hex')}"`, contentLanguage: list.contentLanguage };
      results.set(resultKey, result, body.length);
    }
    options.resolved?.(req, { search: resultKey });
    sendJson(req, res, result.body, result.etag, result.contentLanguage, options);
  };
  return { handle, cached: (resultKey) => results.get(resultKey) };
}
