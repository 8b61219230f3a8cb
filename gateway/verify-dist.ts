/**
 * Checks a dist tree against its manifest, so a copy (an offline mirror, a CDN upload) knows it is
 * whole: every file and compressed copy present with its size, optionally its SHA-256 (slow: reads
 * every byte), and optionally nothing on disk that the manifest does not list; and that the manifest
 * is the one its columns (manifest.columns.json) were derived from. A gateway checks its share of an
 * opened dist's files (`verifyFiles`); `npm run verify` checks a manifest on disk, and that opening the
 * dist through its columns gives what opening it through the manifest gives.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DistError, openDist } from './dist.ts';
import { COLUMNS_FILE } from './manifest-columns.ts';

export interface VerifyOptions {
  hashes: boolean;
  /** The part of the files to check: those whose position in the manifest is `index` modulo `count`. */
  share?: { index: number; count: number };
  concurrency?: number;
  /**
   * The SHA-256 manifest.json must have (the one its columns were derived from: Dist.manifestSha256);
   * checked, whatever `hashes` says, by the share with index 0.
   */
  manifestSha256?: string | null;
}
export interface VerifyResult { files: number; problems: string[] }

/** A manifest file entry, as in manifest.json and as dist.ts opens it. */
export interface FileEntry { bytes: number; sha256: string; encodings?: { br?: number; gzip?: number } }

interface Check { path: string; bytes: number; sha256?: string }

function checksOf(entries: Iterable<[string, FileEntry]>, { hashes, share = { index: 0, count: 1 } }: VerifyOptions): Check[] {
  const checks: Check[] = [];
  let position = 0;
  for (const [path, entry] of entries) {
    if (position++ % share.count !== share.index) continue;
    checks.push({ path, bytes: entry.bytes, sha256: hashes ? entry.sha256 : undefined });
    if (entry.encodings?.br !== undefined) checks.push({ path: `${path}.br`, bytes: entry.encodings.br });
    if (entry.encodings?.gzip !== undefined) checks.push({ path: `${path}.gz`, bytes: entry.encodings.gzip });
  }
  return checks;
}

async function checkFile(dir: string, check: Check): Promise<string | null> {
  const file = join(dir, check.path);
  try {
    if (check.sha256) {
      const bytes = await readFile(file);
      if (bytes.length !== check.bytes) return `${check.path}: ${bytes.length} bytes, manifest says ${check.bytes}`;
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return sha256 === check.sha256 ? null : `${check.path}: SHA-256 ${sha256} differs from the manifest's ${check.sha256}`;
    }
    const { size } = await stat(file);
    return size === check.bytes ? null : `${check.path}: ${size} bytes, manifest says ${check.bytes}`;
  } catch (error) {
    return `${check.path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (error as Error).message}`;
  }
}

/** Hashed as a stream: the manifest is 23 MB, and a serving process checks it. */
async function manifestProblem(dir: string, expected: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(join(dir, 'manifest.json'))) hash.update(chunk);
  } catch (error) {
    return `manifest.json: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (error as Error).message}`;
  }
  const sha256 = hash.digest('hex');
  return sha256 === expected ? null : `manifest.json: SHA-256 ${sha256} differs from the ${expected} ${COLUMNS_FILE} was derived from`;
}

async function extraFiles(dir: string, expected: Set<string>): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => path !== 'manifest.json' && path !== COLUMNS_FILE && !expected.has(path))
    .sort()
    .map((path) => `${path}: not in the manifest`);
}

async function runChecks(dir: string, checks: Check[], concurrency: number): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const problem = await checkFile(dir, checks[next++]);
      if (problem) problems.push(problem);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return problems.sort();
}

/** Checks the files of manifest entries under `dir`; asynchronous throughout, so a server keeps answering meanwhile. */
export async function verifyFiles(dir: string, entries: Iterable<[string, FileEntry]>, options: VerifyOptions): Promise<VerifyResult> {
  const checks = checksOf(entries, options);
  const problems = await runChecks(dir, checks, options.concurrency ?? 32);
  if (!options.manifestSha256 || (options.share?.index ?? 0) !== 0) return { files: checks.length, problems };
  const problem = await manifestProblem(dir, options.manifestSha256);
  return { files: checks.length + 1, problems: problem ? [...problems, problem].sort() : problems };
}

/** Whether manifest.columns.json, where there is one, says what manifest.json says: the gateway opens a dist the same through either. */
function columnsProblems(dir: string, manifestBytes: Buffer): string[] {
  if (!existsSync(join(dir, COLUMNS_FILE))) return [];
  try {
    const { manifestSha256, ...fromColumns } = openDist(dir);
    const { manifestSha256: _none, ...fromManifest } = openDist(dir, { columns: false });
    const sha256 = createHash('sha256').update(manifestBytes).digest('hex');
    if (sha256 !== manifestSha256) return [`${COLUMNS_FILE}: derived from a manifest.json with SHA-256 ${manifestSha256}, not this one (${sha256})`];
    return isDeepStrictEqual(fromColumns, fromManifest) ? [] : [`${COLUMNS_FILE}: says otherwise than manifest.json`];
  } catch (error) {
    if (error instanceof DistError) return [`${COLUMNS_FILE}: ${error.message}`];
    throw error;
  }
}

/** Checks `dir` against its manifest.json; with `extras`, also lists files the manifest does not name. */
export async function verifyDist(dir: string, options: VerifyOptions & { extras: boolean }): Promise<VerifyResult> {
  let manifest: any;
  let manifestBytes: Buffer;
  try {
    manifestBytes = await readFile(join(dir, 'manifest.json'));
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch (error) {
    return { files: 0, problems: [`manifest.json: ${(error as Error).message}`] };
  }
  const checks = checksOf(Object.entries<FileEntry>(manifest.files ?? {}), options);
  const problems = await runChecks(dir, checks, options.concurrency ?? 32);
  problems.push(...columnsProblems(dir, manifestBytes));
  if (options.extras) problems.push(...await extraFiles(dir, new Set(checks.map((check) => check.path))));
  return { files: checks.length, problems };
}
