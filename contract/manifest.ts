/**
 * The format of a dist's manifest.json, which the build writes and every reader of a dist checks:
 * its head (what resolving a request needs: release.ts) and its file table (every file with its
 * size, SHA-256, language and compressed copies). manifest.columns.json holds the same, laid out to
 * load faster (manifest-files.ts reads and derives it).
 */
import { isSafeKey, SUFFIX, type Coding } from './layout.ts';
import { PATH_CODE_KINDS, type PathCodes } from './path-codes.ts';

export const MANIFEST_VERSION = 3;

/** One file of dist, as manifest.json lists it. */
export interface ManifestFile {
  bytes: number;
  /** Lower-case hex SHA-256 of the file's bytes: its ETag. */
  sha256: string;
  content_language: string | null;
  /** Requests (path and query) this file answers directly. */
  requests: string[];
  /** Sizes of the precompressed copies beside it (`<file>.br`, `<file>.gz`), where the build kept one. */
  encodings: { br?: number; gzip?: number };
}

/** Everything but the file table. */
export interface ManifestHead {
  manifest_version: number;
  api_version: string;
  release: { id: string; date: string | null; data_sha256: string };
  upstreams: unknown[];
  default_locale: string;
  /** Every supported locale with its fallback chain (most specific first, without the tag itself). */
  locales: { tag: string; fallback?: string[] }[];
  locale_aliases: Record<string, string>;
  /** Each kind of path code (contract/path-codes.ts) with its codes, the spellings requests may use, withdrawn codes and hints. */
  path_codes: Record<string, PathCodes>;
  /** The files that answer a path of their own: the form page, `/v1`, `/v1/openapi.json`. */
  static_files: string[];
  layout: Record<string, string>;
  search_index: string;
}

export interface Manifest extends ManifestHead {
  files: Record<string, ManifestFile>;
}

/** A file as a reader needs it. */
export interface DistFile {
  bytes: number;
  sha256: string;
  contentLanguage: string | null;
  encodings: { br?: number; gzip?: number };
}

/** The files one manifest entry has on disk: the file as built, then each compressed copy the build kept, with its size. */
export function filesOnDisk(
  path: string,
  { bytes, encodings }: { bytes: number; encodings: DistFile['encodings'] },
): { path: string; bytes: number; coding: Coding }[] {
  const files = [{ path, bytes, coding: 'identity' as Coding }];
  for (const coding of ['br', 'gzip'] as const) {
    if (encodings[coding] !== undefined) files.push({ path: path + SUFFIX[coding], bytes: encodings[coding]!, coding });
  }
  return files;
}

export const SHA256 = /^[0-9a-f]{64}$/;
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isSize = (value: unknown) => value === null || value === undefined || isCount(value);

/** One file entry checked, or what is wrong with it; keys become paths read from disk, so none may leave the tree. */
export function checkedFile(key: string, bytes: unknown, sha256: unknown, language: unknown, br: unknown, gzip: unknown): DistFile | string {
  if (!isSafeKey(key)) return `unsafe file key ${JSON.stringify(key)}`;
  if (!isCount(bytes) || typeof sha256 !== 'string' || !SHA256.test(sha256)) return `file ${key} lacks bytes or a sha256`;
  if (language !== null && language !== undefined && typeof language !== 'string') return `file ${key} has content_language ${JSON.stringify(language)}`;
  if (!isSize(br) || !isSize(gzip)) return `file ${key} has encodings that are not sizes`;
  const encodings = Object.fromEntries(Object.entries({ br, gzip }).filter(([, size]) => size !== null && size !== undefined));
  return { bytes: bytes as number, sha256, contentLanguage: (language as string | null | undefined) ?? null, encodings };
}

/** What is wrong with a manifest's head, given the keys of its files; undefined when nothing is. */
export function headProblem(head: ManifestHead, hasFile: (key: string) => boolean): string | undefined {
  if (head.manifest_version !== MANIFEST_VERSION) return `manifest_version ${head.manifest_version} is not ${MANIFEST_VERSION}`;
  if (head.api_version !== 'v1') return `api_version ${head.api_version} is not v1`;
  if (typeof head.release?.id !== 'string') return 'release.id is missing';
  if (!Array.isArray(head.locales) || typeof head.default_locale !== 'string') return 'locales are missing';
  const tags = new Set(head.locales.map((locale) => String(locale?.tag).toLowerCase()));
  if (!tags.has(head.default_locale.toLowerCase())) return `default_locale ${head.default_locale} is not supported`;
  for (const { tag, fallback = [] } of head.locales) {
    if (!fallback.every((entry) => tags.has(entry.toLowerCase()))) return `locale ${tag} falls back to an unsupported tag`;
  }
  for (const [alias, tag] of Object.entries(head.locale_aliases ?? {}))
    if (!tags.has(tag.toLowerCase())) return `locale alias ${alias} names unsupported ${tag}`;
  for (const kind of PATH_CODE_KINDS) {
    const table = head.path_codes?.[kind.name];
    if (!table || typeof table !== 'object') return `path_codes.${kind.name} is missing`;
    for (const part of ['codes', 'spellings', 'withdrawn', 'hints'] as const) {
      if (typeof table[part] !== 'object' || table[part] === null) return `path_codes.${kind.name}.${part} is missing`;
    }
    for (const entry of Object.values(table.withdrawn)) {
      if (typeof entry?.code !== 'string' || typeof entry.name !== 'string' || !Array.isArray(entry.replaced_by))
        return `path_codes.${kind.name}.withdrawn has an entry without code, name or replaced_by`;
    }
  }
  const missing = (Array.isArray(head.static_files) ? head.static_files : []).find((key) => !hasFile(key));
  if (!Array.isArray(head.static_files) || missing) return `static_files ${missing ? `names ${missing}, which is no file` : 'are missing'}`;
  if (!hasFile(head.search_index)) return 'search_index names no file';
  return undefined;
}
