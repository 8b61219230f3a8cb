/**
 * The answer of GET /v1/countries/search, built the same on every tier that searches: the countries
 * search.ts finds, the first `limit` of them, each item exactly as the country list of the answer's
 * locale and view has it, ranked for a reader of that locale.
 */
import type { SizeBoundedLru } from './lru.ts';
import { queryKey, readerLanguages, type CountrySearch, type SearchOptions } from './search.ts';

/** A country list file made ready to answer searches in its locale and view. */
export interface SearchableList {
  locale: string;
  view: string;
  /** Each item's JSON, by code, as the list file has it. */
  items: Map<string, string>;
  options: SearchOptions;
}

/** `text` is a list file (`countries.json` or `countries.full.json` in a locale); `chainOf` gives a locale's fallback chain. */
export function searchableList(text: string, chainOf: (locale: string) => readonly string[] | undefined): SearchableList {
  const { locale, view, countries } = JSON.parse(text) as { locale: string; view: string; countries: { code: string; name: string | { common: string } }[] };
  const names = new Map(countries.map((item) => [item.code, typeof item.name === 'string' ? item.name : item.name.common]));
  const positions = new Map(countries.map((item, at) => [item.code, at]));
  return {
    locale,
    view,
    items: new Map(countries.map((item) => [item.code, JSON.stringify(item)])),
    options: {
      languages: readerLanguages([...(chainOf(locale) ?? [locale])]),
      displayed: (code) => names.get(code),
      // Ties go by the reader's list, which is in the locale's order already.
      position: (code) => positions.get(code) ?? Infinity,
    },
  };
}

/**
 * The answer for `text`, given what CountrySearch.find found for it with the list's options: what
 * JSON.stringify({ query, count, locale, view, countries }) gives, the items' JSON as the list has it.
 */
export function searchBody(found: readonly string[], list: SearchableList, text: string, limit: number): string {
  const listed = found.filter((code) => list.items.has(code));
  const countries = listed.slice(0, limit).map((code) => list.items.get(code)!);
  return `{"query":${JSON.stringify(text)},"count":${listed.length},"locale":${JSON.stringify(list.locale)},"view":${JSON.stringify(list.view)},"countries":[${countries.join(',')}]}`;
}

/**
 * How every tier that searches keeps its work in its size-bounded cache: a list made searchable, what a
 * query finds (under its normalized form, so `a!`, `a!!` and `A` are one entry), and an answer whole only
 * up to KEPT_ANSWER_BYTES, so no client can fill the cache with large answers echoing distinct queries.
 */
export const KEPT_ANSWER_BYTES = 64 * 1024;
export const SEARCH_CACHE_IDS = {
  list: (listKey: string) => `list ${listKey}`,
  answer: (listKey: string, text: string, limit: number) => `search ${listKey}\0${limit}\0${text}`,
};

/** What `search` finds for `text` in `list`, from the cache or found and kept there. */
export function foundCountries(cache: SizeBoundedLru<unknown>, search: CountrySearch, list: SearchableList, listKey: string, text: string): string[] {
  const id = `found ${listKey}\0${queryKey(text)}`;
  let found = cache.get(id) as string[] | undefined;
  if (!found) cache.set(id, (found = search.find(text, list.options)), 64 + 8 * found.length);
  return found;
}
