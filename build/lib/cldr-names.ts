/** Reads CLDR's display names (resolved per locale in the cldr-json "full" packages). */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir, readPackageJson } from './upstream.ts';

/** A cldr-json `main` file: a locale's display names of one kind. */
export type CldrMain<T> = { main: Record<string, { localeDisplayNames: T }> };

const territoryCache = new Map<string, Record<string, string>>();

/** Country and region names of a locale, including the `-alt-` variants under their own keys. */
export function territoryNames(tag: string): Record<string, string> {
  let names = territoryCache.get(tag);
  if (!names) {
    names = readPackageJson<CldrMain<{ territories: Record<string, string> }>>('cldr-localenames-full', `main/${tag}/territories.json`).main[tag]
      .localeDisplayNames.territories;
    territoryCache.set(tag, names);
  }
  return names;
}

/** cldr-subdivisions-full keeps a locale's names in subdivisions/<tag>/<tag with _ for ->.json. */
const subdivisionFile = (tag: string) => `subdivisions/${tag}/${tag.replaceAll('-', '_')}.json`;

/** Locales for which cldr-subdivisions-full has names (one folder each); throws if its layout is not the one expected. */
export function subdivisionLocales(): string[] {
  const root = packageDir('cldr-subdivisions-full');
  const tags = readdirSync(join(root, 'subdivisions')).sort();
  const missing = tags.filter((tag) => !existsSync(join(root, subdivisionFile(tag))));
  if (!tags.includes('en') || missing.length) {
    throw new Error(`cldr-subdivisions-full: expected ${subdivisionFile('<tag>')} for en and every folder; missing for ${missing.join(', ') || 'en'}`);
  }
  return tags;
}

/** CLDR subdivision names of a locale keyed by CLDR's id (`usca`); the locale must be one of subdivisionLocales(). */
export function subdivisionNames(tag: string): Record<string, string> {
  const file = readPackageJson<{ subdivisions?: { localeDisplayNames?: { subdivisions?: Record<string, string> } } }>(
    'cldr-subdivisions-full',
    subdivisionFile(tag),
  );
  const names = file.subdivisions?.localeDisplayNames?.subdivisions;
  if (!names || Object.keys(names).length === 0) throw new Error(`cldr-subdivisions-full: no subdivision names in ${subdivisionFile(tag)}`);
  return names;
}

/** main/<tag>/<file>.json of cldr-localenames-full: its display names, or undefined where the file lacks them. */
const localeDisplayNames = <T>(tag: string, file: string): Partial<T> | undefined =>
  readPackageJson<{ main?: Record<string, { localeDisplayNames?: Partial<T> }> }>('cldr-localenames-full', `main/${tag}/${file}.json`).main?.[tag]
    ?.localeDisplayNames;

/** Language names of a locale by tag (`en`, `az`, `sr_Latn`...). */
export const languageNames = (tag: string): Record<string, string> | undefined =>
  localeDisplayNames<{ languages: Record<string, string> }>(tag, 'languages')?.languages;

/** Script names of a locale by ISO 15924 code (`Latn`). */
export const scriptNames = (tag: string): Record<string, string> | undefined =>
  localeDisplayNames<{ scripts: Record<string, string> }>(tag, 'scripts')?.scripts;

/** The locale's pattern for a name with qualifiers, `{0} ({1})` in English. */
export const localePattern = (tag: string): string | undefined =>
  localeDisplayNames<{ localeDisplayPattern: { localePattern?: string } }>(tag, 'localeDisplayNames')?.localeDisplayPattern?.localePattern;
