/**
 * Country search over dist's search index (its format is defined here; the build imports it to write
 * the index). Pure: no Node API, so it runs on an edge runtime too. An answer holds what a person could
 * have meant: the countries of the best stratum that matched (STRATA), after any whose code was typed.
 * Within it, a country ranks by its best match: the language of the matched name (the reader's, English,
 * the country's own, any other), the kind of match, the name the reader sees in the list before others;
 * ties go by the order of the reader's list.
 */

export const INDEX_VERSION = 3;

export const NORMALIZATION =
  'NFKD; accents removed (combining diacritical marks, Hebrew points, Arabic harakat), other marks kept (kana voicing, Indic and Thai vowel signs), then NFC; katakana as hiragana; lower case; ø æ œ ß ł đ ð þ ı spelled out in Latin letters; every run of non-letters/digits as one space; trimmed';

const ACCENTS = /[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F\u0591-\u05C7\u064B-\u065F\u0670]/gu;

/** Letters NFKD leaves whole, written as a person without them on the keyboard types them. */
const FOLDED: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

export function normalize(text: string): string {
  // Accents are left out when typed; a kana's voicing mark (は ば ぱ) or an Indic vowel sign makes another syllable. Katakana and hiragana spell one reading.
  return text
    .normalize('NFKD')
    .replace(ACCENTS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u30A1-\u30F6]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60))
    .replace(/[øæœßłđðþı]/g, (letter) => FOLDED[letter])
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
}

/** A name as typed with its marks kept: lower case, NFC, every run of characters that are no letter, digit or mark as one space. */
export function lowerWithMarks(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
}

/**
 * What a search depends on in the text typed: the normalized query; the code it may be (a code is
 * typed in ASCII: "äg" is no code, though it folds to "ag"); the text with its marks, where they make
 * it differ from the query ("ísland"). Texts with the same parts find the same countries.
 */
export function queryParts(text: string): { query: string; code: string | null; marked: string | null } {
  const query = normalize(text);
  const typed = lowerWithMarks(text);
  return { query, code: /^[a-z0-9]+$/.test(typed) ? typed : null, marked: typed !== query ? typed : null };
}

/** One string for the parts of a search text: what its results are kept under (`a!`, `a!!` and `A` are one). */
export function queryKey(text: string): string {
  const { query, code, marked } = queryParts(text);
  return `${query}\0${code === null ? '' : 'code'}\0${marked ?? ''}`;
}

/** Normalized name -> base language subtags (`de`, `fo`) of the locales or sources that give it. */
export type Names = Record<string, string[]>;

/** One country in the index: its codes (lower case) and every name it has, normalized. */
export interface SearchIndexEntry {
  code: string;
  codes: string[];
  /** Names a person types: common, alternative, former, colloquial, abbreviations, readings. */
  names: Names;
  /** ISO short and official forms ("korea republic of"): they match whole; anything less of them is only inside them. */
  formal: Names;
  /** Names of a country within it (England) or of the country before (Rhodesia): they match whole, or as the start of the name. */
  anchored: Names;
  /** Readings of a name (kana, pinyin), normalized: name -> readings. */
  readings: Record<string, string[]>;
  /** The country's own languages (official in it). */
  own: string[];
  /** Names whose letters carry marks, in lower case with their marks (`ísland`): typed with its marks, a name is the reader's. */
  marked: string[];
  /** The capital's names (each city's, where the functions are split), in every locale that gives one: they match only whole. */
  capitals: Names;
  /** ISO 4217 codes (lower case) of the currencies in use: a query of exactly those three letters finds the country. */
  currencies: string[];
}

export interface SearchIndex {
  version: number;
  normalization: string;
  strata: string[];
  ranking: string[];
  /** By language, the words its names write in lower case or in capitals inside a name ("and", "de", "und"; "USA" of "… dos EUA"): no word of a name starts there. */
  minor_words: Record<string, string[]>;
  countries: SearchIndexEntry[];
}

export const STRATA = [
  'typed with its marks (Ísland, ドイツ): a whole name, or for a one-word query a whole word of one (Guinée of Guinée-Bissau)',
  "a whole name in the reader's language or English, or for a one-word query a whole word of a name that is neither formal nor former (guinea: Guinea-Bissau, Papua New Guinea), or the whole name of its capital (canberra)",
  "the start of a name or of a word of one in the reader's language (for 3 characters or fewer only the name the reader sees or its reading, and for 1 only its start)",
  "a whole name or word in the country's own language (Ísland, Deutschland), or exactly the three-letter ISO 4217 code of a currency in use there (eur, USD)",
  "the start of a name or of a word of one in English or the country's own language",
  'a whole name or word in any other language, or the whole name of its capital in one',
  'the start of a name or of a word of one in any other language',
  "inside a name in the reader's language, English or the country's own (or part of a formal name, a word inside a former or constituent country's name)",
  'inside a name in any other language',
  "one typo (4 characters or more) of a name or a word of one in the reader's language, English or the country's own",
  'one typo of a name or a word of one in any other language',
];

export const RANKING = [
  "the country whose alpha-2, alpha-3 or numeric code was typed (in ASCII) first, then those of the first stratum any country matched in (beside a code, only the first five strata), and beside a whole name (of 4 characters or more) the names in the reader's list that start with it (niger: Niger, then Nigeria); no other",
  "language of the matched name: the reader's (locale and fallbacks, or typed with its marks), English, the country's own, any other",
  'kind of match: exact name, whole words at its start, whole words inside it, name prefix, word prefix, substring, one typo',
  'the name the reader sees in the list before any other name',
  "ties: the order of the reader's list (its names collated for the locale; ja by reading)",
];

export interface SearchOptions {
  /** Base languages of the reader's locale and its fallbacks (`['pt']` for pt-PT; `['en']` for English). */
  languages: string[];
  /** The name each country has in the reader's list (normalized lookups use it). */
  displayed: (code: string) => string | undefined;
  /** Each country's place in the reader's list (collated, or by reading): the tie-break. */
  position: (code: string) => number;
}

/** The reader's languages: those of the locale and its fallbacks, English only where it is the reader's own. */
export function readerLanguages(chain: string[]): string[] {
  const own = chain.length > 1 ? chain.slice(0, -1) : chain;
  return [...new Set(own.map((tag) => tag.split('-')[0]))];
}

/** True when `a` becomes `b` by at most one insertion, deletion, substitution or swap of adjacent characters. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length !== b.length) return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
  if (i === a.length || a.slice(i + 1) === b.slice(i + 1)) return true;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

const TYPO_MIN_LENGTH = 4;
/** The shortest whole name beside which the names that start with it are listed: fewer letters start too many. */
const BESIDE_MIN_LENGTH = 4;
/** Up to this many characters, a query starts only the name the reader sees. */
const SHORT = 3;
const KIND = { exact: 0, wholeStart: 1, wholeWord: 2, prefix: 3, wordPrefix: 4, substring: 5, typo: 6 } as const;
/** Tiers of the matched name's language. */
const READER = 0,
  ENGLISH = 1,
  OWN = 2,
  OTHER = 3;
/** names: matched every way; formal ("korea republic of"): whole only; anchored (England, Rhodesia): whole, or from their start. */
type NameClass = 'names' | 'formal' | 'anchored';
const CLASSES: NameClass[] = ['names', 'formal', 'anchored'];

/** The stratum (index into STRATA) of a match of one kind, in a name of one class, in a language of one tier. */
function stratumOf(kind: number, nameClass: NameClass, tier: number, severalWords: boolean): number {
  const meant = tier !== OTHER;
  if (kind === KIND.typo) return meant ? 9 : 10;
  const inside =
    kind === KIND.substring ||
    (nameClass === 'formal' && kind !== KIND.exact) ||
    (nameClass === 'anchored' && (kind === KIND.wholeWord || kind === KIND.wordPrefix));
  if (inside) return meant ? 7 : 8;
  // Several words that are a whole name name that country: "republic of korea" is not "democratic people's republic of korea".
  // A formal or former name is named whole: "united" starts "United Mexican States", "netherlands" "Netherlands New Guinea",
  // and a formal name's start is a generic head ("Estado", "Republic of"): the name inside it comes up with its own names.
  const whole = kind === KIND.exact || (kind <= KIND.wholeWord && !severalWords && nameClass === 'names');
  if (whole) return tier <= ENGLISH ? 1 : tier === OWN ? 3 : 5;
  return tier === READER ? 2 : meant ? 4 : 6;
}

interface Candidate {
  entry: SearchIndexEntry;
  names: [string, string[], NameClass][];
  /** The capital's names with their languages: matched whole only, and never as a typo (Malé is no slip of Mali). */
  capitals: [string, string[]][];
  own: Set<string>;
  /** Every name between newlines: one includes() tells whether any name matches at all. */
  joined: string;
}

/** A name, or a word of one, that a query one edit away would match as a typo. */
interface Term {
  text: string;
  country: number;
  name: string;
  languages: string[];
}

export class CountrySearch {
  readonly #countries: Candidate[];
  readonly #minor: Map<string, Set<string>>;
  /** Names and their words by length, where typos are looked for. */
  readonly #termsByLength = new Map<number, Term[]>();

  constructor(index: SearchIndex) {
    if (index.version !== INDEX_VERSION) throw new Error(`search index version ${index.version}, expected ${INDEX_VERSION}`);
    this.#minor = new Map(Object.entries(index.minor_words).map(([language, words]) => [language, new Set(words)]));
    this.#countries = index.countries.map((entry, position) => {
      const names = CLASSES.flatMap((nameClass) =>
        Object.entries(entry[nameClass]).map(([name, languages]) => [name, languages, nameClass] as [string, string[], NameClass]),
      );
      for (const [name, languages, nameClass] of names) {
        // A typo is looked for in a name, its first word, and (for names matched every way) its other words.
        const words = name.split(' ').filter((word, at) => at === 0 || (nameClass === 'names' && !this.#isMinor(word, languages)));
        for (const text of new Set([name, ...words])) {
          const bucket = this.#termsByLength.get(text.length) ?? [];
          bucket.push({ text, country: position, name, languages });
          this.#termsByLength.set(text.length, bucket);
        }
      }
      const capitals = Object.entries(entry.capitals);
      return { entry, names, capitals, own: new Set(entry.own), joined: `\n${[...names, ...capitals].map(([name]) => name).join('\n')}\n` };
    });
  }

  #isMinor(word: string, languages: string[]): boolean {
    return languages.some((language) => this.#minor.get(language)?.has(word));
  }

  /** Kind of match of `query` in `name`: a word counts where it starts a word that is not a minor one, or -1. */
  #kindOf(name: string, query: string, languages: string[]): number {
    if (name === query) return KIND.exact;
    let best = -1;
    for (let at = name.indexOf(query); at !== -1; at = name.indexOf(query, at + 1)) {
      const end = at + query.length;
      const wordEnd = name.indexOf(' ', at);
      const significant = at === 0 || (name[at - 1] === ' ' && !this.#isMinor(name.slice(at, wordEnd === -1 ? undefined : wordEnd), languages));
      const whole = end === name.length || name[end] === ' ';
      const kind = !significant ? KIND.substring : at === 0 ? (whole ? KIND.wholeStart : KIND.prefix) : whole ? KIND.wholeWord : KIND.wordPrefix;
      if (best === -1 || kind < best) best = kind;
    }
    return best;
  }

  /** Every matching country's alpha-2 code, best first: see STRATA and RANKING. */
  find(text: string, options: SearchOptions): string[] {
    const { query, code, marked } = queryParts(text);
    if (query === '') return [];
    const reader = new Set(options.languages);
    const seenNames = new Map<number, string>();
    const seen = (index: number) => {
      if (!seenNames.has(index)) seenNames.set(index, normalize(options.displayed(this.#countries[index].entry.code) ?? ''));
      return seenNames.get(index)!;
    };
    // The name the reader sees, or its reading.
    const shown = (index: number, name: string) => name === seen(index) || (this.#countries[index].entry.readings[seen(index)] ?? []).includes(name);
    const coded: number[] = [];
    // Countries whose name in the reader's list starts with the query (niger: Nigeria).
    const startsShown = new Set<number>();
    // Per country: its best stratum, then within it language tier, kind and the displayed name first, as one number.
    const best = new Map<number, [number, number]>();
    const offer = (index: number, stratum: number, tier: number, kind: number, name: string) => {
      const rank = tier * 100 + kind * 10 + (shown(index, name) ? 0 : 1);
      const held = best.get(index);
      if (!held || stratum < held[0] || (stratum === held[0] && rank < held[1])) best.set(index, [stratum, rank]);
    };
    const length = [...query].length;
    const severalWords = query.includes(' ');
    // A currency code is typed whole, in ASCII: three letters, no fewer (eu and us are no code of one).
    const currency = code !== null && /^[a-z]{3}$/.test(code) ? code : null;
    this.#countries.forEach((country, index) => {
      const tierOf = (languages: string[]) =>
        languages.some((language) => reader.has(language))
          ? READER
          : languages.includes('en')
            ? ENGLISH
            : languages.some((language) => country.own.has(language))
              ? OWN
              : OTHER;
      if (code !== null && country.entry.codes.includes(code)) coded.push(index);
      // Below the names the reader's language starts with the query (mad: Madagascar, not Morocco's dirham).
      if (currency !== null && country.entry.currencies.includes(currency)) offer(index, 3, OWN, KIND.exact, seen(index));
      if (length <= SHORT) {
        // A few characters start the name the reader sees (or its reading; one: only its first word): other names would be noise.
        const displayed = seen(index);
        for (const name of [displayed, ...(country.entry.readings[displayed] ?? [])]) {
          const kind = this.#kindOf(name, query, options.languages);
          if (kind === -1) continue;
          const start = kind !== KIND.substring && (length > 1 || kind <= KIND.wholeStart || kind === KIND.prefix);
          offer(index, start ? 2 : 7, READER, kind, displayed);
        }
      }
      if (length > 1 && country.joined.includes(query)) {
        for (const [name, languages, nameClass] of country.names) {
          const kind = this.#kindOf(name, query, languages);
          if (kind === -1 || (length <= SHORT && kind >= KIND.prefix)) continue;
          const tier = tierOf(languages);
          offer(index, stratumOf(kind, nameClass, tier, severalWords), tier, kind, name);
          if (kind === KIND.prefix && tier === READER && length >= BESIDE_MIN_LENGTH && name === seen(index)) startsShown.add(index);
        }
        for (const [name, languages] of country.capitals) {
          if (name !== query) continue;
          const tier = tierOf(languages);
          offer(index, tier <= ENGLISH ? 1 : tier === OWN ? 3 : 5, tier, KIND.exact, name);
        }
      }
      if (marked && length > 1)
        for (const name of country.entry.marked) {
          // Typed with its marks, a name or a word of one is the reader's; the rest is matched without marks above.
          const kind = this.#kindOf(name, marked, []);
          if (kind === KIND.exact || (!severalWords && (kind === KIND.wholeStart || kind === KIND.wholeWord))) offer(index, 0, READER, kind, normalize(name));
        }
    });
    // One typo (for 4 characters or more) counts only where nothing matched better.
    if (best.size === 0 && query.length >= TYPO_MIN_LENGTH) {
      for (let length = query.length - 1; length <= query.length + 1; length++) {
        for (const term of this.#termsByLength.get(length) ?? []) {
          if (!withinOneEdit(term.text, query)) continue;
          const country = this.#countries[term.country];
          const meant = term.languages.some((language) => reader.has(language) || language === 'en' || country.own.has(language));
          offer(term.country, meant ? 9 : 10, meant ? READER : OTHER, KIND.typo, term.name);
        }
      }
    }
    // A typed code is a whole name in any language: only names the person may have meant come beside it.
    const first = Math.min(...[...best.values()].map(([stratum]) => stratum).filter((stratum) => coded.length === 0 || stratum <= 4));
    const position = (index: number) => options.position(this.#countries[index].entry.code);
    // Beside a whole name, the names in the reader's list that start with it, as a picker lists them while one types (niger: Nigeria).
    const beside = (index: number) => first === 1 && startsShown.has(index);
    const ranked = [...best]
      .filter(([index, held]) => (held[0] === first || beside(index)) && !coded.includes(index))
      .sort(([a, [s, x]], [b, [t, y]]) => s - t || x - y || position(a) - position(b));
    return [...coded, ...ranked.map(([index]) => index)].map((index) => this.#countries[index].entry.code);
  }
}
