/**
 * ISO 3166-2 romanizes names written in other scripts with diacritics (Al Qāhirah, Ash Shāriqah).
 * A catalogue that copies the romanization without them ("Al Qahirah" as Cairo in French) gives no
 * translation, only a damaged transcription: refused unless CLDR or a reviewed exception gives it.
 */

/** The text without its combining marks (ā -> a, ṟ -> r). */
export const withoutDiacritics = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFC');

/** ISO's names without their diacritics, each stripped once: every name of a subdivision is held against its ISO name. */
const strippedNames = new Map<string, string>();

/** Whether the name is ISO's name with its diacritics stripped (and ISO's name had some). */
export function isStrippedRomanization(name: string, isoName: string): boolean {
  let stripped = strippedNames.get(isoName);
  if (stripped === undefined) strippedNames.set(isoName, (stripped = withoutDiacritics(isoName)));
  return stripped !== isoName && name === stripped;
}
