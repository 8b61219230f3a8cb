/**
 * Checks a dist tree against its manifest, so a copy (an offline mirror, a CDN upload) knows it is
 * whole: every file and compressed copy present with its size, optionally its SHA-256 (slow: reads
 * every byte), and optionally nothing on disk that the manifest does not list.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface VerifyOptions { hashes: boolean; extras: boolean; concurrency?: number }
export interface VerifyResult { files: number; problems: string[] }

interface Check { path: string; bytes: number; sha256?: string }

function checksOf(manifest: any, hashes: boolean): Check[] {
  const checks: Check[] = [];
  for (const [path, entry] of Object.entries<any>(manifest.files ?? {})) {
    checks.push({ path, bytes: entry.bytes, sha256: hashes ? entry.sha256 : undefined });
    if (entry.encodings?.br) checks.push({ path: `${path}.br`, bytes: entry.encodings.br });
    if (entry.encodings?.gzip) checks.push({ path: `${path}.gz`, bytes: entry.encodings.gzip });
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

export async function verifyDist(dir: string, options: VerifyOptions): Promise<VerifyResult> {
  let manifest: any;
  try {
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  } catch (error) {
    return { files: 0, problems: [`manifest.json: ${(error as Error).message}`] };
  }
  const checks = checksOf(manifest, options.hashes);
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const problem = await checkFile(dir, checks[next++]);
      if (problem) problems.push(problem);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 32 }, worker));
  if (options.extras) problems.push(...await extraFiles(dir, new Set(checks.map((check) => check.path))));
  return { files: checks.length, problems: problems.sort() };
}
