/**
 * Country search over dist's search index (its format is defined here; the build imports it to write
 * the index). A country ranks by its best match: first the language of the matched name (the reader's
 * language, then English, then any other), then the kind of match (exact code, exact name, name prefix,
 * word prefix, substring, one typo), then whether the name is the one the reader sees in the list;
 * ties go by that name, collated for the reader's locale.
 */

export const NORMALIZATION = 'NFKD, combining marks removed, lower case, ø æ œ ß ł đ ð þ ı spelled out in Latin letters, every run of non-letters/digits as one space, trimmed';

/** Letters NFKD leaves whole, written as a person without them on the keyboard types them. */
const FOLDED: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

export function normalize(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
    .replace(/[øæœßłđðþı]/g, (letter) => FOLDED[letter])
    .replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** One country in the index: its codes (lower case) and every name it has, normalized, with the languages that use it. */
export interface SearchIndexEntry {
  code: string;
  codes: string[];
  /** Normalized name -> base language subtags (`de`, `fo`) of the locales or sources that give it. */
  names: Record<string, string[]>;
  /** Names whose letters carry marks, in lower case with their marks (`ísland`): typed with its marks, a name is the reader's. */
  marked: string[];
}

/** A name as typed with its marks kept: lower case, NFC, white space folded. */
export function lowerWithMarks(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * What a search depends on in the text typed: the normalized query; the code it may be (a code is
 * typed in ASCII: "äg" is no code, though it folds to "ag"); the text with its marks, where it has
 * some beyond ASCII ("ísland"). Texts with the same parts find the same countries (`queryKey`).
 */
export function queryParts(text: string): { query: string; code: string | null; marked: string | null } {
  const query = normalize(text);
  const typed = lowerWithMarks(text);
  return {
    query,
    code: /^[a-z0-9]+$/.test(typed) ? typed : null,
    marked: typed !== query && /[^\p{ASCII}]/u.test(typed) ? typed : null,
  };
}

/** One string for the parts of a search text: the key its results are cached under. */
export function queryKey(text: string): string {
  const { query, code, marked } = queryParts(text);
  return `${query}\0${code === null ? '' : 'code'}\0${marked ?? ''}`;
}

export interface SearchIndex {
  normalization: string;
  ranking: string[];
  countries: SearchIndexEntry[];
}

export const RANKING = [
  'language of the matched name: the reader\'s (locale and fallbacks, or any name matched with the marks the query was typed with), English, any other',
  'kind of match: exact code, exact name, name prefix, word prefix, substring, one typo (4 characters or more)',
  'the name the reader sees in the list before any other name',
  'ties: the name the reader sees, collated for the locale, then the code',
];

export interface SearchOptions {
  /** Base languages of the reader's locale and its fallbacks (`['pt']` for pt-PT; `['en']` for English). */
  languages: string[];
  /** The name each country has in the reader's list (normalized lookups and the tie-break use it). */
  displayed: (code: string) => string | undefined;
  collator: Intl.Collator;
}

const TYPO_MIN_LENGTH = 4;
const KIND = { code: 0, exact: 1, prefix: 2, wordPrefix: 3, substring: 4, typo: 5 } as const;

/** True when `a` becomes `b` by at most one insertion, deletion, substitution or swap of adjacent characters. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length !== b.length) return (a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1));
  if (i === a.length || a.slice(i + 1) === b.slice(i + 1)) return true;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Kind of match of `name` for `query` (`spaced` is the query after a space: a word prefix), or -1. */
function kindOf(name: string, query: string, spaced: string): number {
  if (name === query) return KIND.exact;
  if (name.startsWith(query)) return KIND.prefix;
  if (name.includes(spaced)) return KIND.wordPrefix;
  return name.includes(query) ? KIND.substring : -1;
}

interface Candidate {
  code: string;
  codes: string[];
  names: [string, string[]][];
  marked: string[];
  /** Every name between newlines: one includes() tells whether any name matches at all. */
  joined: string;
}

/** A name, or a word of one, that a query one edit away would match as a typo. */
interface Term { text: string; country: number; name: string; languages: string[] }

export class CountrySearch {
  readonly #countries: Candidate[];
  /** Names and their words by length, where typos are looked for. */
  readonly #termsByLength = new Map<number, Term[]>();

  constructor(index: SearchIndex) {
    this.#countries = index.countries.map((country, position) => {
      const names = Object.entries(country.names);
      for (const [name, languages] of names) {
        for (const text of new Set([name, ...name.split(' ')])) {
          const bucket = this.#termsByLength.get(text.length) ?? [];
          bucket.push({ text, country: position, name, languages });
          this.#termsByLength.set(text.length, bucket);
        }
      }
      return { code: country.code, codes: country.codes, names, marked: country.marked, joined: `\n${names.map(([name]) => name).join('\n')}\n` };
    });
  }

  /** Every matching country's alpha-2 code, best first. */
  find(text: string, options: SearchOptions): string[] {
    const { query, code, marked } = queryParts(text);
    if (query === '') return [];
    const spaced = ` ${query}`;
    const reader = new Set(options.languages);
    const tierOf = (languages: string[]) => (languages.some((language) => reader.has(language)) ? 0 : languages.includes('en') ? 1 : 2);
    const seenNames = new Map<number, string>();
    const seen = (index: number) => {
      if (!seenNames.has(index)) seenNames.set(index, normalize(options.displayed(this.#countries[index].code) ?? ''));
      return seenNames.get(index);
    };
    // Language, then kind, then the displayed name first: one number, smaller is better.
    const score = (index: number, tier: number, kind: number, name: string) => tier * 100 + kind * 10 + (name === seen(index) ? 0 : 1);
    const best = new Map<number, number>();
    const offer = (index: number, value: number) => { if (value < (best.get(index) ?? Infinity)) best.set(index, value); };
    this.#countries.forEach((country, index) => {
      if (code !== null && country.codes.includes(code)) return offer(index, 0);
      if (country.joined.includes(query)) {
        for (const [name, languages] of country.names) {
          const kind = kindOf(name, query, spaced);
          if (kind !== -1) offer(index, score(index, tierOf(languages), kind, name));
        }
      }
      if (marked) for (const name of country.marked) {
        const kind = kindOf(name, marked, ` ${marked}`);
        if (kind !== -1) offer(index, score(index, 0, kind, normalize(name)));
      }
    });
    // One typo (for 4 characters or more) counts where nothing matched better: a name in any language, or a word of one.
    if (query.length >= TYPO_MIN_LENGTH) {
      for (let length = query.length - 1; length <= query.length + 1; length++) {
        for (const term of this.#termsByLength.get(length) ?? []) {
          if (best.has(term.country) && best.get(term.country)! < KIND.typo * 10) continue;
          if (withinOneEdit(term.text, query)) offer(term.country, score(term.country, tierOf(term.languages), KIND.typo, term.name));
        }
      }
    }
    const displayed = (index: number) => options.displayed(this.#countries[index].code) ?? '';
    return [...best]
      .sort(([a, x], [b, y]) => x - y || options.collator.compare(displayed(a), displayed(b)) || (this.#countries[a].code < this.#countries[b].code ? -1 : 1))
      .map(([index]) => this.#countries[index].code);
  }
}
