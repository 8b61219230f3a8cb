/**
 * From what a request names to a file of dist/: codes in any case and alias to canonical codes, and
 * a locale to the first file along its fallback chain. Only keys of the manifest come out of here.
 */
import type { Dist } from './dist.ts';

/** The alpha-2 code for an alpha-2, alpha-3 or numeric code in any case, if the country exists. */
export function countryCode(dist: Dist, input: string): string | undefined {
  return dist.countryCodes.get(input.toLowerCase());
}

/** The ISO 3166-2 code for `input` (`BR-SP`, `br-sp` or `sp`) within `country`; undefined when that country has no such subdivision. */
export function subdivisionCode(dist: Dist, country: string, input: string): string | undefined {
  const upper = input.toUpperCase();
  const code = upper.includes('-') ? upper : `${country}-${upper}`;
  if (!code.startsWith(`${country}-`)) return undefined;
  return dist.files.has(`v1/subdivisions/${country}/${code}.json`) ? code : undefined;
}

/**
 * The file answering `rest` (e.g. `countries/BR.json`) in `locale`: the locale's own file if the
 * build wrote one, else the first along its fallback chain, else the default-locale file. The build
 * writes a localized file only where its body differs from what the chain would give.
 */
export function localizedFile(dist: Dist, locale: string, rest: string): string {
  for (const tag of dist.localeChains.get(locale.toLowerCase()) ?? []) {
    if (tag === dist.defaultLocale) break;
    const key = `v1/_locale/${tag}/${rest}`;
    if (dist.files.has(key)) return key;
  }
  return `v1/${rest}`;
}
