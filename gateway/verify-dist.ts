/**
 * Checks a dist tree against its manifest, so a copy (an offline mirror, a CDN upload, a dist about
 * to be served) knows it is whole: every file and compressed copy present with its size, optionally
 * its SHA-256 (slow: reads every byte), optionally nothing on disk that the manifest does not list,
 * and that manifest.columns.json was derived from the manifest.json beside it. Asynchronous
 * throughout, so a gateway goes on answering while it checks.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { COLUMNS_FILE, DistError, filesOnDisk, MANIFEST_FILE, manifestColumns, readManifest, type DistFile } from './manifest.ts';

export interface VerifyOptions {
  hashes: boolean;
  /** The SHA-256 manifest.json must have (the one its columns were derived from), checked whatever `hashes` says. */
  manifestSha256?: string | null;
}
export interface VerifyResult { files: number; problems: string[] }

interface Check { path: string; bytes: number; sha256?: string }

async function checkFile(dir: string, { path, bytes, sha256 }: Check): Promise<string | null> {
  try {
    if (!sha256) {
      const { size } = await stat(join(dir, path));
      return size === bytes ? null : `${path}: ${size} bytes, manifest says ${bytes}`;
    }
    const read = await readFile(join(dir, path));
    if (read.length !== bytes) return `${path}: ${read.length} bytes, manifest says ${bytes}`;
    const actual = createHash('sha256').update(read).digest('hex');
    return actual === sha256 ? null : `${path}: SHA-256 ${actual} differs from the manifest's ${sha256}`;
  } catch (error) {
    return `${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (error as Error).message}`;
  }
}

/** Hashed as a stream: the manifest is 23 MB, and a serving process checks it. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** Checks the files `files` lists under `dir`, 32 at a time. */
export async function verifyFiles(dir: string, files: Iterable<[string, DistFile]>, { hashes, manifestSha256 }: VerifyOptions): Promise<VerifyResult> {
  // The compressed copies have no hash in the manifest: their sizes are checked.
  const checks: Check[] = [...files].flatMap(([path, file]) => filesOnDisk(path, file)
    .map(({ path: onDisk, bytes, coding }) => ({ path: onDisk, bytes, sha256: hashes && coding === 'identity' ? file.sha256 : undefined })));
  const problems: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: 32 }, async () => {
    while (next < checks.length) {
      const problem = await checkFile(dir, checks[next++]);
      if (problem) problems.push(problem);
    }
  }));
  if (manifestSha256) {
    const actual = await sha256Of(join(dir, MANIFEST_FILE)).catch((error) => `unreadable (${error.code})`);
    if (actual !== manifestSha256) problems.push(`${MANIFEST_FILE}: SHA-256 ${actual} differs from the ${manifestSha256} ${COLUMNS_FILE} was derived from`);
  }
  return { files: checks.length + (manifestSha256 ? 1 : 0), problems: problems.sort() };
}

/** Whether manifest.columns.json, where there is one, is what the build derives from this manifest.json. */
async function columnsProblems(dir: string, manifestText: string): Promise<string[]> {
  let columns: any;
  try {
    columns = JSON.parse(await readFile(join(dir, COLUMNS_FILE), 'utf8'));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? [] : [`${COLUMNS_FILE}: ${(error as Error).message}`];
  }
  const derived = manifestColumns(JSON.parse(manifestText), manifestText);
  if (columns?.manifest_sha256 !== derived.manifest_sha256) {
    return [`${COLUMNS_FILE}: derived from a ${MANIFEST_FILE} with SHA-256 ${columns?.manifest_sha256}, not this one (${derived.manifest_sha256})`];
  }
  return isDeepStrictEqual(columns, JSON.parse(JSON.stringify(derived))) ? [] : [`${COLUMNS_FILE}: says otherwise than ${MANIFEST_FILE}`];
}

/** `npm run verify`: every file with its SHA-256, the columns, and nothing on disk the manifest does not list. */
export async function verifyDist(dir: string): Promise<VerifyResult> {
  let manifestText: string;
  let files: Map<string, DistFile>;
  try {
    manifestText = await readFile(join(dir, MANIFEST_FILE), 'utf8');
    ({ files } = readManifest(dir, { columns: false }));
  } catch (error) {
    return { files: 0, problems: [`${MANIFEST_FILE}: ${error instanceof DistError ? error.message : (error as NodeJS.ErrnoException).code}`] };
  }
  const { files: count, problems } = await verifyFiles(dir, files, { hashes: true });
  const listed = new Set([MANIFEST_FILE, COLUMNS_FILE, ...[...files].flatMap(([path, file]) => filesOnDisk(path, file).map((onDisk) => onDisk.path))]);
  const extras = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => !listed.has(path))
    .map((path) => `${path}: not in the manifest`);
  return { files: count, problems: [...problems, ...await columnsProblems(dir, manifestText), ...extras].sort() };
}
