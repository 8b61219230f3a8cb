/**
 * Countries: ISO 3166-1 codes, flags and official names from Debian iso-codes; common and alternative
 * names per locale from CLDR; UN M49 region and subregion from CLDR's territory containment; calling
 * codes from libphonenumber, completed by a hand-curated file for the territories it lacks.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { readIsoCodes, readIsoCodesTranslations, readPackageJson } from '../lib/upstream.ts';
import { territoryNames } from './cldr-names.ts';
import type { LocalesDataset } from './import-locales.ts';

/** iso-codes' unqualified `pt` catalogue is European Portuguese; CLDR's `pt` is Brazilian. */
const ISO_CODES_LOCALE_OVERRIDES: Record<string, string> = { pt: 'pt-PT', 'pt-BR': 'pt', 'zh-CN': 'zh' };

interface CuratedCountry { alpha2: string; alpha3: string | null; numeric: string | null; flag: string; official_name: string | null; source: string }
interface CuratedCallingCode { country: string; calling_code: string | null; source: string }

/** Maps an iso-codes catalogue tag to a supported locale, or null: only exact or alias matches count. */
export function isoCodesLocale(tag: string, locales: LocalesDataset): string | null {
  const supported = new Set(locales.locales.map((locale) => locale.tag));
  const mapped = ISO_CODES_LOCALE_OVERRIDES[tag] ?? locales.aliases[tag.toLowerCase()] ?? tag;
  return supported.has(mapped) ? mapped : null;
}

export function territoryContainment(): Map<string, string> {
  const containment = readPackageJson('cldr-core', 'supplemental/territoryContainment.json').supplemental.territoryContainment;
  // Groupings (UN, EU, 419, 202) and deprecated codes are listed under `-status-` keys and are not in the M49 tree.
  const groupings = new Set(Object.keys(containment)
    .filter((key) => key.endsWith('-status-grouping'))
    .flatMap((key) => containment[key]._contains as string[]));
  const parentOf = new Map<string, string>();
  for (const [container, entry] of Object.entries<any>(containment)) {
    if (container.includes('-status-') || groupings.has(container)) continue;
    for (const child of entry._contains) parentOf.set(child, container);
  }
  return parentOf;
}

function uniqueAlternatives(names: Record<string, string>, code: string): string[] {
  const main = names[code];
  const alternatives = Object.keys(names)
    .filter((key) => key.startsWith(`${code}-alt-`))
    .map((key) => names[key])
    .filter((name) => name !== main);
  return [...new Set(alternatives)].sort();
}

export function importCountries(dataDir: string, locales: LocalesDataset) {
  const curated: CuratedCountry[] = readJson(join(dataDir, 'curated', 'countries.json'));
  const curatedCallingCodes: CuratedCallingCode[] = readJson(join(dataDir, 'curated', 'calling-codes.json'));
  const phoneMetadata = readPackageJson('libphonenumber-js', 'metadata.max.json').countries;
  const officialTranslations = readIsoCodesTranslations('iso_3166-1');
  const parentOf = territoryContainment();
  const tags = locales.locales.map((locale) => locale.tag);

  const iso = readIsoCodes<any>('3166-1').map((entry) => ({
    alpha2: entry.alpha_2, alpha3: entry.alpha_3, numeric: entry.numeric, flag: entry.flag,
    official_name: entry.official_name ?? null,
    source: 'iso-codes',
  }));
  const all = [...iso, ...curated].sort((a, b) => a.alpha2.localeCompare(b.alpha2));

  const countries = all.map((entry) => {
    const code = entry.alpha2;
    const name: Record<string, string> = {};
    const alternativeNames: Record<string, string[]> = {};
    for (const tag of tags) {
      const names = territoryNames(tag);
      if (names[code] && names[code] !== code) name[tag] = names[code];
      const alternatives = uniqueAlternatives(names, code);
      if (alternatives.length) alternativeNames[tag] = alternatives;
    }
    const officialName: Record<string, string> | null = entry.official_name ? { en: entry.official_name } : null;
    if (officialName) {
      for (const [catalogue, messages] of officialTranslations) {
        const tag = isoCodesLocale(catalogue, locales);
        const translated = messages.get(entry.official_name!);
        if (tag && tag !== 'en' && translated && !officialName[tag]) officialName[tag] = translated;
      }
    }
    const curatedCallingCode = curatedCallingCodes.find((item) => item.country === code);
    const callingCode = phoneMetadata[code] ? `+${phoneMetadata[code][0]}` : curatedCallingCode?.calling_code ?? null;
    const subregion = parentOf.get(code) ?? null;
    const region = subregion ? parentOf.get(subregion) ?? null : null;
    return {
      alpha2: code,
      alpha3: entry.alpha3,
      numeric: entry.numeric,
      flag: entry.flag,
      calling_code: callingCode,
      region: region === '001' ? subregion : region,
      subregion: region === '001' ? null : subregion,
      name,
      official_name: officialName,
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
    return { code, name };
  });
  return { countries, regions };
}
