/**
 * GET /v1/countries/search?q=&locale=&view=&limit= -> { query, count, locale, countries }: the
 * countries search.ts finds, each item as it is in the country list of that locale and view. The
 * index is read on the first search (about 90 ms, so the gateway starts sooner); lists and results
 * are kept in the app's cache, results because searches repeat (type-ahead).
 */
import { createHash } from 'node:crypto';
import { readFile, type Dist } from './dist.ts';
import type { SizeBoundedLru } from './send.ts';
import { readLimit, readLocale, readSearchText, readView } from './params.ts';
import { sendProblem } from './problem.ts';
import { localizedFile, type Route } from './routes.ts';
import { CountrySearch } from './search.ts';
import type { Sender } from './send.ts';

interface CountryList {
  locale: string;
  contentLanguage: string | null;
  /** Each item's JSON, by code: what JSON.stringify gives for it, so results are made of these bytes. */
  items: Map<string, Buffer>;
}

interface Result { body: Buffer; etag: string; contentLanguage: string | null }

export function searchRoute(dist: Dist, cache: SizeBoundedLru<unknown>, send: Sender): Route {
  let index: CountrySearch | undefined;

  const countryList = (key: string): CountryList => {
    const id = `list ${key}`;
    let list = cache.get(id) as CountryList | undefined;
    if (!list) {
      const file = readFile(dist, key, 'identity');
      const { locale, countries } = JSON.parse(file.toString('utf8'));
      const items = new Map<string, Buffer>(countries.map((item: { code: string }) => [item.code, Buffer.from(JSON.stringify(item))]));
      list = { locale, contentLanguage: dist.files.get(key)!.contentLanguage, items };
      cache.set(id, list, file.length);
    }
    return list;
  };

  const search = (listKey: string, text: string, limit: number): Result => {
    index ??= new CountrySearch(JSON.parse(readFile(dist, dist.searchIndex, 'identity').toString('utf8')));
    const list = countryList(listKey);
    const countries = index.find(text, limit).map((code) => list.items.get(code)).filter((item) => item !== undefined);
    // What JSON.stringify({ query, count, locale, countries }) gives, the items' bytes as they are.
    const head = `{"query":${JSON.stringify(text)},"count":${countries.length},"locale":${JSON.stringify(list.locale)},"countries":[`;
    const body = Buffer.concat([Buffer.from(head), ...countries.flatMap((item, i) => (i > 0 ? [Buffer.from(','), item] : [item])), Buffer.from(']}')]);
    return { body, etag: `"${createHash('sha256').update(body).digest('hex')}"`, contentLanguage: list.contentLanguage };
  };

  return (req, res) => {
    const text = readSearchText(req.query);
    if ('invalid' in text) return sendProblem(res, 'invalid_parameter', text.invalid);
    const locale = readLocale(req.query, dist);
    if ('invalid' in locale) return sendProblem(res, 'invalid_parameter', locale.invalid);
    const view = readView(req.query);
    if ('invalid' in view) return sendProblem(res, 'invalid_parameter', view.invalid);
    const limit = readLimit(req.query);
    if ('invalid' in limit) return sendProblem(res, 'invalid_parameter', limit.invalid);

    const listKey = localizedFile(dist, locale.value, view.value === 'full' ? 'countries.full.json' : 'countries.json');
    const id = `search ${listKey}\0${limit.value}\0${text.value}`;
    let result = cache.get(id) as Result | undefined;
    if (!result) {
      result = search(listKey, text.value, limit.value);
      cache.set(id, result, result.body.length);
    }
    send.json(req, res, result.body, result.etag, result.contentLanguage);
  };
}
