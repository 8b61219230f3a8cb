/**
 * Country names in the CLDR locales we do not serve (700+ in all, 159 served), for search only: a
 * Faroese or Greenlandic speaker types the name in their own language even where no answer comes in
 * it. Names any served locale already gives the same country are left out (search holds those).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from '../lib/upstream.ts';
import { territoryNames } from '../lib/cldr-names.ts';

export function importUnservedLocaleNames(
  countries: { alpha2: string; name: Record<string, string>; alternative_names: Record<string, string[]> }[],
  served: Set<string>,
) {
  const root = join(packageDir('cldr-localenames-full'), 'main');
  const tags = readdirSync(root)
    .filter((tag) => !served.has(tag) && existsSync(join(root, tag, 'territories.json')))
    .sort();
  if (tags.length < 300) throw new Error(`cldr-localenames-full: ${tags.length} locales outside the served ones, expected hundreds`);
  const known = new Map(
    countries.map((country) => [country.alpha2, new Set([...Object.values(country.name), ...Object.values(country.alternative_names).flat()])]),
  );
  const namesOf = new Map(countries.map((country) => [country.alpha2, {} as Record<string, string[]>]));
  // Each locale's territory names read once: `DE` and its variants (`DE-alt-short`) name DE.
  for (const tag of tags) {
    for (const [key, name] of Object.entries(territoryNames(tag))) {
      const code = key.split('-alt-')[0];
      const names = namesOf.get(code);
      if (!names || !name || name === code || known.get(code)!.has(name)) continue;
      (names[name] ??= []).push(tag);
    }
  }
  return countries.map((country) => ({ country: country.alpha2, names: namesOf.get(country.alpha2)! }));
}
