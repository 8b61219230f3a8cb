/**
 * Country names in the CLDR locales we do not serve (700+ in all, 159 served), for search only: a
 * Faroese or Greenlandic speaker types the name in their own language even where no answer comes in
 * it. Names any served locale already gives the same country are left out (search holds those).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from '../lib/upstream.ts';
import { territoryNames } from './cldr-names.ts';

export function importUnservedLocaleNames(countries: { alpha2: string; name: Record<string, string>; alternative_names: Record<string, string[]> }[], served: Set<string>) {
  const root = join(packageDir('cldr-localenames-full'), 'main');
  const tags = readdirSync(root).filter((tag) => !served.has(tag) && existsSync(join(root, tag, 'territories.json'))).sort();
  if (tags.length < 300) throw new Error(`cldr-localenames-full: ${tags.length} locales outside the served ones, expected hundreds`);
  return countries.map((country) => {
    const known = new Set([...Object.values(country.name), ...Object.values(country.alternative_names).flat()]);
    const names: Record<string, string[]> = {};
    for (const tag of tags) {
      const territories = territoryNames(tag);
      const keys = Object.keys(territories).filter((key) => key === country.alpha2 || key.startsWith(`${country.alpha2}-alt-`));
      for (const name of keys.map((key) => territories[key])) {
        if (!name || name === country.alpha2 || known.has(name)) continue;
        (names[name] ??= []).push(tag);
      }
    }
    return { country: country.alpha2, names };
  });
}
