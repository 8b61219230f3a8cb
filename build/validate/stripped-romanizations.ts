/**
 * Gate: no subdivision name is ISO's romanization with its diacritics stripped ("Al Qahirah" as Cairo
 * in French: build/lib/romanization.ts), nor another country's subdivision's English or ISO name where its
 * own are other words (build/lib/other-place-names.ts: "Samdrup Jongkhar" for TH-75 in French), unless CLDR gives it in that locale, a curated file names it
 * with its source, or data/curated/name-check-exceptions.json reviews it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { subdivisionNames } from '../lib/cldr-names.ts';
import { cldrId } from '../lib/cldr-subdivisions.ts';
import { cleanIsoName } from '../lib/iso-names.ts';
import { isStrippedRomanization } from '../lib/romanization.ts';
import { otherPlaceNamed, placeIndex } from '../lib/other-place-names.ts';
import { packageDir } from '../lib/upstream.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

/** CLDR's name of a subdivision in a locale, cleaned as the import cleans it, or undefined. */
export function cldrName(code: string, tag: string): string | undefined {
  if (!existsSync(join(packageDir('cldr-subdivisions-full'), 'subdivisions', tag))) return undefined;
  const name = subdivisionNames(tag)[cldrId(code)];
  return name ? cleanIsoName(name) : undefined;
}

export function checkStrippedRomanizations(data: Datasets): Problem[] {
  const problems = new Problems('data/subdivisions.json');
  const key = (code: string, locale: string, value: string) => `${code}\0${locale}\0${value}`;
  const curated = new Set([
    ...data['curated/name-overrides'].flatMap((entry) => (entry.value === null ? [] : [key(entry.code, entry.locale, entry.value)])),
    ...data['curated/subdivision-names'].map((entry) => key(entry.code, entry.locale, entry.value)),
    ...data['curated/regional-names'].flatMap((entry) => Object.entries(entry.names).map(([code, value]) => key(code, entry.language, value))),
    ...data['curated/name-check-exceptions']
      .filter((entry) => entry.check === 'stripped-romanization')
      .map((entry) => key(entry.code, entry.locale, entry.value)),
  ]);
  // A subdivision that is also a territory (NL-CW) takes CLDR's names of the territory: authoritative too.
  const isTerritoryName = (tag: string, value: string) => data.countries.some((country) => country.name[tag] === value);
  const places = placeIndex(data.subdivisions);
  const reviewedOther = new Set(
    data['curated/name-check-exceptions'].filter((entry) => entry.check === 'other-place-name').map((entry) => key(entry.code, entry.locale, entry.value)),
  );
  data.subdivisions.forEach((subdivision, position) => {
    for (const [tag, value] of Object.entries<string>(subdivision.name)) {
      const other = tag === 'en' ? null : otherPlaceNamed(value, subdivision, places);
      if (
        other &&
        !reviewedOther.has(key(subdivision.code, tag, value)) &&
        !curated.has(key(subdivision.code, tag, value)) &&
        cldrName(subdivision.code, tag) !== value
      ) {
        problems.add(
          `/${position}/name/${tag}`,
          `${subdivision.code} name ${tag} ${JSON.stringify(value)} is the name of ${other}, another country's subdivision ` +
            '(drop it at import, or review it in data/curated/name-check-exceptions.json)',
        );
      }
      if (tag === 'en' || !isStrippedRomanization(value, subdivision.iso_name) || curated.has(key(subdivision.code, tag, value))) continue;
      if (cldrName(subdivision.code, tag) === value || isTerritoryName(tag, value)) continue;
      problems.add(
        `/${position}/name/${tag}`,
        `${subdivision.code} name ${tag} ${JSON.stringify(value)} is ISO's romanization ${JSON.stringify(subdivision.iso_name)} without its diacritics ` +
          '(drop it at import, or review it in data/curated/name-check-exceptions.json)',
      );
    }
  });
  return problems.list;
}
