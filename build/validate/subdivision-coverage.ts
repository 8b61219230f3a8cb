/**
 * How many subdivision names a locale's reader gets from a fallback (English or another locale of the
 * chain) instead of a name of that locale in its script, for the subdivisions of the locale's own
 * countries and for all; and the gate's rule that the count for a locale's own countries never grows.
 */
import { hasLettersOf, scriptOf } from '../lib/locale-script.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';
import { territoryInfo } from '../lib/cldr-core.ts';

interface Subdivision {
  code: string;
  country: string;
  name: Record<string, string>;
}

/**
 * Own-country subdivisions allowed to fall back, per locale whose readers were checked (non-Latin
 * readers, and Swahili): the count once their names were curated. Lower it when names are added; never raise it.
 * ar: Chad, 13 of Somalia's regions and the city of Djibouti have no checked Arabic names yet. sw: names
 * the same in Swahili as in English are not stored (the reader sees the English, which is right).
 */
export const OWN_FALLBACK_CEILING: Record<string, number> = {
  hi: 0,
  kk: 0,
  ru: 0,
  'zh-Hant': 0,
  ne: 0,
  ar: 37,
  ko: 0,
  fa: 0,
  el: 0,
  mk: 0,
  sw: 212,
};

/**
 * Countries whose subdivisions a reader of the locale picks from at home: those where CLDR's territory
 * data gives the language official status. zh-Hant adds CN, whose provinces Traditional readers in
 * HK, MO and TW name in their own script (CN-HK and CN-MO are among them).
 */
export function ownCountries(tag: string): string[] {
  const territories = territoryInfo();
  const key = tag.replaceAll('-', '_');
  const official = Object.entries(territories)
    .filter(([, info]) => info.languagePopulation?.[key]?._officialStatus === 'official')
    .map(([country]) => country);
  return [...official, ...(tag === 'zh-Hant' ? ['CN'] : [])].sort();
}

/**
 * Whether a reader of the locale sees the subdivision named in the locale's script: its own name, or one
 * its chain gives before English (a kk reader sees Russian Алматы where Kazakh writes the name alike).
 */
export function isNamedIn(subdivision: Subdivision, tag: string, chain: readonly string[] = [tag]): boolean {
  // A loop, not a chain of filter, map and find: it runs for every subdivision in each locale counted.
  for (const locale of chain) {
    const shown = locale === 'en' ? undefined : subdivision.name[locale];
    if (shown) return hasLettersOf(shown, scriptOf(tag));
  }
  return false;
}

/** Each locale's chain (itself, then its fallbacks), from data/locales.json. */
export const chainsOf = (locales: { locales: { tag: string; fallback: string[] }[] }): Map<string, string[]> =>
  new Map(locales.locales.map(({ tag, fallback }) => [tag, [tag, ...fallback]]));

export interface Coverage {
  locale: string;
  own_countries: string[];
  own: number;
  own_fallback: string[];
  all: number;
  all_fallback: number;
}

export function subdivisionCoverage(subdivisions: Subdivision[], tags: string[], chains = new Map<string, string[]>()): Coverage[] {
  return tags.map((tag) => {
    const chain = chains.get(tag) ?? [tag];
    const own = new Set(ownCountries(tag));
    const home = subdivisions.filter((subdivision) => own.has(subdivision.country));
    return {
      locale: tag,
      own_countries: [...own],
      own: home.length,
      own_fallback: home.filter((subdivision) => !isNamedIn(subdivision, tag, chain)).map((subdivision) => subdivision.code),
      all: subdivisions.length,
      all_fallback: subdivisions.filter((subdivision) => !isNamedIn(subdivision, tag, chain)).length,
    };
  });
}

/** More own-country subdivisions falling back than the locale's ceiling: a name in the reader's script was lost. */
export function checkSubdivisionCoverage(data: Pick<Datasets, 'subdivisions' | 'locales'>): Problem[] {
  const problems = new Problems('data/subdivisions.json');
  for (const row of subdivisionCoverage(data.subdivisions, Object.keys(OWN_FALLBACK_CEILING), chainsOf(data.locales))) {
    const ceiling = OWN_FALLBACK_CEILING[row.locale];
    if (row.own_fallback.length > ceiling) {
      problems.add(
        '',
        `${row.locale}: ${row.own_fallback.length} of the ${row.own} subdivisions of ${row.own_countries.join(' ')} have no ${row.locale} name ` +
          `in its script, more than the ${ceiling} allowed (build/validate/subdivision-coverage.ts): ${row.own_fallback.slice(0, 12).join(' ')}`,
      );
    }
  }
  return problems.list;
}
