/**
 * cldr-subdivisions-full (CLDR's subdivision names; the same pinned package the import reads): every
 * name CLDR gives a current code, in every served locale, against the name we show in that locale.
 * CLDR's own marks (daggers, "Gandaki²", the list order) are removed as the import removes them, so a
 * difference is a name we chose over CLDR's. A value corrected in data/curated/name-overrides.json is
 * reviewed there, with its source, and is not compared again; every other difference is listed in
 * data/known-differences.json with its reason.
 */
import { subdivisionLocales, subdivisionNames } from '../../lib/cldr-names.ts';
import { cleanIsoName } from '../../lib/iso-names.ts';
import type { Comparison } from '../references.ts';
import { comparing } from './comparing.ts';
import type { Datasets } from '../../types/datasets.ts';

const REFERENCE = 'cldr-subdivisions-full';

export function compareWithCldrSubdivisions(data: Datasets): Comparison {
  const chains = new Map<string, string[]>(data.locales.locales.map((locale) => [locale.tag, [locale.tag, ...locale.fallback]]));
  const overridden = new Set(
    data['curated/name-overrides'].filter((override) => override.field === 'name').map((override) => `${override.code}/${override.locale}`),
  );
  const ours = new Map(data.subdivisions.map((subdivision) => [subdivision.code.replace('-', '').toLowerCase(), subdivision]));
  const { comparison, check } = comparing(REFERENCE);
  for (const tag of subdivisionLocales().filter((candidate) => chains.has(candidate))) {
    for (const [id, theirs] of Object.entries(subdivisionNames(tag))) {
      const subdivision = ours.get(id);
      if (!subdivision || overridden.has(`${subdivision.code}/${tag}`)) continue; // a withdrawn code, or a reviewed correction
      const shown =
        chains
          .get(tag)!
          .map((candidate) => subdivision.name[candidate])
          .find(Boolean) ?? subdivision.name.en;
      check(`${subdivision.code}/name/${tag}`, shown, theirs, shown === cleanIsoName(theirs));
    }
  }
  return comparison;
}
