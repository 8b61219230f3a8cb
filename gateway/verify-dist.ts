/**
 * Checks a dist tree against its manifest, so a copy (an offline mirror, a CDN upload) knows it is
 * whole: every file and compressed copy present with its size, optionally its SHA-256 (slow: reads
 * every byte), and optionally nothing on disk that the manifest does not list. A gateway checks its
 * share of an opened dist's files (`verifyFiles`); `npm run verify` checks a manifest on disk.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface VerifyOptions {
  hashes: boolean;
  /** The part of the files to check: those whose position in the manifest is `index` modulo `count`. */
  share?: { index: number; count: number };
  concurrency?: number;
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

async function extraFiles(dir: string, expected: Set<string>): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => path !== 'manifest.json' && !expected.has(path))
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
  return { files: checks.length, problems: await runChecks(dir, checks, options.concurrency ?? 32) };
}

/** Checks `dir` against its manifest.json; with `extras`, also lists files the manifest does not name. */
export async function verifyDist(dir: string, options: VerifyOptions & { extras: boolean }): Promise<VerifyResult> {
  let manifest: any;
  try {
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  } catch (error) {
    return { files: 0, problems: [`manifest.json: ${(error as Error).message}`] };
  }
  const checks = checksOf(Object.entries<FileEntry>(manifest.files ?? {}), options);
  const problems = await runChecks(dir, checks, options.concurrency ?? 32);
  if (options.extras) problems.push(...await extraFiles(dir, new Set(checks.map((check) => check.path))));
  return { files: checks.length, problems };
}
