/**
 * GET /v1/countries/search?q=&locale=&view=&limit= -> { query, count, locale, countries }: the
 * countries search.ts finds (count: all that matched), the first `limit` of them, each item as it is
 * in the country list of that locale and view, ranked for a reader of that locale. The index is read
 * on the first search (so the gateway starts sooner); lists and results are kept in the app's cache,
 * results because searches repeat (type-ahead).
 */
import { createHash } from 'node:crypto';
import { readFile, type Dist } from './dist.ts';
import type { Computed, Sender, SizeBoundedLru } from './send.ts';
import { readLimit, readLocale, readSearchText, readView } from './params.ts';
import { sendProblem } from './problem.ts';
import { localizedFile, type Route } from './routes.ts';
import { CountrySearch, type SearchOptions } from './search.ts';

interface CountryList {
  locale: string;
  contentLanguage: string | null;
  /** Each item's JSON, by code: what JSON.stringify gives for it, so results are made of these bytes. */
  items: Map<string, Buffer>;
  /** Ranking as a reader of this list's locale sees the countries. */
  options: SearchOptions;
}

/** The reader's languages: those of the locale and its fallbacks, English only where it is the reader's own. */
function languagesOf(chain: string[]): string[] {
  const own = chain.length > 1 ? chain.slice(0, -1) : chain;
  return [...new Set(own.map((tag) => tag.split('-')[0]))];
}

export function searchRoute(dist: Dist, cache: SizeBoundedLru<unknown>, send: Sender): Route {
  let index: CountrySearch | undefined;

  const countryList = (key: string): CountryList => {
    const id = `list ${key}`;
    let list = cache.get(id) as CountryList | undefined;
    if (!list) {
      const file = readFile(dist, key, 'identity');
      const { locale, countries } = JSON.parse(file.toString('utf8'));
      const items = new Map<string, Buffer>(countries.map((item: { code: string }) => [item.code, Buffer.from(JSON.stringify(item))]));
      const names = new Map<string, string>(countries.map((item: { code: string; name: string | { common: string } }) =>
        [item.code, typeof item.name === 'string' ? item.name : item.name.common]));
      const options: SearchOptions = {
        languages: languagesOf(dist.localeChains.get(locale.toLowerCase()) ?? [locale]),
        displayed: (code) => names.get(code),
        collator: new Intl.Collator(locale),
      };
      list = { locale, contentLanguage: dist.files.get(key)!.contentLanguage, items, options };
      cache.set(id, list, file.length);
    }
    return list;
  };

  const search = (listKey: string, text: string, limit: number): Computed => {
    index ??= new CountrySearch(JSON.parse(readFile(dist, dist.searchIndex, 'identity').toString('utf8')));
    const list = countryList(listKey);
    const found = index.find(text, list.options).filter((code) => list.items.has(code));
    const countries = found.slice(0, limit).map((code) => list.items.get(code)!);
    // What JSON.stringify({ query, count, locale, countries }) gives, the items' bytes as they are.
    const head = `{"query":${JSON.stringify(text)},"count":${found.length},"locale":${JSON.stringify(list.locale)},"countries":[`;
    const body = Buffer.concat([Buffer.from(head), ...countries.flatMap((item, i) => (i > 0 ? [Buffer.from(','), item] : [item])), Buffer.from(']}')]);
    return { body, etag: `"${createHash('sha256').update(body).digest('hex')}"`, contentLanguage: list.contentLanguage, encoded: {} };
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
    let result = cache.get(id) as Computed | undefined;
    if (!result) {
      result = search(listKey, text.value, limit.value);
      // Room for the compressed copies made later too: they are at most the body's size together.
      cache.set(id, result, 2 * result.body.length);
    }
    send.json(req, res, result);
  };
}
