/**
 * Countries: ISO 3166-1 codes, flags, short and official names from Debian iso-codes, translated by
 * its gettext catalogues; common and alternative names per locale from CLDR; UN M49 region and
 * subregion from CLDR's territory containment; calling codes from libphonenumber, completed by a
 * hand-curated file for the territories it lacks. Wrong upstream names are corrected by
 * data/curated/name-overrides.json.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { type IsoCountry, readIsoCodes, readPackageJson } from '../lib/upstream.ts';
import { withoutInvisibleCharacters } from '../lib/invisible-characters.ts';
import { territoryNames } from '../lib/cldr-names.ts';
import type { LocalesDataset } from './import-locales.ts';
import { isoCodesCatalogues } from './iso-codes-catalogues.ts';
import type { IsoRenames } from './iso-renames.ts';
import { fullNameOrder } from '../lib/iso-names.ts';
import type { NameOverrides } from './name-overrides.ts';
import type { OtherScriptNames } from './other-script-names.ts';
import { territoryContainment as cldrTerritoryContainment } from '../lib/cldr-core.ts';
import type { CuratedCallingCodes, CuratedCountries } from '../types/datasets.ts';

export function territoryContainment(): Map<string, string> {
  const containment = cldrTerritoryContainment();
  // Groupings (UN, EU, 419, 202) and deprecated codes are listed under `-status-` keys and are not in the M49 tree.
  const groupings = new Set(
    Object.keys(containment)
      .filter((key) => key.endsWith('-status-grouping'))
      .flatMap((key) => containment[key]._contains),
  );
  const parentOf = new Map<string, string>();
  for (const [container, entry] of Object.entries(containment)) {
    if (container.includes('-status-') || groupings.has(container)) continue;
    for (const child of entry._contains) parentOf.set(child, container);
  }
  return parentOf;
}

/** Per table of CLDR territory names, its `<code>-alt-<variant>` names by code: read once, not once per country. */
const alternativesByCode = new WeakMap<Record<string, string>, Map<string, string[]>>();

function uniqueAlternatives(names: Record<string, string>, code: string): string[] {
  let byCode = alternativesByCode.get(names);
  if (!byCode) {
    byCode = new Map();
    for (const key of Object.keys(names)) {
      const at = key.indexOf('-alt-');
      if (at < 0) continue;
      const owner = key.slice(0, at);
      if (!byCode.has(owner)) byCode.set(owner, []);
      byCode.get(owner)!.push(names[key]);
    }
    alternativesByCode.set(names, byCode);
  }
  const main = names[code];
  const alternatives = (byCode.get(code) ?? []).filter((name) => name !== main);
  return [...new Set(alternatives)].sort();
}

/** An English name and its translations by the catalogues that have it. */
function translated(english: string, catalogues: Map<string, Map<string, string>>): Record<string, string> {
  const names: Record<string, string> = { en: english };
  for (const [tag, messages] of catalogues) {
    const text = messages.get(english);
    if (text && text !== english) names[tag] = text;
  }
  return names;
}

function inFullNameOrder(names: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(names).map(([tag, name]) => [tag, fullNameOrder(name, names.en)]));
}

export interface NameChecks {
  renames: IsoRenames;
  otherScripts: OtherScriptNames;
}

export function importCountries(dataDir: string, locales: LocalesDataset, overrides: NameOverrides, checks: NameChecks) {
  const curated: CuratedCountries = readJson(join(dataDir, 'curated', 'countries.json'));
  const curatedCallingCodes: CuratedCallingCodes = readJson(join(dataDir, 'curated', 'calling-codes.json'));
  // Each country's entry starts with its calling code.
  const phoneMetadata = readPackageJson<{ countries: Record<string, [string, ...unknown[]]> }>('libphonenumber-js', 'metadata.max.json').countries;
  const tags = locales.locales.map((locale) => locale.tag);
  const catalogues = isoCodesCatalogues('iso_3166-1', new Set(tags));
  const parentOf = territoryContainment();

  const formerNames = checks.renames.formerNames(catalogues, tags);
  // ISO's official name where it gives one, else its short name out of the list's order: never the common name.
  // Both as ISO gives them now, where iso-codes has not followed a change (iso-renames.ts).
  const iso = readIsoCodes<IsoCountry>('3166-1').map((entry) => {
    const shortName = checks.renames.current(entry.alpha_2, 'short_name', entry.name);
    const fullName = entry.official_name ? checks.renames.current(entry.alpha_2, 'full_name', entry.official_name) : null;
    return {
      alpha2: entry.alpha_2,
      alpha3: entry.alpha_3,
      numeric: entry.numeric,
      flag: entry.flag,
      iso_name: translated(shortName, catalogues) as Record<string, string> | null,
      official_name: fullName ? translated(fullName, catalogues) : inFullNameOrder(translated(shortName, catalogues)),
      source: 'iso-codes',
    };
  });
  const all = [...iso, ...curated.map((entry) => ({ ...entry, iso_name: null, official_name: { en: entry.official_name } }))].sort((a, b) =>
    a.alpha2.localeCompare(b.alpha2),
  );

  const countries = all.map((entry) => {
    const code = entry.alpha2;
    const name: Record<string, string> = {};
    const alternativeNames: Record<string, string[]> = {};
    for (const tag of tags) {
      const names = territoryNames(tag);
      // CLDR's lo name of Eswatini begins with a zero-width space: what a reader sees is kept, the character not.
      if (names[code] && names[code] !== code) name[tag] = withoutInvisibleCharacters(names[code]);
      const alternatives = uniqueAlternatives(names, code).map(withoutInvisibleCharacters);
      if (alternatives.length) alternativeNames[tag] = alternatives;
    }
    // Upstream names in another script than their locale's are not served; nor, once corrected, names ISO has replaced.
    for (const names of [name, entry.official_name, entry.iso_name ?? {}]) checks.otherScripts.drop('countries', names);
    checks.otherScripts.dropFromLists('countries', alternativeNames);
    overrides.apply(code, 'name', name);
    overrides.apply(code, 'official_name', entry.official_name);
    if (entry.iso_name) overrides.apply(code, 'iso_name', entry.iso_name);
    checks.renames.dropFormerNames({ alpha2: code, name, iso_name: entry.iso_name, official_name: entry.official_name }, formerNames);
    const curatedCallingCode = curatedCallingCodes.find((item) => item.country === code);
    const callingCode = phoneMetadata[code] ? `+${phoneMetadata[code][0]}` : (curatedCallingCode?.calling_code ?? null);
    const subregion = parentOf.get(code) ?? null;
    const region = subregion ? (parentOf.get(subregion) ?? null) : null;
    return {
      alpha2: code,
      alpha3: entry.alpha3,
      numeric: entry.numeric,
      flag: entry.flag,
      calling_code: callingCode,
      region: region === '001' ? subregion : region,
      subregion: region === '001' ? null : subregion,
      name,
      iso_name: entry.iso_name,
      official_name: entry.official_name,
      alternative_names: alternativeNames,
      source: entry.source,
    };
  });

  const regionCodes = [...new Set(countries.flatMap((country) => [country.region, country.subregion]).filter(Boolean))] as string[];
  const regions = regionCodes.sort().map((code) => {
    const name: Record<string, string> = {};
    for (const tag of tags) {
      const names = territoryNames(tag);
      if (names[code] && names[code] !== code) name[tag] = names[code];
    }
    checks.otherScripts.drop('regions', name);
    return { code, name };
  });
  return { countries, regions, formerNames };
}
