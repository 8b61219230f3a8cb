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
 * Fewer of a country's subdivisions named in one of its languages than its floor (data/curated/own-language-floors.json):
 * a name in the country's own language was lost. Held per country, so a data folder with some of the countries is held to theirs.
 */
export function checkOwnLanguageFloor(data: Pick<Datasets, 'subdivisions' | 'locales' | 'curated/own-language-floors'>): Problem[] {
  const problems = new Problems('data/subdivisions.json');
  const present = new Set(data.subdivisions.map((subdivision) => subdivision.country));
  const named = new Map(ownLanguageCoverage(data).map((row) => [`${row.country} ${row.locale}`, row.named]));
  for (const { country, locale, floor } of data['curated/own-language-floors']) {
    const count = named.get(`${country} ${locale}`) ?? 0;
    if (present.has(country) && count < floor)
      problems.add(
        '',
        `${country} ${locale}: ${count} subdivisions named in the country's own language, fewer than the floor of ${floor} (data/curated/own-language-floors.json)`,
      );
  }
  return problems.list;
}
