/**
 * CLDR's view of ISO 3166-2, for the subdivisions' import: the codes its subdivision containment lists,
 * its ids for them (`brsp` for BR-SP), the subdivisions it takes for countries (FR-PF is PF), and which
 * languages write a country's places (CLDR territoryInfo).
 */
import { cldrAliases, likelySubtags, officialLanguagesOf, subdivisionContainment, territoryInfo } from './cldr-core.ts';

export const cldrId = (code: string) => code.replace('-', '').toLowerCase();
const codeOfCldrId = (id: string) => `${id.slice(0, 2)}-${id.slice(2)}`.toUpperCase();

/** Languages with official status in each country (CLDR territoryInfo), which write its places by their local names. */
export function officialLanguages(): Map<string, Set<string>> {
  return new Map(Object.entries(territoryInfo()).map(([country, info]) => [country, new Set(officialLanguagesOf(info))]));
}

/**
 * The language ISO's subdivision names are written in, for countries with one national official language
 * (CLDR territoryInfo) that is served and written in Latin script (BR pt, PL pl, SE sv): ISO gives the
 * local name, which is that language's name for the place where CLDR has none. Not for other scripts
 * (ISO romanizes: "Dubayy").
 */
export function localNameLanguages(supported: Set<string>): Map<string, string> {
  const territories = territoryInfo();
  const likely = likelySubtags();
  const latin = (tag: string) => String(likely[tag] ?? '').split('-')[1] === 'Latn';
  return new Map(
    Object.entries(territories).flatMap(([country, info]) => {
      // az and az_Cyrl are one language.
      const national = [...new Set(officialLanguagesOf(info, ['official', 'de_facto_official']))];
      const [only] = national;
      return national.length === 1 && supported.has(only) && latin(only) ? [[country, only] as const] : [];
    }),
  );
}

/** Subdivisions that are also ISO 3166-1 territories (FR-PF is PF): CLDR marks their ids as aliases of the country code. */
export function territoryOfSubdivision(): Map<string, string> {
  return new Map(
    Object.entries(cldrAliases().subdivisionAlias)
      .filter(([, alias]) => alias._reason === 'overlong' && /^[A-Z]{2}$/.test(alias._replacement))
      .map(([id, alias]) => [codeOfCldrId(id), alias._replacement]),
  );
}

/** Every code CLDR's subdivision containment lists as current. */
export function cldrCodes(): Set<string> {
  return new Set(
    Object.values(subdivisionContainment())
      .flatMap((entry) => entry._contains)
      .map(codeOfCldrId),
  );
}
