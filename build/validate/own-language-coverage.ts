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
 * Per country and each of its own languages, how many of its subdivisions are named in that language,
 * at least: the count when the floor was set. Raise it when names are added; never lower it. Held per
 * country, so a data folder with some of the countries (a test's cut) is held to the floors of those.
 */
export const OWN_LANGUAGE_FLOOR: Record<string, number> = {
  'AD ca': 7,
  'AE ar': 7,
  'AF fa': 34,
  'AF ps': 33,
  'AL sq': 12,
  'AM hy': 11,
  'AO pt': 18,
  'AR es': 24,
  'AT de': 9,
  'AZ az': 74,
  'BA bs': 2,
  'BA hr': 2,
  'BA sr': 3,
  'BA sr-Latn': 3,
  'BD bn': 68,
  'BE de': 13,
  'BE fr': 13,
  'BE nl': 13,
  'BF fr': 58,
  'BG bg': 28,
  'BH ar': 4,
  'BI fr': 18,
  'BJ fr': 12,
  'BN ms': 4,
  'BO es': 9,
  'BO qu': 9,
  'BQ nl': 3,
  'BR pt': 27,
  'BY be': 7,
  'BY ru': 7,
  'CA fr': 13,
  'CD fr': 26,
  'CF fr': 15,
  'CG fr': 12,
  'CH de': 26,
  'CH fr': 24,
  'CH it': 25,
  'CI fr': 14,
  'CL es': 16,
  'CM fr': 10,
  'CN zh': 34,
  'CO es': 33,
  'CR es': 7,
  'CU es': 16,
  'CV pt': 24,
  'CY el': 6,
  'CY tr': 6,
  'CZ cs': 90,
  'DE de': 16,
  'DJ ar': 5,
  'DJ fr': 5,
  'DK da': 5,
  'DO es': 42,
  'DZ ar': 58,
  'DZ fr': 56,
  'EC es': 22,
  'EC qu': 22,
  'EE et': 94,
  'EG ar': 27,
  'ER ar': 6,
  'ES es': 63,
  'ET am': 11,
  'FI fi': 19,
  'FI sv': 19,
  'FR fr': 123,
  'GA fr': 9,
  'GE ka': 12,
  'GN fr': 34,
  'GQ es': 4,
  'GQ fr': 4,
  'GQ pt': 4,
  'GR el': 14,
  'GT es': 22,
  'GW pt': 11,
  'HN es': 18,
  'HR hr': 21,
  'HT fr': 5,
  'HU hu': 43,
  'ID id': 43,
  'IE ga': 29,
  'IL ar': 6,
  'IL he': 6,
  'IN hi': 36,
  'IQ ar': 19,
  'IR fa': 31,
  'IS is': 72,
  'IT it': 126,
  'JO ar': 12,
  'JP ja': 47,
  'KE sw': 43,
  'KG ky': 9,
  'KG ru': 9,
  'KH km': 25,
  'KM ar': 3,
  'KM fr': 1,
  'KP ko': 13,
  'KR ko': 17,
  'KW ar': 6,
  'KZ kk': 20,
  'KZ ru': 20,
  'LA lo': 18,
  'LB ar': 8,
  'LI de': 11,
  'LK si': 34,
  'LK ta': 34,
  'LT lt': 70,
  'LU de': 12,
  'LU fr': 9,
  'LV lv': 41,
  'LY ar': 22,
  'MA ar': 87,
  'MA fr': 85,
  'MC fr': 17,
  'MD ro': 36,
  'ME sr-Latn': 24,
  'MG fr': 6,
  'MK mk': 80,
  'ML fr': 11,
  'MM my': 15,
  'MN mn': 22,
  'MR ar': 15,
  'MU fr': 12,
  'MX es': 32,
  'MY ms': 16,
  'MZ pt': 11,
  'NE fr': 8,
  'NG yo': 36,
  'NI es': 17,
  'NL nl': 17,
  'NO nn': 11,
  'NO no': 11,
  'NP ne': 7,
  'OM ar': 11,
  'PA es': 14,
  'PE es': 20,
  'PE qu': 20,
  'PH fil': 94,
  'PK ur': 7,
  'PL pl': 16,
  'PS ar': 16,
  'PT pt': 20,
  'PY es': 18,
  'QA ar': 8,
  'RO ro': 42,
  'RS sr': 32,
  'RS sr-Latn': 32,
  'RU ru': 83,
  'RW fr': 4,
  'SA ar': 13,
  'SC fr': 25,
  'SD ar': 18,
  'SE sv': 21,
  'SG ms': 5,
  'SG zh': 5,
  'SI sl': 212,
  'SK sk': 8,
  'SM it': 8,
  'SN fr': 14,
  'SO ar': 5,
  'SO so': 12,
  'SR nl': 10,
  'ST pt': 7,
  'SV es': 14,
  'SY ar': 14,
  'TD fr': 14,
  'TG fr': 5,
  'TH th': 78,
  'TL pt': 8,
  'TM tk': 6,
  'TN ar': 24,
  'TN fr': 21,
  'TR tr': 81,
  'TW zh-Hant': 22,
  'TZ sw': 30,
  'UA ru': 27,
  'UA uk': 27,
  'UG sw': 137,
  'UY es': 19,
  'UZ uz': 14,
  'VE es': 25,
  'VN vi': 63,
  'VU fr': 6,
  'WF fr': 3,
  'YE ar': 22,
};

/** Fewer of a country's subdivisions named in one of its languages than the floor: a name in the country's own language was lost. */
export function checkOwnLanguageFloor(data: Pick<Datasets, 'subdivisions' | 'locales'>): Problem[] {
  const problems = new Problems('data/subdivisions.json');
  const present = new Set(data.subdivisions.map((subdivision) => subdivision.country));
  const named = new Map(ownLanguageCoverage(data).map((row) => [`${row.country} ${row.locale}`, row.named]));
  for (const [pair, floor] of Object.entries(OWN_LANGUAGE_FLOOR)) {
    const count = named.get(pair) ?? 0;
    if (present.has(pair.split(' ')[0]) && count < floor)
      problems.add(
        '',
        `${pair}: ${count} subdivisions named in the country's own language, fewer than the floor of ${floor} (build/validate/own-language-coverage.ts)`,
      );
  }
  return problems.list;
}
