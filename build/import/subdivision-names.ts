/**
 * Applies data/curated/subdivision-names.json: subdivision names in a locale's own script that no
 * upstream the import reads gives (Hindi for India's states, Kazakh and Russian for Kazakhstan's 2022
 * regions...), each checked by hand against its cited source. An entry fills a name only where the
 * upstreams have none in the locale's script; where they have one, the import fails, so that an
 * upstream that catches up is looked at again instead of being silently overridden.
 * Then data/curated/subdivision-cities.json: a subdivision that is the city a zone is named for (Bangkok,
 * Cairo) takes CLDR's exemplar city of the zone in the languages of widest reach that name it otherwise
 * in no upstream: a Chinese reader knows 曼谷 and 开罗, not Bangkok and Cairo.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { hasLettersOf, scriptOf } from '../lib/locale-script.ts';
import { readZoneTab } from '../lib/tzdata.ts';
import { cldrZoneIds, timeZoneNamesOf, zoneWordsIn } from './cldr-zone-names.ts';

/** The languages whose readers know the world's big cities by names of their own. */
export const WIDE_LOCALES = ['ar', 'zh', 'ru', 'es', 'fr', 'ja'];

interface SubdivisionCity {
  code: string;
  zone: string;
  source: string;
}

export interface CuratedSubdivisionName {
  code: string;
  locale: string;
  value: string;
  source: string;
}

export class CuratedSubdivisionNames {
  private readonly byCode = new Map<string, CuratedSubdivisionName[]>();
  private readonly applied = new Set<CuratedSubdivisionName>();
  /** Subdivision code -> CLDR's exemplar city of its zone, per wide locale that has one. */
  private readonly cities = new Map<string, Map<string, string>>();
  private readonly citiesApplied = new Set<string>();

  constructor(dataDir: string) {
    const entries: CuratedSubdivisionName[] = readJson(join(dataDir, 'curated', 'subdivision-names.json'));
    if (entries.length === 0) throw new Error('data/curated/subdivision-names.json: no entries');
    const seen = new Set<string>();
    for (const entry of entries) {
      const key = `${entry.code} ${entry.locale}`;
      if (seen.has(key)) throw new Error(`subdivision-names: ${key} is listed twice`);
      seen.add(key);
      if (!hasLettersOf(entry.value, scriptOf(entry.locale))) {
        throw new Error(`subdivision-names: ${key} ${JSON.stringify(entry.value)} is not written in the ${scriptOf(entry.locale)} script`);
      }
      this.byCode.set(entry.code, [...(this.byCode.get(entry.code) ?? []), entry]);
    }
    const cities: SubdivisionCity[] = readJson(join(dataDir, 'curated', 'subdivision-cities.json'));
    const tab = readZoneTab();
    const cldrIds = cldrZoneIds();
    const zoneNames = new Map(WIDE_LOCALES.map((tag) => [tag, timeZoneNamesOf(tag)]));
    for (const city of cities) {
      const country = city.code.split('-')[0];
      if (!tab.some((line) => line.zone === city.zone && line.country === country))
        throw new Error(`subdivision-cities: ${city.code}: ${city.zone} is no zone of ${country} in zone.tab`);
      const cldrId = cldrIds.get(city.zone);
      if (!cldrId) throw new Error(`subdivision-cities: ${city.code}: CLDR has no zone ${city.zone}`);
      const names = new Map<string, string>();
      for (const tag of WIDE_LOCALES) {
        const name = zoneWordsIn(zoneNames.get(tag)!, cldrId, null).city;
        if (name && hasLettersOf(name, scriptOf(tag))) names.set(tag, name);
      }
      this.cities.set(city.code, names);
    }
  }

  /** Fills the curated names of one subdivision into its names from the upstreams. */
  apply(code: string, names: Record<string, string>): void {
    for (const entry of this.byCode.get(code) ?? []) {
      const upstream = names[entry.locale];
      if (upstream && hasLettersOf(upstream, scriptOf(entry.locale))) {
        throw new Error(
          `subdivision-names ${code} ${entry.locale}: the upstreams now give ${JSON.stringify(upstream)}; ` +
            `drop the curated ${JSON.stringify(entry.value)} if that is right, else correct the upstream in name-overrides.json`,
        );
      }
      names[entry.locale] = entry.value;
      this.applied.add(entry);
    }
    const city = this.cities.get(code);
    if (!city) return;
    this.citiesApplied.add(code);
    for (const [tag, name] of city) if (!names[tag] || !hasLettersOf(names[tag], scriptOf(tag))) names[tag] = name;
  }

  /** The locales a subdivision's curated names are in: reviewed, so never dropped as shared. */
  curatedLocales(code: string): string[] {
    return (this.byCode.get(code) ?? []).map((entry) => entry.locale);
  }

  /** Throws if an entry matched no subdivision (a typo, or a code ISO withdrew). */
  checkAllApplied(): void {
    const unused = [...this.byCode.values()].flat().filter((entry) => !this.applied.has(entry));
    if (unused.length) throw new Error(`subdivision-names that matched no subdivision: ${unused.map((entry) => `${entry.code} ${entry.locale}`).join(', ')}`);
    const unusedCities = [...this.cities.keys()].filter((code) => !this.citiesApplied.has(code));
    if (unusedCities.length) throw new Error(`subdivision-cities that matched no subdivision: ${unusedCities.join(', ')}`);
  }
}
