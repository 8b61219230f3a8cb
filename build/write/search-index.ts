/**
 * The search index of endpoint 3, written into dist so that an offline mirror can search too (its
 * format and normalization are contract/search.ts's). Pure: no Node API. Every country carries its
 * codes, its own languages and every name a person may type for it, each with the languages it is a
 * name in, in three classes: names (CLDR common and alternative names in every served locale and in
 * the locales not served, curated abbreviations,
 * colloquial and endonym names, the kana and pinyin readings of ja and zh names), formal (ISO short and
 * official names, curated official names) and anchored (former names: ISO 3166-3's of codes with one
 * successor, curated ones; a constituent country's, England, in every locale). Beside them its capitals'
 * names in every locale that gives one, and the codes of the currencies in use.
 */
import { INDEX_VERSION, lowerWithMarks, normalize, NORMALIZATION, RANKING, STRATA, type Names, type SearchIndex } from '../../contract/search.ts';
import type { Datasets } from '../types/datasets.ts';

const language = (tag: string) => tag.split('-')[0];
type NameClass = 'names' | 'formal' | 'anchored';

/**
 * Words written in lower case (and, de, und) or in capitals (the USA of "Ilhas Menores Distantes dos EUA")
 * inside a name, by language, less those some name of it capitalizes there: joining words and qualifiers.
 */
function minorWords(texts: [string, string][]): Record<string, string[]> {
  const lower = new Map<string, Set<string>>();
  const upper = new Map<string, Set<string>>();
  for (const [text, tag] of texts) {
    for (const word of text
      .normalize('NFC')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(1)) {
      if (word.toLowerCase() === word.toUpperCase()) continue; // a script without case says nothing
      const capitals = word.length > 1 && word === word.toUpperCase();
      const seen = word === word.toLowerCase() || capitals ? lower : word[0] === word[0].toUpperCase() ? upper : null;
      if (!seen) continue;
      if (!seen.has(language(tag))) seen.set(language(tag), new Set());
      seen.get(language(tag))!.add(normalize(word));
    }
  }
  return Object.fromEntries(
    [...lower]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([tag, words]) => [tag, [...words].filter((word) => !upper.get(tag)?.has(word)).sort()] as const)
      .filter(([, words]) => words.length > 0),
  );
}

export function buildSearchIndex(data: Datasets): SearchIndex {
  const codes: string[] = data.countries.map((country) => country.alpha2);
  const namesOf = new Map(
    codes.map((code) => [code, { names: new Map(), formal: new Map(), anchored: new Map() } as Record<NameClass, Map<string, Set<string>>>]),
  );
  const markedOf = new Map(codes.map((code) => [code, new Set<string>()]));
  const readingsOf = new Map(codes.map((code) => [code, new Map<string, Set<string>>()]));
  const texts: [string, string][] = [];
  const addName = (code: string, nameClass: NameClass, name: string, tag: string) => {
    const names = namesOf.get(code)![nameClass];
    if (!names.has(name)) names.set(name, new Set());
    names.get(name)!.add(language(tag));
  };
  const add = (code: string, nameClass: NameClass, text: string, tag: string) => {
    // What brackets add qualifies the name ("Virgin Islands (British)"): the name is the rest; the whole only from its start.
    const bare = text.replace(/\s*[(（][^)）]*[)）]\s*/gu, ' ').trim();
    if (bare !== text && bare !== '') {
      add(code, nameClass, bare, tag);
      nameClass = 'anchored';
    }
    const name = normalize(text);
    if (!name) return;
    texts.push([text, tag]);
    addName(code, nameClass, name, tag);
    // Initials are typed without their stops and spaces too: "EE. UU." as "eeuu".
    const words = name.split(' ');
    if (words.length > 1 && words.every((word) => word.length <= 2)) addName(code, nameClass, words.join(''), tag);
    // Typed with its marks, a name a person types is the reader's (a formal or former one is matched without them).
    const marked = lowerWithMarks(text);
    if (nameClass === 'names' && marked !== name && /\p{M}|[^\p{ASCII}]/u.test(marked)) markedOf.get(code)!.add(marked);
  };
  const addLocalized = (code: string, nameClass: NameClass, localized: Record<string, string | string[]> | null) => {
    for (const [tag, values] of Object.entries(localized ?? {})) for (const text of [values].flat()) add(code, nameClass, text, tag);
  };
  for (const country of data.countries) {
    addLocalized(country.alpha2, 'names', country.name);
    addLocalized(country.alpha2, 'names', country.alternative_names);
    addLocalized(country.alpha2, 'formal', country.iso_name);
    addLocalized(country.alpha2, 'formal', country.official_name);
  }
  for (const { country, names } of data['unserved-locale-names']) {
    for (const [text, tags] of Object.entries<string[]>(names)) for (const tag of tags) add(country, 'names', text, tag);
  }
  for (const former of data['withdrawn-codes'].countries) {
    if (former.replaced_by.length === 1) add(former.replaced_by[0], 'anchored', former.name, 'en');
  }
  const subdivisions = new Map(data.subdivisions.map((subdivision) => [subdivision.code, subdivision]));
  for (const entry of data['curated/search-names']) {
    const nameClass = entry.kind === 'official' ? 'formal' : entry.kind === 'constituent' || entry.kind === 'former' ? 'anchored' : 'names';
    for (const text of entry.names) add(entry.country, nameClass, text, entry.locale);
    const subdivision = entry.subdivision ? subdivisions.get(entry.subdivision) : undefined;
    if (subdivision) addLocalized(entry.country, 'anchored', subdivision.name);
  }
  // A reading is typed as one word per run of characters (pinyin orthography writes a name's syllables together), ü also as v.
  for (const { country, language: tag, name, readings } of data['name-readings']) {
    for (const reading of readings) {
      const joined = reading.replace(/(?<=[a-zü]) (?=[a-zü])/g, '');
      for (const text of new Set([joined, joined.replace(/ü/g, 'v')])) {
        addName(country, 'names', normalize(text), tag);
        const held = readingsOf.get(country)!;
        if (!held.has(normalize(name))) held.set(normalize(name), new Set());
        held.get(normalize(name))!.add(normalize(text));
      }
    }
  }
  const ownOf = new Map<string, string[]>(data['country-languages'].map((entry) => [entry.country, entry.languages]));
  const capitalsOf = new Map(
    data.capitals.map((entry) => {
      const names = new Map<string, Set<string>>();
      for (const capital of entry.capitals ?? [])
        for (const [tag, text] of Object.entries<string>(capital.name)) {
          // What brackets or a comma add qualifies the city's name ("Washington, D.C.", "Tripoli (Libye)"): the rest is typed too.
          const bare = text.replace(/\s*[(（][^)）]*[)）]\s*/gu, ' ').split(',')[0];
          for (const name of new Set([normalize(text), normalize(bare)].filter(Boolean))) {
            if (!names.has(name)) names.set(name, new Set());
            names.get(name)!.add(language(tag));
          }
        }
      return [entry.country, names] as const;
    }),
  );
  const currenciesOf = new Map(
    data.currencies.countries.map((entry) => [entry.country, entry.currencies.map((currency) => currency.code.toLowerCase()).sort()]),
  );
  const sortedNames = (names: Map<string, Set<string>>, skip: Map<string, Set<string>>[]): Names =>
    Object.fromEntries(
      [...names]
        .filter(([name]) => !skip.some((other) => other.has(name)))
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, tags]) => [name, [...tags].sort()]),
    );
  const countries = data.countries.map((country) => {
    const classes = namesOf.get(country.alpha2)!;
    return {
      code: country.alpha2,
      codes: [country.alpha2, country.alpha3, country.numeric].map((code: string) => code.toLowerCase()),
      // A name in two classes is in the first that lets it match most.
      names: sortedNames(classes.names, []),
      formal: sortedNames(classes.formal, [classes.names]),
      anchored: sortedNames(classes.anchored, [classes.names, classes.formal]),
      readings: Object.fromEntries(
        [...readingsOf.get(country.alpha2)!].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, readings]) => [name, [...readings].sort()]),
      ),
      own: ownOf.get(country.alpha2) ?? [],
      marked: [...markedOf.get(country.alpha2)!].sort(),
      capitals: sortedNames(capitalsOf.get(country.alpha2) ?? new Map(), []),
      currencies: currenciesOf.get(country.alpha2) ?? [],
    };
  });
  return { version: INDEX_VERSION, normalization: NORMALIZATION, strata: STRATA, ranking: RANKING, minor_words: minorWords(texts), countries };
}
