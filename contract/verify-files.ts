/**
 * Checks the files of a dist against its manifest, so a dist about to be served (or a copy: `npm run
 * verify`, build/verify.ts) knows it is whole: every file and compressed copy present with its size,
 * optionally its SHA-256 (slow: reads every byte), and that manifest.columns.json was derived from the
 * manifest.json beside it. Asynchronous throughout, so a gateway goes on answering while it checks.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { COLUMNS_FILE, MANIFEST_FILE } from './layout.ts';
import { filesOnDisk, type DistFile } from './manifest.ts';

export interface VerifyOptions {
  hashes: boolean;
  /** The SHA-256 manifest.json must have (the one its columns were derived from), checked whatever `hashes` says. */
  manifestSha256?: string | null;
}
export interface VerifyResult {
  files: number;
  problems: string[];
}

interface Check {
  path: string;
  bytes: number;
  sha256?: string;
}

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

/** Hashed as a stream: the manifest is large, and a serving process checks it. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** Checks the files `files` lists under `dir`, 32 at a time. */
export async function verifyFiles(dir: string, files: Iterable<[string, DistFile]>, { hashes, manifestSha256 }: VerifyOptions): Promise<VerifyResult> {
  // The compressed copies have no hash in the manifest: their sizes are checked.
  const checks: Check[] = [...files].flatMap(([path, file]) =>
    filesOnDisk(path, file).map(({ path: onDisk, bytes, coding }) => ({
      path: onDisk,
      bytes,
      sha256: hashes && coding === 'identity' ? file.sha256 : undefined,
    })),
  );
  const problems: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < checks.length) {
        const problem = await checkFile(dir, checks[next++]);
        if (problem) problems.push(problem);
      }
    }),
  );
  if (manifestSha256) {
    const actual = await sha256Of(join(dir, MANIFEST_FILE)).catch((error) => `unreadable (${error.code})`);
    if (actual !== manifestSha256) problems.push(`${MANIFEST_FILE}: SHA-256 ${actual} differs from the ${manifestSha256} ${COLUMNS_FILE} was derived from`);
  }
  return { files: checks.length + (manifestSha256 ? 1 : 0), problems: problems.sort() };
}
