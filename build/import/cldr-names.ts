/** Reads CLDR's display names (resolved per locale in the cldr-json "full" packages). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir, readPackageJson } from '../lib/upstream.ts';

const territoryCache = new Map<string, Record<string, string>>();

/** Country and region names of a locale, including the `-alt-` variants under their own keys. */
export function territoryNames(tag: string): Record<string, string> {
  let names = territoryCache.get(tag);
  if (!names) {
    names = readPackageJson('cldr-localenames-full', `main/${tag}/territories.json`).main[tag].localeDisplayNames.territories as Record<string, string>;
    territoryCache.set(tag, names);
  }
  return names;
}

/** CLDR subdivision names of a locale keyed by CLDR's id (`usca`), or an empty map. */
export function subdivisionNames(tag: string): Record<string, string> {
  const file = join(packageDir('cldr-subdivisions-full'), 'subdivisions', tag, 'subdivisions.json');
  if (!existsSync(file)) return {};
  return readPackageJson('cldr-subdivisions-full', `subdivisions/${tag}/subdivisions.json`)
    .main[tag].localeDisplayNames.subdivisions.subdivision;
}
