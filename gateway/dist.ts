/**
 * Opens a dist/ tree through its manifest, once, at start. Everything the gateway knows about the
 * data comes from here: which files exist (the only paths it will ever read), their hashes and
 * languages, the supported locales with their fallbacks, and the code aliases. The manifest is read
 * in the columns the build derives from it (manifest-columns.ts) where they exist, else as JSON.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DistFiles, type DistFile, type FileColumns } from './dist-files.ts';
import { COLUMNS_FILE, readColumns } from './manifest-columns.ts';

export type { DistFile };
/** What the gateway asks of a dist's files: a DistFiles, or a Map (tests make one). */
export type FileTable = Pick<ReadonlyMap<string, DistFile>, 'get' | 'has' | 'size' | 'keys'> & Iterable<[string, DistFile]>;

export interface Dist {
  /** Where its files are read from: the directory given, or a path pinned to it (see live-dist.ts). */
  dir: string;
  release: { id: string; date: string | null };
  defaultLocale: string;
  files: FileTable;
  /** Request paths without a query that the build declares a file answers (`/v1` -> `v1/index.json`). */
  paths: Map<string, string>;
  /** Lower-case tag -> its fallback chain, most specific first, each entry a supported tag. */
  localeChains: Map<string, string[]>;
  /** Lower-case request tag -> supported tag, both for supported tags and for the manifest's aliases. */
  localeTags: Map<string, string>;
  /** Lower-case alpha-2, alpha-3 or numeric code -> alpha-2. */
  countryCodes: Map<string, string>;
  searchIndex: string;
  /** The SHA-256 manifest.json must have: the one its columns were derived from; null when it was read itself. */
  manifestSha256: string | null;
}

export class DistError extends Error {}

const SAFE_KEY = /^v1\/[A-Za-z0-9_.@-]+(?:\/[A-Za-z0-9_.@-]+)*$/;
const SHA256 = /^[0-9a-f]{64}$/;
const DOT_SEGMENT = /(?:^|\/)\.+(?:\/|$)/;

function fail(dir: string, reason: string, file = 'manifest.json'): never {
  throw new DistError(`${join(dir, file)}: ${reason}. Rebuild it with \`npm run build\`.`);
}

/** Refuses keys that could leave the tree, whatever wrote the manifest (keys become file paths). */
function checkKey(dir: string, key: string, file?: string): void {
  if (!SAFE_KEY.test(key) || DOT_SEGMENT.test(key)) fail(dir, `unsafe file key ${JSON.stringify(key)}`, file);
}

function readFiles(dir: string, raw: Record<string, any>): { files: DistFiles; paths: Map<string, string> } {
  const columns: FileColumns = { keys: [], bytes: [], sha256: '', contentLanguage: [], br: [], gzip: [] };
  const digests: string[] = [];
  const paths = new Map<string, string>();
  for (const [key, entry] of Object.entries(raw)) {
    checkKey(dir, key);
    if (!Number.isInteger(entry?.bytes) || !SHA256.test(entry.sha256)) fail(dir, `file ${key} lacks bytes or a sha256`);
    columns.keys.push(key);
    columns.bytes.push(entry.bytes);
    digests.push(entry.sha256);
    columns.contentLanguage.push(entry.content_language ?? null);
    columns.br.push(Number.isInteger(entry.encodings?.br) ? entry.encodings.br : null);
    columns.gzip.push(Number.isInteger(entry.encodings?.gzip) ? entry.encodings.gzip : null);
    for (const request of entry.requests ?? []) if (!request.includes('?')) paths.set(request, key);
  }
  return { files: new DistFiles({ ...columns, sha256: digests.join('') }), paths };
}

export interface OpenOptions {
  /** false reads manifest.json even where its columns exist (tests and `npm run verify` compare both ways). */
  columns?: boolean;
  /** Read from here instead of `dir` (a path pinned to it); messages still name `dir`. */
  readFrom?: string;
}

interface ManifestParts {
  manifest: any;
  /** Undefined when the manifest has no files. */
  files: DistFiles | undefined;
  paths: Map<string, string>;
  manifestSha256: string | null;
}

function readText(dir: string, readFrom: string, file: string): string | undefined {
  try {
    return readFileSync(join(readFrom, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    fail(dir, `unreadable (${code ?? (error as Error).message})`, file);
  }
}

/** The manifest from its columns, undefined when the dist has none; they must be those of the manifest beside them. */
function readManifestColumns(dir: string, readFrom: string): ManifestParts | undefined {
  const text = readText(dir, readFrom, COLUMNS_FILE);
  if (text === undefined) return undefined;
  let columns;
  try {
    columns = readColumns(text);
  } catch (error) {
    fail(dir, (error as Error).message, COLUMNS_FILE);
  }
  let size: number | undefined;
  try {
    size = statSync(join(readFrom, 'manifest.json')).size;
  } catch { /* reported as a mismatch below */ }
  if (size !== columns.manifestBytes) {
    const beside = size === undefined ? 'is missing' : `has ${size}`;
    fail(dir, `derived from a manifest.json of ${columns.manifestBytes} bytes; the one beside it ${beside}`, COLUMNS_FILE);
  }
  for (const key of columns.files.keys()) checkKey(dir, key, COLUMNS_FILE);
  return { manifest: columns.rest, files: columns.files, paths: columns.paths, manifestSha256: columns.manifestSha256 };
}

function readManifestJson(dir: string, readFrom: string): ManifestParts {
  const text = readText(dir, readFrom, 'manifest.json');
  if (text === undefined) fail(dir, 'not found');
  let manifest: any;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    fail(dir, `unreadable (${(error as Error).message})`);
  }
  if (typeof manifest?.files !== 'object' || manifest.files === null) return { manifest, files: undefined, paths: new Map(), manifestSha256: null };
  return { manifest, ...readFiles(dir, manifest.files), manifestSha256: null };
}

export function openDist(dir: string, { columns = true, readFrom = dir }: OpenOptions = {}): Dist {
  const { manifest, files, paths, manifestSha256 } = (columns && readManifestColumns(dir, readFrom)) || readManifestJson(dir, readFrom);
  if (manifest?.manifest_version !== 1) fail(dir, `manifest_version ${manifest?.manifest_version} is not 1`);
  if (manifest.api_version !== 'v1') fail(dir, `api_version ${manifest.api_version} is not v1`);
  if (typeof manifest.release?.id !== 'string') fail(dir, 'release.id is missing');
  if (!Array.isArray(manifest.locales) || typeof manifest.default_locale !== 'string') fail(dir, 'locales are missing');
  if (!files) fail(dir, 'files are missing');
  if (!files.has(manifest.search_index)) fail(dir, 'search_index names no file');

  const localeTags = new Map<string, string>();
  const localeChains = new Map<string, string[]>();
  for (const { tag } of manifest.locales) localeTags.set(tag.toLowerCase(), tag);
  for (const { tag, fallback } of manifest.locales) {
    const chain = [tag, ...(fallback ?? [])];
    if (chain.some((entry) => !localeTags.has(entry.toLowerCase()))) fail(dir, `locale ${tag} falls back to an unsupported tag`);
    localeChains.set(tag.toLowerCase(), chain);
  }
  if (!localeTags.has(manifest.default_locale.toLowerCase())) fail(dir, `default_locale ${manifest.default_locale} is not supported`);
  for (const [alias, tag] of Object.entries<string>(manifest.locale_aliases ?? {})) {
    if (!localeTags.has(tag.toLowerCase())) fail(dir, `locale alias ${alias} names unsupported ${tag}`);
    if (!localeTags.has(alias.toLowerCase())) localeTags.set(alias.toLowerCase(), tag);
  }

  const countryCodes = new Map(Object.entries<string>(manifest.country_aliases ?? {}).map(([alias, code]) => [alias.toLowerCase(), code]));
  if (countryCodes.size === 0) fail(dir, 'country_aliases are missing');

  return {
    dir: readFrom,
    release: { id: manifest.release.id, date: manifest.release.date ?? null },
    defaultLocale: manifest.default_locale,
    files, paths, localeChains, localeTags, countryCodes,
    searchIndex: manifest.search_index,
    manifestSha256,
  };
}
