/**
 * Country search over dist's search index, held in memory. Names in the index are already normalized
 * (NFKD, marks removed, lower case, non-alphanumeric runs as one space); the query is normalized the
 * same way. Each country ranks by its best match, a common name before an official or alternative one
 * matched the same way, then by English name.
 */

const NEAR_MISS_MIN_LENGTH = 4;

interface IndexEntry {
  code: string;
  codes: string[];
  english: string;
  /** Common names only (absent in dists built before it existed: then every name counts as common). */
  common?: string[];
  names: string[];
}

interface Candidate {
  code: string;
  codes: string[];
  /** Common names of the country, each between newlines. */
  common: string;
  /** Every name of the country, each between newlines. */
  names: string;
}

const NEAR_MISS_RANK = 10;

export function normalize(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** True when b[j..] equals a[i..]. */
function sameTail(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false;
  for (; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
  return true;
}

/** True when `a` becomes `b` by at most one insertion, deletion, substitution or swap of adjacent characters. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (a.length > b.length) return sameTail(a, i + 1, b, i);
  if (a.length < b.length) return sameTail(a, i, b, i + 1);
  if (i === a.length || sameTail(a, i + 1, b, i + 1)) return true;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && sameTail(a, i + 2, b, i + 2);
}

/** 1 exact name, 2 name prefix, 3 word prefix, 4 substring, or -1. */
function matchOf(names: string, query: string): number {
  if (names.includes(`\n${query}\n`)) return 1;
  if (names.includes(`\n${query}`)) return 2;
  if (names.includes(` ${query}`)) return 3;
  return names.includes(query) ? 4 : -1;
}

/**
 * 0 exact code, then 2 x the match kind, plus 1 when only an official or alternative name matches that
 * well; -1 for no match (one typo, NEAR_MISS_RANK, is left to find()).
 */
function rankOf(entry: Candidate, query: string): number {
  if (entry.codes.includes(query)) return 0;
  const best = matchOf(entry.names, query);
  if (best === -1) return -1;
  return matchOf(entry.common, query) === best ? best * 2 : best * 2 + 1;
}

export class CountrySearch {
  #candidates: Candidate[];
  /** Every name and every word of a name, by length, with the index of its country: where typos are looked for. */
  #termsByLength = new Map<number, { term: string; index: number }[]>();

  constructor(index: { countries: IndexEntry[] }) {
    // Sorted once by the tie-breakers, so results need only a stable sort by rank.
    const sorted = [...index.countries].sort((a, b) => a.english.localeCompare(b.english) || a.code.localeCompare(b.code));
    this.#candidates = sorted.map(({ code, codes, common, names }, position) => {
      const terms = new Set(names.flatMap((name) => [name, ...name.split(' ')]));
      for (const term of terms) {
        const bucket = this.#termsByLength.get(term.length) ?? [];
        bucket.push({ term, index: position });
        this.#termsByLength.set(term.length, bucket);
      }
      // One string per country, names between newlines (normalized names contain none), searched with includes().
      return { code, codes, common: `\n${(common ?? names).join('\n')}\n`, names: `\n${names.join('\n')}\n` };
    });
  }

  /** Alpha-2 codes of the countries matching `text`, best first, at most `limit`. */
  find(text: string, limit: number): string[] {
    const query = normalize(text);
    if (query === '') return [];
    const ranks = this.#candidates.map((entry) => rankOf(entry, query));
    if (query.length >= NEAR_MISS_MIN_LENGTH) {
      // One edit changes the first or the last character, never both (for 3 or more characters): a cheap filter.
      const first = query.charCodeAt(0);
      const last = query.charCodeAt(query.length - 1);
      for (let length = query.length - 1; length <= query.length + 1; length++) {
        for (const { term, index } of this.#termsByLength.get(length) ?? []) {
          if (ranks[index] !== -1 || (term.charCodeAt(0) !== first && term.charCodeAt(length - 1) !== last)) continue;
          if (withinOneEdit(term, query)) ranks[index] = NEAR_MISS_RANK;
        }
      }
    }
    return this.#candidates
      .map((entry, index) => ({ entry, rank: ranks[index] }))
      .filter(({ rank }) => rank !== -1)
      .sort((a, b) => a.rank - b.rank)
      .slice(0, limit)
      .map(({ entry }) => entry.code);
  }
}
