/**
 * data/time-zones.json: per country the IANA zones of Debian tzdata's zone.tab (not zone1970.tab,
 * which files Norway under Europe/Berlin), by their canonical IDs (Asia/Kolkata, Europe/Kyiv), and per
 * zone CLDR's exemplar city per served locale and its metazone on the record date, whose long names per
 * locale are kept once (a zone with names of its own, British Summer Time, carries them merged). Codes zone.tab lacks (XK, and the
 * uninhabited BV and HM) come from data/curated/time-zones.json, each with its source. No UTC offset is
 * stored: it changes with the rules, which tzdata holds.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { scriptOf } from '../lib/locale-script.ts';
import { readZoneTab, tzdataRelease } from '../lib/tzdata.ts';
import { cldrZoneIds, metazoneNamesIn, metazoneOn, metazoneTree, timeZoneNamesOf, zoneWordsIn } from './cldr-zone-names.ts';
import { inLocaleScript, pruneByFallback, type Chains } from './fallback-prune.ts';

interface CuratedZones {
  country: string;
  zones: string[];
  source: string;
}

export function importTimeZones(dataDir: string, countryCodes: string[], chains: Chains, asOf: string) {
  const tab = readZoneTab();
  const curated: CuratedZones[] = readJson(join(dataDir, 'curated', 'time-zones.json'));
  const countries = countryCodes.map((country) => {
    const zones = tab.filter((line) => line.country === country).map((line) => line.zone);
    const override = curated.find((entry) => entry.country === country);
    if (zones.length && override) throw new Error(`data/curated/time-zones.json: ${country} is in zone.tab; remove the curated entry`);
    if (!zones.length && !override) throw new Error(`zone.tab has no zone for ${country}; add it with a source to data/curated/time-zones.json`);
    return override ? { country, zones: override.zones, source: override.source } : { country, zones, source: 'tzdata zone.tab' };
  });
  const cldrIds = cldrZoneIds();
  const tree = metazoneTree();
  const byLocale = new Map(chains.tags.map((tag) => [tag, timeZoneNamesOf(tag)]));
  const ids = [...new Set(countries.flatMap((entry) => entry.zones))].sort();
  const zones = ids.map((id) => {
    const line = tab.find((candidate) => candidate.zone === id);
    const cldrId = cldrIds.get(id);
    if (!cldrId) throw new Error(`cldr-bcp47 timezone.json has no key for ${id}`);
    const metazone = metazoneOn(cldrId, tree, asOf);
    const words = chains.tags.map((tag) => [tag, zoneWordsIn(byLocale.get(tag)!, cldrId, metazone)] as const);
    // CLDR leaves out an exemplar city that is the ID's own (Oslo): a Latin-script locale then uses that.
    const city = id.split('/').at(-1)!.replaceAll('_', ' ');
    const cities = new Map(
      words.flatMap(([tag, word]) => {
        const shown = word.city ?? (scriptOf(tag) === 'Latn' ? city : null);
        return shown && inLocaleScript(tag, [shown]) ? [[tag, shown] as const] : [];
      }),
    );
    const own = words.some(([, word]) => word.own);
    const names = new Map(
      own ? words.flatMap(([tag, word]) => (word.names && inLocaleScript(tag, Object.values(word.names)) ? [[tag, word.names] as const] : [])) : [],
    );
    return {
      id,
      cldr_id: cldrId,
      metazone,
      countries: countries.filter((entry) => entry.zones.includes(id)).map((entry) => entry.country),
      comment: line?.comment ?? null,
      city,
      exemplar_city: Object.fromEntries(pruneByFallback(cities, chains)),
      // Empty where the zone has no names of its own: its metazone's apply.
      names: Object.fromEntries(pruneByFallback(names, chains)),
    };
  });
  const metazones = [...new Set(zones.flatMap((zone) => (zone.metazone ? [zone.metazone] : [])))].sort().map((id) => ({
    id,
    names: Object.fromEntries(
      pruneByFallback(
        new Map(
          chains.tags.flatMap((tag) => {
            const names = metazoneNamesIn(byLocale.get(tag)!, id);
            return names && inLocaleScript(tag, Object.values(names)) ? [[tag, names] as const] : [];
          }),
        ),
        chains,
      ),
    ),
  }));
  return { tzdata: tzdataRelease(), as_of: asOf, countries, zones, metazones };
}
