/**
 * Each country's own languages: those CLDR territoryInfo gives an official status in it (official,
 * de facto official, or official in a region: Catalan in Spain). Search counts a name in one of them
 * as one a person may have meant (Ísland, Deutschland), beside the reader's language and English.
 */
import { officialLanguagesOf, territoryInfo } from '../lib/cldr-core.ts';

export function importCountryLanguages(countryCodes: string[]): { country: string; languages: string[] }[] {
  const territories = territoryInfo();
  if (!territories?.US?.languagePopulation) throw new Error('cldr-core: supplemental/territoryInfo.json has no languages for US; has its layout changed?');
  return countryCodes.map((country) => ({
    country,
    languages: [...new Set(officialLanguagesOf(territories[country]))].sort(),
  }));
}
