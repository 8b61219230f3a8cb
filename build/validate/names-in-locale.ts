/**
 * Gate: every name is in its locale's language as far as its letters tell. Refused, in every record
 * and locale of countries.json, regions.json and subdivisions.json:
 * - a name not written in its locale's script ("Republic of Türkiye" under ru, a Devanagari name under
 *   te, "コソボ-Metohija"), bar Latin abbreviations (SAR, U.S., a Roman numeral: build/lib/locale-script.ts);
 * - English under another Latin-script locale: a name equal to one of the record's English names and
 *   made of English words ("Republic of Türkiye" under fr), unless CLDR gives that very name in that
 *   locale (the locale's own usual form: "Isle of Man" in German, English names in Filipino and hi-Latn).
 * Latin names legitimately equal English ones everywhere ("Chad" in es, "Mali", "Baden-Württemberg"):
 * those have no English word and pass.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { subdivisionNames, territoryNames } from '../lib/cldr-names.ts';
import { cldrId } from '../lib/cldr-subdivisions.ts';
import { cleanIsoName } from '../lib/iso-names.ts';
import { foreignLetters, scriptOf } from '../lib/locale-script.ts';
import { packageDir } from '../lib/upstream.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';
import type { Check } from './validation-memo.ts';

/** Words of English place and state names that no other Latin-script language writes so. */
const ENGLISH_WORDS = new RegExp(
  `(?<![\\p{L}'’])(?:${[
    'Republic',
    'Kingdom',
    'Democratic',
    "People's",
    'Islamic',
    'United',
    'States?',
    'Islands?',
    'Federation',
    'Federated',
    'Socialist',
    'Principality',
    'Commonwealth',
    'Sultanate',
    'Territory',
    'Territories',
    'Independent',
    'Special',
    'Administrative',
    'Holy',
    'Grand Duchy',
    'of',
    'the',
    'and',
    'North',
    'South',
    'East',
    'West',
    'Northern',
    'Southern',
    'Eastern',
    'Western',
    'County',
    'Department',
    'Emirates',
    'Region',
    'Province',
    'District',
    'City',
    'Outlying',
    'Minor',
    'part',
    'Dutch',
    'French',
    'British',
    'Plurinational',
    'Bolivarian',
    'Union',
  ].join('|')})(?![\\p{L}'’])`,
  'u',
);

const isEnglish = (tag: string) => tag === 'en' || tag.startsWith('en-');

/** CLDR's names of a territory or subdivision in a locale: what that locale's readers write. */
function cldrNames(kind: 'territory' | 'subdivision', code: string, tag: string): string[] {
  if (kind === 'territory') {
    const names = territoryNames(tag);
    return Object.keys(names)
      .filter((key) => key === code || key.startsWith(`${code}-alt-`))
      .map((key) => names[key]);
  }
  if (!existsSync(join(packageDir('cldr-subdivisions-full'), 'subdivisions', tag))) return [];
  const name = subdivisionNames(tag)[cldrId(code)];
  return name ? [name, cleanIsoName(name)] : [];
}

/** Why a name is not in its locale's language, or null. `english` holds the record's English names. */
export function notInLocale(text: string, tag: string, english: Set<string>, cldr: () => string[]): string | null {
  const foreign = foreignLetters(text, tag);
  if (foreign) return `is not written in the ${scriptOf(tag)} script of ${tag} (letters ${JSON.stringify(foreign)})`;
  if (!/\p{L}/u.test(text)) return `has no letter`;
  if (scriptOf(tag) === 'Latn' && english.has(text) && ENGLISH_WORDS.test(text) && !cldr().includes(text)) {
    return `is the English name, which CLDR does not give in ${tag}`;
  }
  return null;
}

type Localized = Record<string, string | string[]> | null;

/** A field's value in a locale as a list (alternative names are one); `[texts].flat()` costs much more, name by name. */
const listOf = (texts: string | string[]): string[] => (Array.isArray(texts) ? texts : [texts]);

/** A record of a dataset with localized fields: a country or region (`alpha2`) or a subdivision (`code`). */
type NamedRecord = { alpha2?: string; code?: string } & Record<string, unknown>;

function checkRecords(
  problems: Problems,
  records: NamedRecord[],
  kind: 'territory' | 'subdivision',
  fields: string[],
  served: Set<string>,
  territoryOf = (_code: string): string | undefined => undefined,
): void {
  records.forEach((record, index) => {
    const code = record.alpha2 ?? record.code ?? '';
    const territory = territoryOf(code);
    const localized = fields.map((field) => Object.entries((record[field] ?? {}) as NonNullable<Localized>));
    const english = new Set<string>();
    for (const entries of localized) for (const [tag, texts] of entries) if (isEnglish(tag)) for (const text of listOf(texts)) english.add(text);
    localized.forEach((entries, position) => {
      const field = fields[position];
      for (const [tag, texts] of entries) {
        // A locale not served is the locale check's to refuse (rules.ts): its script may be unknown.
        if (isEnglish(tag) || !served.has(tag)) continue;
        for (const text of listOf(texts)) {
          const why = notInLocale(text, tag, english, () => [...cldrNames(kind, code, tag), ...(territory ? cldrNames('territory', territory, tag) : [])]);
          if (why)
            problems.add(
              `/${index}/${field}/${tag}`,
              `${code} ${field} ${JSON.stringify(text)} ${why}: fix it at its source, or drop it so ${tag}'s fallback applies`,
            );
        }
      }
    });
  });
}

const servedLocales = (data: Datasets) => new Set<string>(data.locales.locales.map((locale) => locale.tag));

/** Country and region names: the problems of data/countries.json and data/regions.json. */
function territoriesInLocale(data: Datasets): Problem[] {
  const countries = new Problems('data/countries.json');
  const served = servedLocales(data);
  checkRecords(countries, data.countries, 'territory', ['name', 'iso_name', 'official_name', 'alternative_names'], served);
  const regions = new Problems('data/regions.json');
  checkRecords(regions, data.regions, 'territory', ['name'], served);
  return [...countries.list, ...regions.list];
}

/** Subdivision names: the problems of data/subdivisions.json. */
function subdivisionsInLocale(data: Datasets): Problem[] {
  const subdivisions = new Problems('data/subdivisions.json');
  // A subdivision that is also a territory of ISO 3166-1 (US-VI, FR-GP) is named as CLDR names the territory.
  const byEnglish = new Map<string, string>(data.countries.map((country) => [country.name.en, country.alpha2]));
  const territories = new Map<string, string>(
    data.subdivisions.flatMap((subdivision) => {
      const territory = byEnglish.get(subdivision.name.en);
      return territory ? [[subdivision.code, territory]] : [];
    }),
  );
  checkRecords(subdivisions, data.subdivisions, 'subdivision', ['name'], servedLocales(data), (code) => territories.get(code));
  return subdivisions.list;
}

/** The gate in two checks, in the order of their problems: the validation memo runs again only the one whose datasets a change touches. */
export const NAMES_IN_LOCALE_CHECKS: Check[] = [territoriesInLocale, subdivisionsInLocale];

export function checkNamesInLocale(data: Datasets): Problem[] {
  return NAMES_IN_LOCALE_CHECKS.flatMap((check) => check(data));
}
