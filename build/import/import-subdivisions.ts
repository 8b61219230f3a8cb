/**
 * ISO 3166-2 subdivisions from Debian iso-codes: code, type, parent and ISO's name (the local-language
 * name, cleaned of the list's annotations: iso-names.ts). English names from CLDR where it has one,
 * else the ISO name; translations from CLDR and from iso-codes' gettext catalogues, for supported
 * locales only (others could never be served), and only where they differ from English. Wrong
 * upstream names are corrected by data/curated/name-overrides.json.
 */
import { readIsoCodes, readPackageJson } from '../lib/upstream.ts';
import { subdivisionLocales, subdivisionNames } from './cldr-names.ts';
import type { LocalesDataset } from './import-locales.ts';
import { isoCodesCatalogues } from './iso-codes-catalogues.ts';
import { cleanIsoName, cleanTranslations } from './iso-names.ts';
import type { NameOverrides } from './name-overrides.ts';

const cldrId = (code: string) => code.replace('-', '').toLowerCase();
/** iso-codes gives most parents without the country prefix (NX) and some with it (GB-ENG). */
const qualifiedParent = (code: string, parent: string) => (parent.includes('-') ? parent : `${code.split('-')[0]}-${parent}`);

/** Languages with official status in each country (CLDR territoryInfo), which write its places by their local names. */
function officialLanguages(): Map<string, Set<string>> {
  const territories = readPackageJson('cldr-core', 'supplemental/territoryInfo.json').supplemental.territoryInfo;
  return new Map(Object.entries<any>(territories).map(([country, info]) => [country, new Set(
    Object.entries<any>(info.languagePopulation ?? {}).filter(([, language]) => language._officialStatus).map(([tag]) => tag.split('_')[0]),
  )]));
}

/**
 * Whether a catalogue's translation is one: not a single all-lower-case word in a script with case
 * ("roma", "liberec" are no names), and not ISO's local name copied into a language that is not the
 * country's own ("Beijing Shi" in French).
 */
function isTranslation(text: string, isoName: string, tag: string, official: Set<string> | undefined): boolean {
  if (/^[\p{Ll}\p{Lm}'’-]+$/u.test(text)) return false;
  return text !== isoName || Boolean(official?.has(tag.split('-')[0]));
}

export function importSubdivisions(locales: LocalesDataset, overrides: NameOverrides) {
  const supported = new Set(locales.locales.map((locale) => locale.tag));
  const catalogues = [...isoCodesCatalogues('iso_3166-2', supported)].map(([tag, messages]) => [tag, cleanTranslations(messages)] as const);
  const cldr = subdivisionLocales().filter((tag) => supported.has(tag)).map((tag) => [tag, subdivisionNames(tag)] as const);
  const english = subdivisionNames('en');
  const official = officialLanguages();

  return readIsoCodes<any>('3166-2')
    .map((entry) => {
      const id = cldrId(entry.code);
      const country = entry.code.split('-')[0];
      const isoName = cleanIsoName(entry.name);
      const name: Record<string, string> = { en: english[id] ? cleanIsoName(english[id]) : isoName };
      for (const [tag, names] of cldr) {
        if (tag !== 'en' && names[id] && cleanIsoName(names[id]) !== name.en) name[tag] = cleanIsoName(names[id]);
      }
      for (const [tag, messages] of catalogues) {
        const translated = messages.get(entry.name);
        if (translated && !name[tag] && translated !== name.en && isTranslation(translated, isoName, tag, official.get(country))) name[tag] = translated;
      }
      overrides.apply(entry.code, 'name', name);
      for (const tag of Object.keys(name)) if (tag !== 'en' && name[tag] === name.en) delete name[tag];
      return {
        code: entry.code,
        country,
        type: entry.type,
        parent: entry.parent ? qualifiedParent(entry.code, entry.parent) : null,
        iso_name: isoName,
        name,
      };
    })
    .sort((a, b) => a.code.localeCompare(b.code));
}
