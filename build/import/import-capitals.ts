/**
 * data/capitals.json: the capitals of data/curated/capitals.json (each with its constitution, law,
 * government or CIA World Factbook source, a role per city where there are several: Sucre and La Paz),
 * with coordinates and names from upstreams where the city is the principal location of a tzdata zone
 * the entry names: zone.tab's coordinates, CLDR's exemplar city per served locale. Elsewhere the curated
 * English name, its names in the country's own languages where a constitution or government text gives
 * them (Астана, 北京, Hà Nội), and the curated coordinates (degrees and minutes, with their own source), or
 * none: none is guessed. A territory without a capital is null with the curated reason.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { scriptOf } from '../lib/locale-script.ts';
import { iso6709, readZoneTab } from '../lib/tzdata.ts';
import { cldrZoneIds, timeZoneNamesOf, zoneWordsIn } from './cldr-zone-names.ts';
import { inLocaleScript, pruneByFallback, type Chains } from './fallback-prune.ts';

interface CuratedCapital {
  name: string;
  role: string;
  zone?: string;
  source: string;
  coordinates?: string;
  coordinates_source?: string;
  names?: Record<string, string>;
  names_source?: string;
}
interface CuratedEntry {
  country: string;
  capitals: CuratedCapital[] | null;
  reason?: string;
}

/** "52 31 N, 13 24 E" (degrees and minutes, as the Factbook writes them) to decimal degrees, rounded to 4 places. */
export function degreesMinutes(text: string, where: string): { lat: number; lon: number } {
  const match = /^(\d{1,2}) (\d{1,2}) ([NS]), (\d{1,3}) (\d{1,2}) ([EW])$/.exec(text);
  // A minute of 60 or more is a typo in the source (the Factbook's Brussels once read 50 84 N): refuse it rather than carry it.
  if (!match || Number(match[2]) >= 60 || Number(match[5]) >= 60 || Number(match[1]) > 90 || Number(match[4]) > 180)
    throw new Error(`data/curated/capitals.json: ${where}: coordinates "${text}" are not degrees and minutes`);
  const degrees = (d: string, m: string, negative: boolean) => Math.round((negative ? -1 : 1) * (Number(d) + Number(m) / 60) * 1e4) / 1e4;
  return { lat: degrees(match[1], match[2], match[3] === 'S'), lon: degrees(match[4], match[5], match[6] === 'W') };
}

export function importCapitals(dataDir: string, countryCodes: string[], chains: Chains) {
  const curated: CuratedEntry[] = readJson(join(dataDir, 'curated', 'capitals.json'));
  const tab = readZoneTab();
  const cldrIds = cldrZoneIds();
  const byLocale = new Map(chains.tags.map((tag) => [tag, timeZoneNamesOf(tag)]));
  return curated.map((entry) => {
    if (!countryCodes.includes(entry.country)) throw new Error(`data/curated/capitals.json: ${entry.country} is no current country`);
    if (!entry.capitals) return { country: entry.country, capitals: null, reason: entry.reason ?? null };
    return {
      country: entry.country,
      capitals: entry.capitals.map((capital) => {
        const line = capital.zone ? tab.find((candidate) => candidate.zone === capital.zone && candidate.country === entry.country) : undefined;
        if (capital.zone && !line)
          throw new Error(`data/curated/capitals.json: ${entry.country} ${capital.name}: zone ${capital.zone} is not one of the country's in zone.tab`);
        const cldrId = capital.zone ? cldrIds.get(capital.zone) : undefined;
        const cities = new Map<string, string>(
          cldrId
            ? chains.tags.flatMap((tag) => {
                // As for the zone: a Latin-script locale CLDR gives no exemplar city uses the ID's (Oslo).
                const city =
                  zoneWordsIn(byLocale.get(tag)!, cldrId, null).city ??
                  (scriptOf(tag) === 'Latn' ? capital.zone!.split('/').at(-1)!.replaceAll('_', ' ') : null);
                return city && !tag.startsWith('en') && inLocaleScript(tag, [city]) ? [[tag, city] as const] : [];
              })
            : [],
        );
        // A name in the country's own language from its constitution or government, where CLDR has none (the city is no zone's).
        for (const [tag, text] of Object.entries(capital.names ?? {})) {
          if (!chains.tags.includes(tag)) throw new Error(`data/curated/capitals.json: ${entry.country} ${capital.name}: ${tag} is no served locale`);
          if (cities.has(tag))
            throw new Error(
              `data/curated/capitals.json: ${entry.country} ${capital.name}: CLDR now names it in ${tag} (${cities.get(tag)}); drop the curated name`,
            );
          cities.set(tag, text);
        }
        cities.set('en', capital.name);
        return {
          name: Object.fromEntries(pruneByFallback(cities, chains)),
          role: capital.role,
          zone: capital.zone ?? null,
          coordinates: line ? iso6709(line.coordinates) : capital.coordinates ? degreesMinutes(capital.coordinates, `${entry.country} ${capital.name}`) : null,
          coordinates_source: line ? `tzdata zone.tab, ${capital.zone}` : (capital.coordinates_source ?? null),
          names_source: capital.names_source ?? null,
          source: capital.source,
        };
      }),
      reason: null,
    };
  });
}
