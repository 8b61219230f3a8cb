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

/**
 * `text` is a list file (`countries.json` or `countries.full.json` in a locale); `chainOf` gives a locale's
 * fallback chain. Each item is kept as the file's own text of it (the build writes JSON.stringify's output)
 * and parsed on its own: a full list parsed whole is megabytes of objects that outlive the young
 * generation and pile up in the old one until its next full collection.
 */
export function searchableList(text: string, chainOf: (locale: string) => readonly string[] | undefined): SearchableList {
  const { head, items } = splitList(text);
  const { locale, view } = JSON.parse(head) as { locale: string; view: string };
  const names = new Map<string, string>();
  const positions = new Map<string, number>();
  const byCode = new Map<string, string>();
  for (const item of items) {
    const { code, name } = JSON.parse(item) as { code: string; name: string | { common: string } };
    names.set(code, typeof name === 'string' ? name : name.common);
    positions.set(code, positions.size);
    byCode.set(code, item);
  }
  return {
    locale,
    view,
    items: byCode,
    options: {
      languages: readerLanguages([...(chainOf(locale) ?? [locale])]),
      displayed: (code) => names.get(code),
      // Ties go by the reader's list, which is in the locale's order already.
      position: (code) => positions.get(code) ?? Infinity,
    },
  };
}

const COUNTRIES = '"countries":[';

/** The list's text cut in two: its items' texts, and the rest (`head`) with an empty `countries`. */
function splitList(text: string): { head: string; items: string[] } {
  const open = text.indexOf(COUNTRIES);
  if (open < 0) throw new Error('not a country list: it has no "countries" array');
  const items: string[] = [];
  let at = open + COUNTRIES.length;
  while (text.charCodeAt(at) === 0x7b) {
    const end = valueEnd(text, at);
    items.push(text.slice(at, end));
    at = text.charCodeAt(end) === 0x2c ? end + 1 : end;
  }
  if (text.charCodeAt(at) !== 0x5d) throw new Error(`not a country list: ${JSON.stringify(text.slice(at, at + 20))} where an item or its end was due`);
  return { head: `${text.slice(0, open)}"countries":[]${text.slice(at + 1)}`, items };
}

/** Where the object or array opening at `start` ends: brackets counted outside strings. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  for (let at = start; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === 0x22) at = stringEnd(text, at);
    else if (char === 0x7b || char === 0x5b) depth++;
    else if ((char === 0x7d || char === 0x5d) && --depth === 0) return at + 1;
  }
  throw new Error('not a country list: an item does not end');
}

/** The closing quote of the string opening at `start`: the next quote not escaped by an odd run of backslashes. */
function stringEnd(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  throw new Error('not a country list: a string does not end');
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
