/**
 * How many subdivision names a locale's reader gets from a fallback (English or another locale of the
 * chain) instead of a name of that locale in its script, for the subdivisions of the locale's own
 * countries and for all: `npm run subdivision-coverage [-- DATA_DIR] [--json]` (DATA_DIR: a folder holding a
 * subdivisions.json, e.g. one written by `git show REF:data/subdivisions.json`).
 */
import { join } from 'node:path';
import { scriptOf, writtenIn } from './import/iso-codes-catalogues.ts';
import { readJson } from './lib/canonical-json.ts';
import { readPackageJson } from './lib/upstream.ts';

/** The locales issue 28 counts: non-Latin readers, and Swahili. */
export const COUNTED_LOCALES = ['hi', 'kk', 'ru', 'zh-Hant', 'ne', 'ar', 'ko', 'fa', 'el', 'mk', 'sw'];

/**
 * Countries whose subdivisions a reader of the locale picks from at home: those where CLDR's territory
 * data gives the language official status. zh-Hant adds CN, whose provinces Traditional readers in
 * HK, MO and TW name in their own script (CN-HK and CN-MO are among them).
 */
export function ownCountries(tag: string): string[] {
  const territories = readPackageJson('cldr-core', 'supplemental/territoryInfo.json').supplemental.territoryInfo;
  const key = tag.replaceAll('-', '_');
  const official = Object.entries<any>(territories)
    .filter(([, info]) => info.languagePopulation?.[key]?._officialStatus === 'official').map(([country]) => country);
  return [...official, ...(tag === 'zh-Hant' ? ['CN'] : [])].sort();
}

/** Whether a subdivision has a name of its own in the locale, written in the locale's script. */
export function isNamedIn(subdivision: { name: Record<string, string> }, tag: string): boolean {
  const text = subdivision.name[tag];
  return Boolean(text) && writtenIn(text, scriptOf(tag));
}

export interface Coverage { locale: string; own_countries: string[]; own: number; own_fallback: number; all: number; all_fallback: number }

export function subdivisionCoverage(dataDir: string, tags = COUNTED_LOCALES): Coverage[] {
  const subdivisions: { code: string; country: string; name: Record<string, string> }[] = readJson(join(dataDir, 'subdivisions.json'));
  return tags.map((tag) => {
    const own = new Set(ownCountries(tag));
    const home = subdivisions.filter((subdivision) => own.has(subdivision.country));
    return {
      locale: tag, own_countries: [...own], own: home.length,
      own_fallback: home.filter((subdivision) => !isNamedIn(subdivision, tag)).length,
      all: subdivisions.length, all_fallback: subdivisions.filter((subdivision) => !isNamedIn(subdivision, tag)).length,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dataDir = args.find((arg) => !arg.startsWith('--')) ?? join(import.meta.dirname, '..', 'data');
  const coverage = subdivisionCoverage(dataDir);
  if (args.includes('--json')) console.log(JSON.stringify(coverage, null, 2));
  else {
    console.log('| locale | own countries | own: fall back / all | every subdivision: fall back / all |\n|---|---|---|---|');
    for (const row of coverage) {
      console.log(`| ${row.locale} | ${row.own_countries.join(' ')} | ${row.own_fallback} / ${row.own} | ${row.all_fallback} / ${row.all} |`);
    }
  }
}
