/**
 * The search index of endpoint 3, written into dist so that an offline mirror can search too (its
 * format and normalization are contract/search.ts's). Every country carries its codes and every name a
 * person may type for it, each with the languages it is a name in: common, ISO short, official and
 * CLDR alternative names in every served locale, CLDR names in the locales not served, ISO 3166-3
 * former names (of codes with one successor), curated abbreviations, colloquial, former and endonym
 * names, and for constituent countries (England) every name of that subdivision.
 */
import { lowerWithMarks, normalize, RANKING, NORMALIZATION, type SearchIndex } from '../../contract/search.ts';
import type { Datasets } from '../validate/validate-data.ts';

const language = (tag: string) => tag.split('-')[0];

export function buildSearchIndex(data: Datasets): SearchIndex {
  const namesOf = new Map<string, Map<string, Set<string>>>(data.countries.map((country: any) => [country.alpha2, new Map()]));
  const markedOf = new Map<string, Set<string>>(data.countries.map((country: any) => [country.alpha2, new Set()]));
  const addName = (code: string, name: string, tag: string) => {
    const names = namesOf.get(code)!;
    if (!names.has(name)) names.set(name, new Set());
    names.get(name)!.add(language(tag));
  };
  const add = (code: string, text: string, tag: string) => {
    const name = normalize(text);
    if (!name) return;
    addName(code, name, tag);
    // Initials are typed without their stops and spaces too: "EE. UU." as "eeuu".
    const words = name.split(' ');
    if (words.length > 1 && words.every((word) => word.length <= 2)) addName(code, words.join(''), tag);
    const marked = lowerWithMarks(text);
    if (marked !== name && /\p{M}|[^\p{ASCII}]/u.test(marked)) markedOf.get(code)!.add(marked);
  };
  const addLocalized = (code: string, localized: Record<string, string | string[]> | null) => {
    for (const [tag, texts] of Object.entries(localized ?? {})) for (const text of [texts].flat()) add(code, text, tag);
  };
  for (const country of data.countries) {
    for (const field of ['name', 'iso_name', 'official_name', 'alternative_names']) addLocalized(country.alpha2, country[field]);
  }
  for (const { country, names } of data['unserved-locale-names']) {
    for (const [text, tags] of Object.entries<string[]>(names)) for (const tag of tags) add(country, text, tag);
  }
  for (const former of data['withdrawn-codes'].countries) {
    if (former.replaced_by.length === 1) add(former.replaced_by[0], former.name, 'en');
  }
  const subdivisions = new Map(data.subdivisions.map((subdivision: any) => [subdivision.code, subdivision]));
  for (const entry of data['curated/search-names']) {
    for (const text of entry.names) add(entry.country, text, entry.locale);
    const subdivision: any = entry.subdivision && subdivisions.get(entry.subdivision);
    if (subdivision) addLocalized(entry.country, subdivision.name);
  }
  const countries = data.countries.map((country: any) => ({
    code: country.alpha2,
    codes: [country.alpha2, country.alpha3, country.numeric].map((code: string) => code.toLowerCase()),
    names: Object.fromEntries([...namesOf.get(country.alpha2)!].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, tags]) => [name, [...tags].sort()])),
    marked: [...markedOf.get(country.alpha2)!].sort(),
  }));
  return { normalization: NORMALIZATION, ranking: RANKING, countries };
}
