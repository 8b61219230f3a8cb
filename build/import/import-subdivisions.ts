/**
 * ISO 3166-2 subdivisions from Debian iso-codes (code, type, parent, ISO name, which is the
 * local-language name). English names from CLDR where it has one, else the ISO name; translations
 * from CLDR and from iso-codes' gettext catalogues, for supported locales only (others could never
 * be served), and only where they differ from English.
 */
import { readIsoCodes, readIsoCodesTranslations } from '../lib/upstream.ts';
import { subdivisionNames } from './cldr-names.ts';
import { isoCodesLocale } from './import-countries.ts';
import type { LocalesDataset } from './import-locales.ts';

const cldrId = (code: string) => code.replace('-', '').toLowerCase();
/** iso-codes gives most parents without the country prefix (NX) and some with it (GB-ENG). */
const qualifiedParent = (code: string, parent: string) => (parent.includes('-') ? parent : `${code.split('-')[0]}-${parent}`);

export function importSubdivisions(locales: LocalesDataset) {
  const iso = readIsoCodes<any>('3166-2');
  const catalogues = [...readIsoCodesTranslations('iso_3166-2')]
    .map(([tag, messages]) => [isoCodesLocale(tag, locales), messages] as const)
    .filter(([tag]) => tag && tag !== 'en');
  const cldrByLocale = locales.locales.map((locale) => [locale.tag, subdivisionNames(locale.tag)] as const);
  const english = subdivisionNames('en');

  return iso
    .map((entry) => {
      const id = cldrId(entry.code);
      const name: Record<string, string> = { en: english[id] ?? entry.name };
      for (const [tag, names] of cldrByLocale) {
        if (names[id] && names[id] !== name.en) name[tag] = names[id];
      }
      for (const [tag, messages] of catalogues) {
        const translated = messages.get(entry.name);
        if (translated && translated !== name.en && !name[tag!]) name[tag!] = translated;
      }
      return {
        code: entry.code,
        country: entry.code.split('-')[0],
        type: entry.type,
        parent: entry.parent ? qualifiedParent(entry.code, entry.parent) : null,
        iso_name: entry.name,
        name,
      };
    })
    .sort((a, b) => a.code.localeCompare(b.code));
}
