/**
 * Runs the checks of official-name-checks.ts over every community name of countries.json (the
 * official and ISO short names iso-codes' catalogues translate), locale by locale. The import drops
 * what fails (build/import/community-names.ts); the gate refuses it (build/validate/community-names.ts).
 */
import type { UnknownWords } from './dictionary-words.ts';
import { editDistance, wordsOf } from './name-words.ts';
import { learnFormMarkers } from './forms-of-state.ts';
import { addedFormOfState, holdsOwnName, isCommonNameAsOfficial, otherCountryIn, type CountryNames } from './official-name-checks.ts';

export type CheckedField = 'official_name' | 'iso_name';
export interface NameFailure {
  code: string;
  field: CheckedField;
  locale: string;
  value: string;
  check: string;
  detail: string;
}

export interface CountryRecord {
  alpha2: string;
  name: Record<string, string>;
  alternative_names: Record<string, string[]>;
  official_name: Record<string, string>;
  iso_name: Record<string, string> | null;
}

export interface CheckOptions {
  /** Whether the value of a field in a locale is a community one (the others are trusted as they are). */
  isCommunity: (code: string, field: CheckedField, locale: string) => boolean;
  /** Official names a check dropped before, learned from with the served ones so the gate sees what the import saw. */
  dropped?: { code: string; field: string; locale: string; value: string }[];
  /** The spelling verdicts on the generic words of the locale's official names (Hunspell at import, its recorded verdicts in the gate). */
  unknownWords: UnknownWords;
}

const FIELDS: CheckedField[] = ['official_name', 'iso_name'];

export function countryNameFailures(countries: CountryRecord[], locales: string[], options: CheckOptions): NameFailure[] {
  const failures: NameFailure[] = [];
  const byCode = new Map<string, CountryRecord>();
  for (const country of countries) if (!byCode.has(country.alpha2)) byCode.set(country.alpha2, country);
  // The official names dropped before, by locale: looked up once per locale, not searched for in each.
  const droppedIn = new Map<string, { code: string; value: string }[]>();
  for (const entry of options.dropped ?? []) {
    if (entry.field !== 'official_name') continue;
    if (!droppedIn.has(entry.locale)) droppedIn.set(entry.locale, []);
    droppedIn.get(entry.locale)!.push(entry);
  }
  // One list per country for every locale: the checks find the words of each list once (official-name-checks.ts).
  const english = countries.map((country) => [country.name.en, country.official_name.en, country.iso_name?.en].filter(Boolean) as string[]);
  for (const tag of locales) {
    if (tag === 'en') continue;
    const all: CountryNames[] = countries.map((country, index) => ({
      code: country.alpha2,
      common: [country.name[tag], ...(country.alternative_names[tag] ?? [])].filter(Boolean),
      english: english[index],
    }));
    const learned = countries
      .filter((country) => country.official_name[tag])
      .map((country) => ({ english: country.official_name.en, local: country.official_name[tag] }));
    for (const entry of droppedIn.get(tag) ?? []) {
      const country = byCode.get(entry.code);
      if (country) learned.push({ english: country.official_name.en, local: entry.value });
    }
    const markers = learnFormMarkers(learned, tag);
    const genericWords = (text: string) => wordsOf(text, tag);
    const generic = countries.flatMap((country) => (country.official_name[tag] ? [...new Set(genericWords(country.official_name[tag]))] : []));
    const unknown = options.unknownWords([...new Set(generic)], tag) ?? new Set<string>();
    // A misspelt generic word: unknown to the dictionary and one letter off a known word three names or more write
    // ("Респуліка" for Республіка). Place names the dictionary lacks are near no such word.
    const uses = new Map<string, number>();
    for (const word of generic) uses.set(word, (uses.get(word) ?? 0) + 1);
    const common = [...uses].filter(([word, count]) => count >= 3 && !unknown.has(word)).map(([word]) => word);
    const misspeltOf = (word: string) => ([...word].length >= 5 && unknown.has(word) ? common.find((known) => editDistance(word, known, 1) <= 1) : undefined);
    countries.forEach((country, index) => {
      const own = all[index];
      for (const field of FIELDS) {
        const value = country[field]?.[tag];
        if (!value || !options.isCommunity(country.alpha2, field, tag)) continue;
        const fail = (check: string, detail: string) => failures.push({ code: country.alpha2, field, locale: tag, value, check, detail });
        // Another country's name is wrong only in a name without its own: "Französisch-Guyana", "Estats Units Mexicans" and
        // "Saint-Martin (partie française)" name a neighbour or a sovereign beside their own.
        const holdsOwn = !own.common.length || holdsOwnName(value, tag, own);
        const other = holdsOwn ? null : otherCountryIn(value, tag, own, all);
        if (other) fail('other-country-name', `holds the name of ${other}, and none of ${JSON.stringify(own.common)}`);
        else if (!holdsOwn) fail('own-name-missing', `holds none of ${JSON.stringify(own.common)}`);
        else if (field === 'official_name' && isCommonNameAsOfficial(value, tag, own, country.official_name.en, markers))
          fail('common-name-as-official', `the common name; ISO: ${country.official_name.en}`);
        else if (field === 'official_name') {
          const added = addedFormOfState(value, tag, own, country.official_name.en, markers);
          if (added) {
            fail('form-of-state', `writes ${added}, which ISO's "${country.official_name.en}" lacks`);
            continue;
          }
          const misspelt = genericWords(value).flatMap((word) => (misspeltOf(word) ? [`${word} (${misspeltOf(word)}?)`] : []));
          if (misspelt.length) fail('unknown-word', `${misspelt.join(', ')}: unknown to the ${tag} dictionary`);
        }
      }
    });
  }
  return failures;
}
