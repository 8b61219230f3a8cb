/**
 * A dist's manifest read from disk (Node only): through manifest.columns.json where it exists (about
 * half the time to load: bench/README.md), else manifest.json itself; and the columns derived from a
 * manifest, for the build to write. A dist that cannot be served says why in a DistError.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { COLUMNS_FILE, MANIFEST_FILE } from './layout.ts';
import { checkedFile, headProblem, SHA256, type DistFile, type Manifest, type ManifestHead } from './manifest.ts';

export const COLUMNS_VERSION = 2;

/** manifest.columns.json, derived from the text of manifest.json. */
export function manifestColumns(manifest: Manifest, manifestText: string) {
  const { files, ...head } = manifest;
  const entries = Object.entries(files);
  return {
    columns_version: COLUMNS_VERSION,
    manifest_bytes: Buffer.byteLength(manifestText),
    manifest_sha256: createHash('sha256').update(manifestText).digest('hex'),
    manifest: head,
    files: {
      key: entries.map(([key]) => key),
      bytes: entries.map(([, entry]) => entry.bytes),
      sha256: entries.map(([, entry]) => entry.sha256).join(''),
      content_language: entries.map(([, entry]) => entry.content_language),
      br: entries.map(([, entry]) => entry.encodings.br ?? null),
      gzip: entries.map(([, entry]) => entry.encodings.gzip ?? null),
    },
  };
}

/** What a manifest says, checked: its head and its files by key. */
export interface ReadManifest {
  head: ManifestHead;
  files: Map<string, DistFile>;
  /** The SHA-256 of the manifest.json the columns read were derived from; null when manifest.json itself was read. */
  manifestSha256: string | null;
}

/** A dist that cannot be served or checked as it is: the message names the file and the fault. */
export class DistError extends Error {}

function fail(dir: string, file: string, reason: string): never {
  throw new DistError(`${join(dir, file)}: ${reason}. Rebuild it with \`npm run build\`.`);
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
  const { files: raw, ...head } = read ?? {};
  const files = new Map<string, DistFile>();
  for (const [key, entry] of Object.entries<any>(typeof raw === 'object' && raw !== null ? raw : {})) {
    const file = checkedFile(key, entry?.bytes, entry?.sha256, entry?.content_language, entry?.encodings?.br, entry?.encodings?.gzip);
    if (typeof file === 'string') fail(dir, MANIFEST_FILE, file);
    files.set(key, file);
  }
  return { head, files, manifestSha256: null };
}

/** Undefined where the dist has no columns. */
function fromColumns(dir: string, readFrom: string): ReadManifest | undefined {
  const columns = readJson(dir, readFrom, COLUMNS_FILE);
  if (columns === undefined) return undefined;
  const bad: (reason: string) => never = (reason) => fail(dir, COLUMNS_FILE, reason);
  if (columns?.columns_version !== COLUMNS_VERSION) bad(`columns_version ${columns?.columns_version} is not ${COLUMNS_VERSION}`);
  const { manifest_bytes: manifestBytes, manifest_sha256: manifestSha256, files: raw } = columns;
  if (!Number.isSafeInteger(manifestBytes) || typeof manifestSha256 !== 'string' || !SHA256.test(manifestSha256))
    bad('manifest_bytes or manifest_sha256 is missing');
  if (typeof columns.manifest !== 'object' || columns.manifest === null) bad('manifest is missing');
  const keys: unknown[] = Array.isArray(raw?.key) ? raw.key : [];
  for (const name of ['bytes', 'content_language', 'br', 'gzip']) {
    if (!Array.isArray(raw?.[name]) || raw[name].length !== keys.length) bad(`files.${name} is not a column of ${keys.length} values`);
  }
  if (typeof raw.sha256 !== 'string' || raw.sha256.length !== keys.length * 64) bad(`files.sha256 is not ${keys.length} SHA-256 digests`);
  const files = new Map<string, DistFile>();
  keys.forEach((key, row) => {
    if (typeof key !== 'string') bad(`files.key[${row}] is ${JSON.stringify(key)}`);
    const file = checkedFile(key, raw.bytes[row], raw.sha256.slice(row * 64, row * 64 + 64), raw.content_language[row], raw.br[row], raw.gzip[row]);
    if (typeof file === 'string') bad(`files row ${row}: ${file}`);
    if (files.has(key)) bad(`files.key names ${key} twice`);
    files.set(key, file);
  });
  let size: number | undefined;
  try {
    size = statSync(join(readFrom, MANIFEST_FILE)).size;
  } catch {
    /* reported below */
  }
  if (size !== manifestBytes)
    bad(`derived from a ${MANIFEST_FILE} of ${manifestBytes} bytes; the one beside it ${size === undefined ? 'is missing' : `has ${size}`}`);
  return { head: columns.manifest, files, manifestSha256 };
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
  const problem = headProblem(read.head, (key) => read.files.has(key));
  if (problem) fail(dir, read.manifestSha256 === null ? MANIFEST_FILE : COLUMNS_FILE, problem);
  return read;
}
