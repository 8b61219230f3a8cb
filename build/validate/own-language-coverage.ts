/**
 * Own country, own language: for every country, how many of its subdivisions a reader of each of its
 * official or de facto official languages (CLDR territoryInfo) that is a served locale sees named in
 * that language's script. `npm run subdivision-coverage -- --countries` prints it.
 */
import { scriptOf } from '../lib/locale-script.ts';
import { territoryInfo } from '../lib/cldr-core.ts';
import { chainsOf, isNamedIn } from './subdivision-coverage.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

export interface OwnLanguageRow {
  country: string;
  locale: string;
  named: number;
  all: number;
  missing: string[];
}

/** Country -> its official and de facto official languages that are served locales. */
function ownLanguages(served: Set<string>): Map<string, string[]> {
  return new Map(
    Object.entries(territoryInfo()).map(([country, info]) => [
      country,
      Object.entries(info.languagePopulation ?? {})
        .filter(([, language]) => language._officialStatus === 'official' || language._officialStatus === 'de_facto_official')
        .map(([tag]) => tag.replace('_', '-'))
        .filter((tag) => served.has(tag) && tag !== 'en')
        .sort(),
    ]),
  );
}

export function ownLanguageCoverage(data: Pick<Datasets, 'subdivisions' | 'locales'>): OwnLanguageRow[] {
  const chains = chainsOf(data.locales);
  const languages = ownLanguages(new Set(chains.keys()));
  const byCountry = new Map<string, Datasets['subdivisions']>();
  for (const subdivision of data.subdivisions) byCountry.set(subdivision.country, [...(byCountry.get(subdivision.country) ?? []), subdivision]);
  return [...byCountry]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([country, subdivisions]) =>
      (languages.get(country) ?? []).map((locale) => {
        // A name the language writes as English does (Budapest, Zürich as ISO gives it) is not stored twice: ISO's local name, shown, counts.
        const named = (subdivision: Datasets['subdivisions'][number]) =>
          isNamedIn(subdivision, locale, chains.get(locale)) || (subdivision.name.en === subdivision.iso_name && scriptOf(locale) === 'Latn');
        const missing = subdivisions.filter((subdivision) => !named(subdivision)).map((subdivision) => subdivision.code);
        return { country, locale, named: subdivisions.length - missing.length, all: subdivisions.length, missing };
      }),
    );
}

/**
 * Per locale, how many subdivisions of the countries that speak it officially are named in it, at
 * least: the count when the floor was set. Raise it when names are added; never lower it.
 */
export const OWN_LANGUAGE_FLOOR: Record<string, number> = {
  am: 11,
  ar: 416,
  az: 74,
  be: 7,
  bg: 28,
  bn: 68,
  bs: 2,
  ca: 7,
  cs: 90,
  da: 5,
  de: 87,
  el: 20,
  es: 435,
  et: 94,
  fa: 65,
  fi: 19,
  fil: 94,
  fr: 692,
  ga: 29,
  he: 6,
  hi: 36,
  hr: 23,
  hu: 43,
  hy: 11,
  id: 43,
  is: 72,
  it: 159,
  ja: 47,
  ka: 12,
  kk: 20,
  km: 25,
  ko: 30,
  ky: 9,
  lo: 18,
  lt: 70,
  lv: 41,
  mk: 80,
  mn: 22,
  ms: 25,
  my: 15,
  ne: 7,
  nl: 43,
  nn: 11,
  no: 11,
  pl: 16,
  ps: 33,
  pt: 130,
  qu: 51,
  ro: 78,
  ru: 146,
  si: 34,
  sk: 8,
  sl: 212,
  so: 12,
  sq: 12,
  sr: 35,
  'sr-Latn': 59,
  sv: 40,
  sw: 210,
  ta: 34,
  th: 78,
  ti: 0,
  tk: 6,
  tr: 87,
  uk: 27,
  ur: 7,
  uz: 14,
  vi: 63,
  yo: 36,
  zh: 39,
  'zh-Hant': 22,
};

/** Fewer own-country subdivisions named in a locale than its floor: a name in the country's own language was lost. */
export function checkOwnLanguageFloor(data: Pick<Datasets, 'subdivisions' | 'locales'>): Problem[] {
  const problems = new Problems('data/subdivisions.json');
  const named = new Map<string, number>();
  for (const row of ownLanguageCoverage(data)) named.set(row.locale, (named.get(row.locale) ?? 0) + row.named);
  for (const [locale, floor] of Object.entries(OWN_LANGUAGE_FLOOR)) {
    const count = named.get(locale) ?? 0;
    if (count < floor)
      problems.add(
        '',
        `${locale}: ${count} subdivisions of its own countries named in it, fewer than the floor of ${floor} (build/validate/own-language-coverage.ts)`,
      );
  }
  return problems.list;
}
