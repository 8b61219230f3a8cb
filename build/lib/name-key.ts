/**
 * A place's English or ISO name reduced to what tells it from another place's: read alike by the gate
 * (build/validate/name-collisions.ts) and by the import's other-place check (other-place-names.ts).
 */

/** Words that say the same in the English and ISO names (direction, "Saint") or only designate. */
const SAME_WORD: Record<string, string> = {
  north: 'N',
  northern: 'N',
  nord: 'N',
  norte: 'N',
  south: 'S',
  southern: 'S',
  sud: 'S',
  sul: 'S',
  sur: 'S',
  east: 'E',
  eastern: 'E',
  est: 'E',
  este: 'E',
  leste: 'E',
  west: 'W',
  western: 'W',
  ouest: 'W',
  oeste: 'W',
  central: 'C',
  centre: 'C',
  center: 'C',
  centro: 'C',
  centrale: 'C',
  saint: 'St',
  san: 'St',
  st: 'St',
  sankt: 'St',
  santa: 'St',
};
const DESIGNATIONS = new Set([
  'region',
  'province',
  'district',
  'division',
  'county',
  'territory',
  'state',
  'area',
  'city',
  'municipality',
  'governorate',
  'department',
  'oblast',
  'krai',
  'republic',
  'of',
  'the',
  'and',
  'de',
  'del',
  'la',
  'le',
  'capital',
  'parish',
  'prefecture',
]);

/** A name reduced to what tells it from another: no accents, designations or case; directions as one letter. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => SAME_WORD[word] ?? word)
    .filter((word) => !DESIGNATIONS.has(word))
    .join(' ');
}
