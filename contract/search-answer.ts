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
  /** Each item's bytes, by code, as the list file has them: views into the file itself. */
  items: Map<string, Uint8Array>;
  options: SearchOptions;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * `file` is a list file's bytes (`countries.json` or `countries.full.json` in a locale); `chainOf` gives a
 * locale's fallback chain. Each item is kept as a view of the file's own bytes (the build writes
 * JSON.stringify's output) and parsed on its own: the file stays one block outside the JS heap, freed
 * with its buffer once the cache lets it go. A full list kept as text, or parsed whole, is megabytes of
 * strings and objects that pile up in the old generation until its next full collection.
 */
export function searchableList(file: Uint8Array, chainOf: (locale: string) => readonly string[] | undefined): SearchableList {
  const { head, items } = splitList(file);
  const { locale, view } = JSON.parse(head) as { locale: string; view: string };
  const names = new Map<string, string>();
  const positions = new Map<string, number>();
  const byCode = new Map<string, Uint8Array>();
  for (const item of items) {
    const { code, name } = JSON.parse(decoder.decode(item)) as { code: string; name: string | { common: string } };
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

const COUNTRIES = encoder.encode('"countries":[');
const [QUOTE, BACKSLASH, COMMA, OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = [0x22, 0x5c, 0x2c, 0x5b, 0x5d, 0x7b, 0x7d];

/** Where `pattern` first occurs in `bytes`, or -1. */
function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array): number {
  for (let at = bytes.indexOf(pattern[0]); at >= 0; at = bytes.indexOf(pattern[0], at + 1)) {
    let i = 1;
    while (i < pattern.length && bytes[at + i] === pattern[i]) i++;
    if (i === pattern.length) return at;
  }
  return -1;
}

/**
 * The list cut in two: its items' bytes, and the rest (`head`, as text) with an empty `countries`. The
 * bytes searched for are ASCII, which UTF-8 never uses inside a character of more than one byte.
 */
function splitList(file: Uint8Array): { head: string; items: Uint8Array[] } {
  const open = indexOfBytes(file, COUNTRIES);
  if (open < 0) throw new Error('not a country list: it has no "countries" array');
  const items: Uint8Array[] = [];
  let at = open + COUNTRIES.length;
  while (file[at] === OPEN_OBJECT) {
    const end = valueEnd(file, at);
    items.push(file.subarray(at, end));
    at = file[end] === COMMA ? end + 1 : end;
  }
  if (file[at] !== CLOSE_ARRAY)
    throw new Error(`not a country list: ${JSON.stringify(decoder.decode(file.subarray(at, at + 20)))} where an item or its end was due`);
  return { head: `${decoder.decode(file.subarray(0, open))}"countries":[]${decoder.decode(file.subarray(at + 1))}`, items };
}

/** Where the object or array opening at `start` ends: brackets counted outside strings. */
function valueEnd(file: Uint8Array, start: number): number {
  let depth = 0;
  for (let at = start; at < file.length; at++) {
    const byte = file[at];
    if (byte === QUOTE) at = stringEnd(file, at);
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++;
    else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && --depth === 0) return at + 1;
  }
  throw new Error('not a country list: an item does not end');
}

/** The closing quote of the string opening at `start`: the next quote not escaped by an odd run of backslashes. */
function stringEnd(file: Uint8Array, start: number): number {
  for (let quote = file.indexOf(QUOTE, start + 1); quote >= 0; quote = file.indexOf(QUOTE, quote + 1)) {
    let backslashes = 0;
    while (file[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  throw new Error('not a country list: a string does not end');
}

/**
 * The answer for `text`, given what CountrySearch.find found for it with the list's options: the bytes of
 * JSON.stringify({ query, count, locale, view, countries }), the items' bytes as the list has them.
 */
export function searchBody(found: readonly string[], list: SearchableList, text: string, limit: number): Uint8Array<ArrayBuffer> {
  const listed = found.filter((code) => list.items.has(code));
  const countries = listed.slice(0, limit).map((code) => list.items.get(code)!);
  const head = encoder.encode(
    `{"query":${JSON.stringify(text)},"count":${listed.length},"locale":${JSON.stringify(list.locale)},"view":${JSON.stringify(list.view)},"countries":[`,
  );
  const body = new Uint8Array(head.length + countries.reduce((sum, item) => sum + item.length + 1, 0) + (countries.length === 0 ? 2 : 1));
  body.set(head);
  let at = head.length;
  for (const [i, item] of countries.entries()) {
    if (i > 0) body[at++] = COMMA;
    body.set(item, at);
    at += item.length;
  }
  body[at++] = CLOSE_ARRAY;
  body[at] = CLOSE_OBJECT;
  return body;
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
