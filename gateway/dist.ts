/**
 * A dist opened for serving. Everything the gateway knows about the data comes from its manifest
 * (manifest.ts): which files exist (the only paths it will ever read), their hashes and languages, the
 * supported locales with their fallback chains, and the code aliases. A file is read whole and
 * checked against the manifest before anything of it is sent.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, SUFFIX, type Coding, type DistFile, type ReadOptions, type WithdrawnCode } from './manifest.ts';

export { DistError, type Coding, type DistFile } from './manifest.ts';

export interface Dist {
  /** Where its files are read from: the directory given, or a path pinned to it (live-dist.ts). */
  dir: string;
  release: string;
  defaultLocale: string;
  files: ReadonlyMap<string, DistFile>;
  /** Request paths without a query that the build declares a file answers (`/v1` -> `v1/index.json`). */
  paths: ReadonlyMap<string, string>;
  /** Lower-case tag -> its fallback chain, most specific first, each entry a supported tag. */
  localeChains: ReadonlyMap<string, string[]>;
  /** Lower-case request tag -> supported tag, for supported tags and the manifest's aliases. */
  localeTags: ReadonlyMap<string, string>;
  /** Lower-case alpha-2, alpha-3 or numeric code -> alpha-2. */
  countryCodes: ReadonlyMap<string, string>;
  /** Codes ISO withdrew: lower-case former country codes, and former ISO 3166-2 codes (upper case). */
  withdrawnCountries: ReadonlyMap<string, WithdrawnCode>;
  withdrawnSubdivisions: ReadonlyMap<string, WithdrawnCode>;
  searchIndex: string;
  /** The SHA-256 manifest.json must have (the one its columns were derived from); null when it was read itself. */
  manifestSha256: string | null;
}

/** Opens the dist at `dir`; throws DistError saying what is wrong with it. */
export function openDist(dir: string, options: ReadOptions = {}): Dist {
  const { manifest, files, paths, manifestSha256 } = readManifest(dir, options);
  const localeTags = new Map<string, string>();
  const localeChains = new Map<string, string[]>();
  for (const { tag, fallback = [] } of manifest.locales) {
    localeTags.set(tag.toLowerCase(), tag);
    localeChains.set(tag.toLowerCase(), [tag, ...fallback]);
  }
  for (const [alias, tag] of Object.entries(manifest.locale_aliases ?? {})) {
    if (!localeTags.has(alias.toLowerCase())) localeTags.set(alias.toLowerCase(), tag);
  }
  return {
    dir: options.readFrom ?? dir,
    release: manifest.release.id,
    defaultLocale: manifest.default_locale,
    files, paths, localeChains, localeTags,
    countryCodes: new Map(Object.entries(manifest.country_aliases).map(([alias, code]) => [alias.toLowerCase(), code])),
    withdrawnCountries: new Map(Object.entries(manifest.withdrawn_codes?.countries ?? {})),
    withdrawnSubdivisions: new Map(Object.entries(manifest.withdrawn_codes?.subdivisions ?? {})),
    searchIndex: manifest.search_index,
    manifestSha256,
  };
}

/**
 * A file of the manifest that is not on disk as the manifest says: gone (a newer build deleted the tree
 * this dist was opened from), of another size, or other bytes. A newer dist may answer the request
 * instead (live-dist.ts); a damaged file is never sent.
 */
export class UnreadableFile extends Error {}

/**
 * The bytes of `key` (a manifest key) in `coding`, checked: the size the manifest gives, and for the
 * file as built its SHA-256 (the compressed copies have no hash in the manifest). Read synchronously:
 * see README, "Running the gateway".
 */
export function readFile(dist: Dist, key: string, coding: Coding): Buffer {
  const file = dist.files.get(key);
  const expected = coding === 'identity' ? file?.bytes : file?.encodings[coding];
  const path = key + SUFFIX[coding];
  if (expected === undefined) throw new Error(`${path} is not in the manifest`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dist.dir, path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UnreadableFile(`${path} is gone (${code})`);
    throw error;
  }
  if (bytes.length !== expected) throw new UnreadableFile(`${path} has ${bytes.length} bytes, the manifest says ${expected}`);
  if (coding === 'identity' && createHash('sha256').update(bytes).digest('hex') !== file!.sha256) {
    throw new UnreadableFile(`${path} has other bytes than the manifest's SHA-256`);
  }
  return bytes;
}
