/**
 * The parts of cldr-core (CLDR's supplemental data) the importers and the validators read, typed once
 * here: the package ships JSON without types, and each file is read through one function that says
 * what shape it has.
 */
import { readPackageJson } from './upstream.ts';

/** A language spoken in a territory; `_officialStatus` where it has one (official, de_facto_official, official_regional...). */
export interface CldrLanguagePopulation {
  _populationPercent?: string;
  _officialStatus?: string;
}
export interface CldrTerritory {
  languagePopulation?: Record<string, CldrLanguagePopulation>;
}
export interface CldrAlias {
  _replacement: string;
  _reason: string;
}
export interface CldrContainment {
  _contains: string[];
}
export interface CldrLanguageMatch {
  _desired: string;
  _supported: string;
  _distance: string;
  _oneway?: boolean | string;
}
interface Supplemental<T> {
  supplemental: T;
}

/** territoryInfo.json: each territory's languages, keyed by region code (`US`) and language (`az_Cyrl`). */
export const territoryInfo = (): Record<string, CldrTerritory> =>
  readPackageJson<Supplemental<{ territoryInfo: Record<string, CldrTerritory> }>>('cldr-core', 'supplemental/territoryInfo.json').supplemental.territoryInfo;

/** likelySubtags.json: `zh-TW` -> `zh-Hant-TW`. */
export const likelySubtags = (): Record<string, string> =>
  readPackageJson<Supplemental<{ likelySubtags: Record<string, string> }>>('cldr-core', 'supplemental/likelySubtags.json').supplemental.likelySubtags;

/** parentLocales.json: a locale's parent where it is not the truncation (`pt-AO` -> `pt-PT`). */
export const parentLocales = (): Record<string, string> =>
  readPackageJson<Supplemental<{ parentLocales: { parentLocale: Record<string, string> } }>>('cldr-core', 'supplemental/parentLocales.json').supplemental
    .parentLocales.parentLocale;

/** aliases.json: deprecated language codes and subdivision ids, with their replacements. */
export const cldrAliases = (): { languageAlias: Record<string, CldrAlias>; subdivisionAlias: Record<string, CldrAlias> } =>
  readPackageJson<Supplemental<{ metadata: { alias: { languageAlias: Record<string, CldrAlias>; subdivisionAlias: Record<string, CldrAlias> } } }>>(
    'cldr-core',
    'supplemental/aliases.json',
  ).supplemental.metadata.alias;

/** territoryContainment.json: the M49 tree, and groupings under `-status-` keys. */
export const territoryContainment = (): Record<string, CldrContainment> =>
  readPackageJson<Supplemental<{ territoryContainment: Record<string, CldrContainment> }>>('cldr-core', 'supplemental/territoryContainment.json').supplemental
    .territoryContainment;

/** subdivisionContainment.json: the current subdivision ids under each country or subdivision. */
export const subdivisionContainment = (): Record<string, CldrContainment> =>
  readPackageJson<Supplemental<{ subdivisionContainment: Record<string, CldrContainment> }>>('cldr-core', 'supplemental/subdivisionContainment.json')
    .supplemental.subdivisionContainment;

/** languageMatching.json: the written-new list, in CLDR's order. */
export const languageMatches = (): CldrLanguageMatch[] =>
  readPackageJson<Supplemental<{ languageMatching: { 'written-new': { languageMatch: CldrLanguageMatch[] } } }>>(
    'cldr-core',
    'supplemental/languageMatching.json',
  ).supplemental.languageMatching['written-new'].languageMatch;

/** coverageLevels.json: each locale's coverage, as CLDR itself and as its effective level. */
export const coverageLevels = (): { coverageLevels: Record<string, string>; effectiveCoverageLevels: Record<string, string> } =>
  readPackageJson('cldr-core', 'coverageLevels.json');

/** The languages with official status of a territory's entry (`az_Cyrl` as `az`), `statuses` picking which statuses count (any, by default). */
export const officialLanguagesOf = (territory: CldrTerritory | undefined, statuses?: string[]): string[] =>
  Object.entries(territory?.languagePopulation ?? {})
    .filter(([, language]) => language._officialStatus && (!statuses || statuses.includes(language._officialStatus)))
    .map(([tag]) => tag.split('_')[0]);
