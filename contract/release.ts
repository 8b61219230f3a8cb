/**
 * What a tier must know of a release to resolve any request without reading a file: the manifest
 * without its file table (its head), turned into lookup tables once per opened release.
 */
import type { ManifestHead } from './manifest.ts';
import type { CodeHint, WithdrawnCode } from './problems.ts';

export interface ReleaseInfo {
  id: string;
  defaultLocale: string;
  /** Lower-case request tag -> supported tag, for supported tags and the manifest's aliases. */
  localeTags: ReadonlyMap<string, string>;
  /** Lower-case supported tag -> its fallback chain, most specific first, each entry a supported tag. */
  localeChains: ReadonlyMap<string, readonly string[]>;
  /** Lower-case alpha-2, alpha-3 or numeric code -> alpha-2. */
  countryCodes: ReadonlyMap<string, string>;
  /** Codes ISO withdrew: lower-case former country codes, and former ISO 3166-2 codes (upper case). */
  withdrawnCountries: ReadonlyMap<string, WithdrawnCode>;
  withdrawnSubdivisions: ReadonlyMap<string, WithdrawnCode>;
  /** Every current ISO 3166-2 code. */
  subdivisionCodes: ReadonlySet<string>;
  /** Lower-case codes people use that ISO does not assign (uk) -> the ISO code meant. */
  codeHints: ReadonlyMap<string, CodeHint>;
  /** The files that answer a path of their own (`/`, `/page/...`, `/v1`, `/v1/openapi.json`). */
  staticFiles: ReadonlySet<string>;
  searchIndex: string;
}

const lowerKeys = <T>(record: Record<string, T>) => new Map(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));

export function releaseInfo(head: ManifestHead): ReleaseInfo {
  const localeTags = new Map<string, string>();
  const localeChains = new Map<string, string[]>();
  for (const { tag, fallback = [] } of head.locales) {
    localeTags.set(tag.toLowerCase(), tag);
    localeChains.set(tag.toLowerCase(), [tag, ...fallback]);
  }
  for (const [alias, tag] of Object.entries(head.locale_aliases)) if (!localeTags.has(alias.toLowerCase())) localeTags.set(alias.toLowerCase(), tag);
  return {
    id: head.release.id,
    defaultLocale: head.default_locale,
    localeTags,
    localeChains,
    countryCodes: lowerKeys(head.country_aliases),
    withdrawnCountries: lowerKeys(head.withdrawn_codes.countries),
    withdrawnSubdivisions: new Map(Object.entries(head.withdrawn_codes.subdivisions)),
    subdivisionCodes: new Set(Object.values(head.subdivision_codes).flat()),
    codeHints: lowerKeys(head.code_hints),
    staticFiles: new Set(head.static_files),
    searchIndex: head.search_index,
  };
}
