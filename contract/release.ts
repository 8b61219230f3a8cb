/**
 * What a tier must know of a release to resolve any request without reading a file: the manifest
 * without its file table (its head), turned into lookup tables once per opened release.
 */
import type { ManifestHead } from './manifest.ts';
import type { CodeHint, WithdrawnCode } from './problems.ts';

/** One kind's table of path codes (contract/path-codes.ts), as maps. */
export interface PathCodeTable {
  codes: ReadonlyMap<string, readonly string[]>;
  spellings: ReadonlyMap<string, string>;
  withdrawn: ReadonlyMap<string, WithdrawnCode>;
  hints: ReadonlyMap<string, CodeHint>;
}

export interface ReleaseInfo {
  id: string;
  defaultLocale: string;
  /** Lower-case request tag -> supported tag, for supported tags and the manifest's aliases. */
  localeTags: ReadonlyMap<string, string>;
  /** Lower-case supported tag -> its fallback chain, most specific first, each entry a supported tag. */
  localeChains: ReadonlyMap<string, readonly string[]>;
  /** Each kind of path code's table, by the kind's name. */
  pathCodes: ReadonlyMap<string, PathCodeTable>;
  /** The files that answer a path of their own (`/`, `/page/...`, `/v1`, `/v1/openapi.json`). */
  staticFiles: ReadonlySet<string>;
  searchIndex: string;
}

const asMap = <T>(record: Record<string, T>) => new Map(Object.entries(record));

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
    pathCodes: new Map(
      Object.entries(head.path_codes).map(([kind, table]) => [
        kind,
        {
          codes: asMap(table.codes),
          spellings: asMap(table.spellings),
          withdrawn: asMap(table.withdrawn),
          hints: asMap(table.hints),
        },
      ]),
    ),
    staticFiles: new Set(head.static_files),
    searchIndex: head.search_index,
  };
}
