/**
 * A city and the province around it confused: a subdivision ISO calls a city whose name carries a
 * province's or district's word of its language ("Tỉnh Hà Nội"), or a province called a city
 * ("Provincia di Roma" is a province; "Ville de X" for a province). Which categories are cities and
 * which provinces, and the words of each language, are data: data/curated/city-province-words.json.
 * A name is not refused for a word its own English or ISO name writes too ("City of Edinburgh").
 */

export interface CityProvinceWords {
  city_types: { types: string[]; by_country: Record<string, string[]>; source: string };
  province_types: { types: string[]; source: string };
  languages: { language: string; match: 'word' | 'prefix' | 'suffix'; city: string[]; province: string[]; source: string }[];
}

export interface Place {
  code: string;
  country: string;
  type: string;
  iso_name: string;
  name: Record<string, string>;
}

type Kind = 'city' | 'province';
type Language = CityProvinceWords['languages'][number];

/** The words of a name, lower case: letters, marks and the joiners Indic spelling needs. */
const wordsOf = (text: string) =>
  text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{M}\p{N}\u200c\u200d]+/u)
    .filter(Boolean);

/** A name as `carries` reads it: lower case and trimmed, and its words (split only once a word looked for is in it). */
interface ReadName {
  lower: string;
  words?: string[];
}

const read = (text: string): ReadName => ({ lower: text.toLocaleLowerCase().trim() });

/** The words of each word or phrase looked for, split once. */
const phrases = new Map<string, string[]>();

function carries(name: ReadName, word: string, match: Language['match']): boolean {
  if (match === 'prefix') return name.lower.startsWith(word);
  if (match === 'suffix') return name.lower.endsWith(word);
  let phrase = phrases.get(word);
  if (!phrase) phrases.set(word, (phrase = wordsOf(word)));
  if (phrase.length && !name.lower.includes(phrase[0])) return false;
  const words = (name.words ??= wordsOf(name.lower));
  return words.some((_, start) => phrase.every((part, offset) => words[start + offset] === part));
}

export class CityProvinceCheck {
  private readonly byLanguage: Map<string, Language>;

  constructor(private readonly table: CityProvinceWords) {
    this.byLanguage = new Map(table.languages.map((language) => [language.language, language]));
  }

  kindOf(place: Pick<Place, 'type' | 'country'>): Kind | null {
    const { city_types: cities, province_types: provinces } = this.table;
    if (cities.types.includes(place.type) || cities.by_country[place.country]?.includes(place.type)) return 'city';
    return provinces.types.includes(place.type) ? 'province' : null;
  }

  /** The other kind's word the name carries in the locale, or null. */
  wordOf(place: Place, locale: string, value: string): { word: string; kind: Kind } | null {
    const kind = this.kindOf(place);
    const language = this.byLanguage.get(locale.split('-')[0]);
    if (!kind || !language) return null;
    const other: Kind = kind === 'city' ? 'province' : 'city';
    const name = read(value);
    const word = language[other].find((candidate) => carries(name, candidate, language.match));
    if (!word) return null;
    // "City of Edinburgh" is a council area, "Sofia (stolitsa)" a city: a word the place's own names write is its own.
    const ownNames = [place.iso_name, place.name.en].filter(Boolean).map(read);
    const own = this.table.languages.some((each) => each[other].some((candidate) => ownNames.some((name) => carries(name, candidate, each.match))));
    return own ? null : { word, kind };
  }

  /** What the check found, for data/dropped-names.json and the gate's message, or null. */
  failure(place: Place, locale: string, value: string): string | null {
    const found = this.wordOf(place, locale, value);
    if (!found) return null;
    const other = found.kind === 'city' ? "a province's" : "a city's";
    return `ISO's category ${JSON.stringify(place.type)} is a ${found.kind}; the name carries ${other} word ${JSON.stringify(found.word)}`;
  }
}
