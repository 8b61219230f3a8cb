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

/** A zone's metazone over a span of UTC instants (`YYYY-MM-DD HH:MM`); no `_from` or `_to` where open. */
export interface CldrMetazoneUse {
  usesMetazone: { _mzone: string; _from?: string; _to?: string };
}
/** IDs by their parts (`America` > `Argentina` > `Buenos_Aires`), each zone's leaf of type `T`. */
export interface CldrZoneTree<T> {
  [part: string]: CldrZoneTree<T> | T;
}

/** metaZones.json: each zone's metazones over time, by its CLDR ID's parts. */
export const metazoneInfo = (): CldrZoneTree<CldrMetazoneUse[]> | undefined =>
  readPackageJson<Supplemental<{ metaZones?: { metazoneInfo?: { timezone?: CldrZoneTree<CldrMetazoneUse[]> } } }>>('cldr-core', 'supplemental/metaZones.json')
    .supplemental?.metaZones?.metazoneInfo?.timezone;

/** A tender's days (`_to` its last), `_tender: "false"` where it is a unit rather than legal tender. */
export interface CldrTenderDates {
  _from?: string;
  _to?: string;
  _tender?: string;
}
export interface CldrFraction {
  _digits: string;
  _rounding: string;
  _cashDigits?: string;
  _cashRounding?: string;
}
export interface CldrCurrencyData {
  /** Per region, a list of one-key objects (currency code -> its dates), newest first. */
  region?: Record<string, Record<string, CldrTenderDates>[]>;
  fractions?: Record<string, CldrFraction>;
}

/** currencyData.json: the tenders of each region and each currency's fraction digits. */
export const cldrCurrencyData = (): CldrCurrencyData | undefined =>
  readPackageJson<Supplemental<{ currencyData?: CldrCurrencyData }>>('cldr-core', 'supplemental/currencyData.json').supplemental?.currencyData;

/** weekData.json, measurementData.json, timeData.json: each keyed by region, `001` the world default. */
export interface CldrConventions {
  weekData?: { firstDay: Record<string, string>; weekendStart: Record<string, string>; weekendEnd: Record<string, string> };
  measurementData?: { measurementSystem: Record<string, string>; paperSize: Record<string, string> };
  timeData?: Record<string, { _allowed?: string; _preferred?: string }>;
}

export const conventionsData = (): CldrConventions => ({
  weekData: readPackageJson<Supplemental<CldrConventions>>('cldr-core', 'supplemental/weekData.json').supplemental?.weekData,
  measurementData: readPackageJson<Supplemental<CldrConventions>>('cldr-core', 'supplemental/measurementData.json').supplemental?.measurementData,
  timeData: readPackageJson<Supplemental<CldrConventions>>('cldr-core', 'supplemental/timeData.json').supplemental?.timeData,
});
