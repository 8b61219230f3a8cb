/**
 * Search on the edge: the gateway's search (contract/search.ts, search-answer.ts) over the release's
 * index, read through the assets binding once per isolate, on the first search. As on the gateway,
 * what a query finds is kept under its normalized form and small answers are kept whole, in the
 * isolate's size-bounded cache; the ETag is the answer's SHA-256.
 */
import type { SizeBoundedLru } from '../contract/lru.ts';
import { foundCountries, KEPT_ANSWER_BYTES, SEARCH_CACHE_IDS, searchableList, searchBody, type SearchableList } from '../contract/search-answer.ts';
import { CountrySearch } from '../contract/search.ts';
import { contentLanguageOf } from '../contract/layout.ts';
import type { ReleaseInfo } from '../contract/release.ts';
import type { EdgeAssets } from './assets.ts';

/** A body computed on the edge, with what its headers need. */
export interface Computed {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  contentLanguage: string | null;
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

export type EdgeSearch = (release: ReleaseInfo, listKey: string, text: string, limit: number) => Promise<Computed>;

export function edgeSearch(assets: EdgeAssets, cache: SizeBoundedLru<unknown>): EdgeSearch {
  let index: Promise<CountrySearch> | undefined;
  const lists = new Map<string, Promise<SearchableList>>();

  const indexOf = (release: ReleaseInfo) => {
    index ??= assets.text(release.searchIndex).then((text) => new CountrySearch(JSON.parse(text)));
    index.catch(() => (index = undefined));
    return index;
  };
  const listOf = async (release: ReleaseInfo, key: string): Promise<SearchableList> => {
    const kept = cache.get(SEARCH_CACHE_IDS.list(key)) as SearchableList | undefined;
    if (kept) return kept;
    // One read however many searches of a list arrive together.
    let reading = lists.get(key);
    if (!reading) {
      reading = assets.bytes(key).then((file) => {
        const list = searchableList(file, (locale) => release.localeChains.get(locale.toLowerCase()));
        cache.set(SEARCH_CACHE_IDS.list(key), list, 2 * file.length);
        return list;
      });
      lists.set(key, reading);
      reading.finally(() => lists.delete(key)).catch(() => {});
    }
    return reading;
  };

  return async (release, listKey, text, limit) => {
    const answerId = SEARCH_CACHE_IDS.answer(listKey, text, limit);
    const kept = cache.get(answerId) as Computed | undefined;
    if (kept) return kept;
    const [search, list] = await Promise.all([indexOf(release), listOf(release, listKey)]);
    const body = searchBody(foundCountries(cache, search, list, listKey, text), list, text, limit);
    const answer: Computed = {
      body,
      etag: `"${hex(await crypto.subtle.digest('SHA-256', body))}"`,
      contentLanguage: contentLanguageOf(listKey, release.defaultLocale),
    };
    if (body.length <= KEPT_ANSWER_BYTES) cache.set(answerId, answer, body.length + text.length);
    return answer;
  };
}
