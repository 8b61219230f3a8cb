/**
 * data/capitals.json: the capitals of data/curated/capitals.json (each with its constitution or
 * government source, a role per city where there are several: Sucre and La Paz), with coordinates and
 * names from upstreams where the city is the principal location of a tzdata zone the entry names:
 * zone.tab's coordinates, CLDR's exemplar city per served locale. Elsewhere only the curated English name
 * and no coordinates: none is guessed. A territory without a capital is null with the curated reason.
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
}
interface CuratedEntry {
  country: string;
  capitals: CuratedCapital[] | null;
  reason?: string;
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
        cities.set('en', capital.name);
        return {
          name: Object.fromEntries(pruneByFallback(cities, chains)),
          role: capital.role,
          zone: capital.zone ?? null,
          coordinates: line ? iso6709(line.coordinates) : null,
          source: capital.source,
        };
      }),
      reason: null,
    };
  });
}
