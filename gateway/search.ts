/**
 * Search on the gateway: the contract's search (contract/search.ts, search-answer.ts) over the dist's
 * index, read on the first search so the gateway starts sooner. Which countries match is kept in the
 * app's cache under the normalized query, so `a!`, `a!!` and `A` are one entry. The body echoes the
 * query as typed: a small one (type-ahead) is kept with its compressed copies, a large one is made
 * again for each request and sent uncompressed (send.ts), so no client can fill the cache with them.
 */
import { createHash } from 'node:crypto';
import { foundCountries, KEPT_ANSWER_BYTES, SEARCH_CACHE_IDS, searchableList, searchBody, type SearchableList } from '../contract/search-answer.ts';
import { CountrySearch } from '../contract/search.ts';
import { readFile, type Dist } from './dist.ts';
import type { SizeBoundedLru } from '../contract/lru.ts';
import type { Computed } from './send.ts';

export type Search = (listKey: string, text: string, limit: number) => Computed;

export function gatewaySearch(dist: Dist, cache: SizeBoundedLru<unknown>): Search {
  let index: CountrySearch | undefined;
  const read = (key: string) => readFile(dist, key, 'identity');

  const listOf = (key: string): SearchableList => {
    const id = SEARCH_CACHE_IDS.list(key);
    let list = cache.get(id) as SearchableList | undefined;
    if (!list) {
      const file = read(key);
      list = searchableList(file, (locale) => dist.release.localeChains.get(locale.toLowerCase()));
      cache.set(id, list, 2 * file.length);
    }
    return list;
  };

  return (listKey, text, limit) => {
    const answerId = SEARCH_CACHE_IDS.answer(listKey, text, limit);
    const kept = cache.get(answerId) as Computed | undefined;
    if (kept) return kept;
    index ??= new CountrySearch(JSON.parse(read(dist.release.searchIndex).toString('utf8')));
    const list = listOf(listKey);
    const found = searchBody(foundCountries(cache, index, list, listKey, text), list, text, limit);
    const body = Buffer.from(found.buffer, found.byteOffset, found.length);
    const answer: Computed = {
      body,
      etag: `"${createHash('sha256').update(body).digest('hex')}"`,
      contentLanguage: dist.files.get(listKey)!.contentLanguage,
      encoded: {},
      heads: {},
    };
    // Room for the compressed copies made later too (at most the body's size together), and their heads.
    if (body.length <= KEPT_ANSWER_BYTES) cache.set(answerId, answer, 2 * body.length + text.length + 512);
    return answer;
  };
}
