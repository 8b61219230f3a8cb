/**
 * The format of a dist's manifest: the one contract between the build, which writes it, and whoever
 * serves or checks a copy of dist (the gateway, `npm run verify`). manifest.json describes every file;
 * manifest.columns.json holds the same, derived from it, laid out to load in about half the time
 * (bench/README.md). Both are defined here, and read and validated here only.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const MANIFEST_FILE = 'manifest.json';
export const COLUMNS_FILE = 'manifest.columns.json';
export const MANIFEST_VERSION = 1;
export const COLUMNS_VERSION = 1;

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

/** A code ISO withdrew: what it named, when, and the codes that took its place. */
export interface WithdrawnCode {
  code: string;
  name: string;
  withdrawn: string | null;
  replaced_by: string[];
}

export interface Manifest {
  manifest_version: number;
  api_version: string;
  release: { id: string; date: string | null; data_sha256: string };
  upstreams: unknown[];
  default_locale: string;
  /** Every supported locale with its fallback chain (most specific first, without the tag itself). */
  locales: { tag: string; fallback?: string[] }[];
  locale_aliases: Record<string, string>;
  country_aliases: Record<string, string>;
  /** Codes ISO withdrew (answered 410): lower-case former alpha-2, alpha-3 or numeric country codes that no current country has, and former ISO 3166-2 codes. */
  withdrawn_codes?: { countries: Record<string, WithdrawnCode>; subdivisions: Record<string, WithdrawnCode> };
  layout?: Record<string, string>;
  search_index: string;
  files: Record<string, ManifestFile>;
}

/** manifest.columns.json, derived from the text of manifest.json by `manifestColumns`. */
export function manifestColumns(manifest: Manifest, manifestText: string) {
  const { files, ...rest } = manifest;
  const entries = Object.entries(files);
  const paths: Record<string, string> = {};
  for (const [key, entry] of entries) for (const request of entry.requests) if (!request.includes('?')) paths[request] = key;
  return {
    columns_version: COLUMNS_VERSION,
    manifest_bytes: Buffer.byteLength(manifestText),
    manifest_sha256: createHash('sha256').update(manifestText).digest('hex'),
    manifest: rest,
    files: {
      key: entries.map(([key]) => key),
      bytes: entries.map(([, entry]) => entry.bytes),
      sha256: entries.map(([, entry]) => entry.sha256).join(''),
      content_language: entries.map(([, entry]) => entry.content_language),
      br: entries.map(([, entry]) => entry.encodings.br ?? null),
      gzip: entries.map(([, entry]) => entry.encodings.gzip ?? null),
    },
    paths,
  };
}

/** How a file is stored on disk: as built, or as the precompressed copy beside it. */
export type Coding = 'br' | 'gzip' | 'identity';
export const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz', identity: '' };

/** The files one manifest entry has on disk: the file as built, then each compressed copy the build kept, with its size. */
export function filesOnDisk(path: string, { bytes, encodings }: { bytes: number; encodings: { br?: number; gzip?: number } }): { path: string; bytes: number; coding: Coding }[] {
  const files = [{ path, bytes, coding: 'identity' as Coding }];
  for (const coding of ['br', 'gzip'] as const) {
    if (encodings[coding] !== undefined) files.push({ path: path + SUFFIX[coding], bytes: encodings[coding]!, coding });
  }
  return files;
}

/** Files anyone may read without a key: the form page (`page/`) and the OpenAPI document, which tools fetch anonymously. */
export const isPublicFile = (key: string): boolean => key === 'v1/openapi.json' || key.startsWith('page/');

/** A file as a reader needs it. */
export interface DistFile {
  bytes: number;
  sha256: string;
  contentLanguage: string | null;
  encodings: { br?: number; gzip?: number };
}

/** What a manifest says, checked: everything but the files, the files by key, and the paths they answer without a query. */
export interface ReadManifest {
  manifest: Omit<Manifest, 'files'>;
  files: Map<string, DistFile>;
  paths: Map<string, string>;
  /** The SHA-256 of the manifest.json the columns read were derived from; null when manifest.json itself was read. */
  manifestSha256: string | null;
}

/** A dist that cannot be served or checked as it is: the message names the file and the fault. */
export class DistError extends Error {}

function fail(dir: string, file: string, reason: string): never {
  throw new DistError(`${join(dir, file)}: ${reason}. Rebuild it with \`npm run build\`.`);
}

const SAFE_KEY = /^(?:v1|page)\/[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;
const DOT_SEGMENT = /(?:^|\/)\.+(?:\/|$)/;
/** A file key is a path read from disk: below v1/ or page/, no step of dots only, so none may leave the tree. */
export const isSafeKey = (key: string): boolean => SAFE_KEY.test(key) && !DOT_SEGMENT.test(key);
const SHA256 = /^[0-9a-f]{64}$/;
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isSize = (value: unknown) => value === null || value === undefined || isCount(value);

/** Checks one file entry; keys become paths read from disk, so none may leave the tree. */
function checked(key: string, bytes: unknown, sha256: unknown, language: unknown, br: unknown, gzip: unknown): DistFile | string {
  if (!isSafeKey(key)) return `unsafe file key ${JSON.stringify(key)}`;
  if (!isCount(bytes) || typeof sha256 !== 'string' || !SHA256.test(sha256)) return `file ${key} lacks bytes or a sha256`;
  if (language !== null && language !== undefined && typeof language !== 'string') return `file ${key} has content_language ${JSON.stringify(language)}`;
  if (!isSize(br) || !isSize(gzip)) return `file ${key} has encodings that are not sizes`;
  const encodings = Object.fromEntries(Object.entries({ br, gzip }).filter(([, size]) => size !== null && size !== undefined));
  return { bytes: bytes as number, sha256, contentLanguage: (language as string | null | undefined) ?? null, encodings };
}

/** `file` parsed, or undefined when there is none. */
function readJson(dir: string, readFrom: string, file: string): any {
  let text: string;
  try {
    text = readFileSync(join(readFrom, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    fail(dir, file, `unreadable (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    fail(dir, file, `unreadable (${(error as Error).message})`);
  }
}

function fromManifestJson(dir: string, readFrom: string): ReadManifest {
  const read = readJson(dir, readFrom, MANIFEST_FILE);
  if (read === undefined) fail(dir, MANIFEST_FILE, 'not found');
  const { files: raw, ...manifest } = read ?? {};
  const files = new Map<string, DistFile>();
  const paths = new Map<string, string>();
  for (const [key, entry] of Object.entries<any>(typeof raw === 'object' && raw !== null ? raw : {})) {
    const file = checked(key, entry?.bytes, entry?.sha256, entry?.content_language, entry?.encodings?.br, entry?.encodings?.gzip);
    if (typeof file === 'string') fail(dir, MANIFEST_FILE, file);
    files.set(key, file);
    for (const request of Array.isArray(entry.requests) ? entry.requests : []) if (!request.includes('?')) paths.set(request, key);
  }
  return { manifest, files, paths, manifestSha256: null };
}

/** Undefined where the dist has no columns (a build older than them). */
function fromColumns(dir: string, readFrom: string): ReadManifest | undefined {
  const columns = readJson(dir, readFrom, COLUMNS_FILE);
  if (columns === undefined) return undefined;
  const bad: (reason: string) => never = (reason) => fail(dir, COLUMNS_FILE, reason);
  if (columns?.columns_version !== COLUMNS_VERSION) bad(`columns_version ${columns?.columns_version} is not ${COLUMNS_VERSION}`);
  const { manifest_bytes: manifestBytes, manifest_sha256: manifestSha256, files: raw, paths: rawPaths } = columns;
  if (!isCount(manifestBytes) || typeof manifestSha256 !== 'string' || !SHA256.test(manifestSha256)) bad('manifest_bytes or manifest_sha256 is missing');
  if (typeof columns.manifest !== 'object' || columns.manifest === null) bad('manifest is missing');
  const keys: unknown[] = Array.isArray(raw?.key) ? raw.key : [];
  for (const name of ['bytes', 'content_language', 'br', 'gzip']) {
    if (!Array.isArray(raw?.[name]) || raw[name].length !== keys.length) bad(`files.${name} is not a column of ${keys.length} values`);
  }
  if (typeof raw.sha256 !== 'string' || raw.sha256.length !== keys.length * 64) bad(`files.sha256 is not ${keys.length} SHA-256 digests`);
  const files = new Map<string, DistFile>();
  keys.forEach((key, row) => {
    if (typeof key !== 'string') bad(`files.key[${row}] is ${JSON.stringify(key)}`);
    const file = checked(key, raw.bytes[row], raw.sha256.slice(row * 64, row * 64 + 64), raw.content_language[row], raw.br[row], raw.gzip[row]);
    if (typeof file === 'string') bad(`files row ${row}: ${file}`);
    if (files.has(key)) bad(`files.key names ${key} twice`);
    files.set(key, file);
  });
  const paths = new Map<string, string>();
  for (const [request, key] of Object.entries(typeof rawPaths === 'object' && rawPaths !== null ? rawPaths : bad('paths are missing'))) {
    if (typeof key !== 'string' || !files.has(key)) bad(`paths[${JSON.stringify(request)}] names no file`);
    paths.set(request, key);
  }
  let size: number | undefined;
  try {
    size = statSync(join(readFrom, MANIFEST_FILE)).size;
  } catch { /* reported below */ }
  if (size !== manifestBytes) bad(`derived from a ${MANIFEST_FILE} of ${manifestBytes} bytes; the one beside it ${size === undefined ? 'is missing' : `has ${size}`}`);
  return { manifest: columns.manifest, files, paths, manifestSha256 };
}

function checkManifest(dir: string, { manifest, files }: ReadManifest): void {
  const bad: (reason: string) => never = (reason) => fail(dir, MANIFEST_FILE, reason);
  if (manifest.manifest_version !== MANIFEST_VERSION) bad(`manifest_version ${manifest.manifest_version} is not ${MANIFEST_VERSION}`);
  if (manifest.api_version !== 'v1') bad(`api_version ${manifest.api_version} is not v1`);
  if (typeof manifest.release?.id !== 'string') bad('release.id is missing');
  if (!Array.isArray(manifest.locales) || typeof manifest.default_locale !== 'string') bad('locales are missing');
  const tags = new Set(manifest.locales.map((locale) => String(locale?.tag).toLowerCase()));
  if (!tags.has(manifest.default_locale.toLowerCase())) bad(`default_locale ${manifest.default_locale} is not supported`);
  for (const { tag, fallback = [] } of manifest.locales) {
    if (!fallback.every((entry) => tags.has(entry.toLowerCase()))) bad(`locale ${tag} falls back to an unsupported tag`);
  }
  for (const [alias, tag] of Object.entries(manifest.locale_aliases ?? {})) if (!tags.has(tag.toLowerCase())) bad(`locale alias ${alias} names unsupported ${tag}`);
  if (Object.keys(manifest.country_aliases ?? {}).length === 0) bad('country_aliases are missing');
  for (const entry of [...Object.values(manifest.withdrawn_codes?.countries ?? {}), ...Object.values(manifest.withdrawn_codes?.subdivisions ?? {})]) {
    if (typeof entry?.code !== 'string' || typeof entry.name !== 'string' || !Array.isArray(entry.replaced_by)) bad('withdrawn_codes has an entry without code, name or replaced_by');
  }
  if (!files.has(manifest.search_index)) bad(files.size === 0 ? 'files are missing' : 'search_index names no file');
}

export interface ReadOptions {
  /** false reads manifest.json even where its columns exist (`npm run verify` does). */
  columns?: boolean;
  /** Read from here instead of `dir` (a path pinned to it); messages still name `dir`. */
  readFrom?: string;
}

/** The manifest of the dist at `dir`, through its columns where it has them; throws DistError saying what is wrong. */
export function readManifest(dir: string, { columns = true, readFrom = dir }: ReadOptions = {}): ReadManifest {
  const read = (columns && fromColumns(dir, readFrom)) || fromManifestJson(dir, readFrom);
  checkManifest(dir, read);
  return read;
}
