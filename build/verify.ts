/**
 * `npm run verify -- <dist dir>`: checks a copied dist against its manifest (every file present,
 * sizes and SHA-256 match, nothing extra, the columns derived from this manifest). Exits 0 when
 * whole, 1 with every problem otherwise.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { COLUMNS_FILE, MANIFEST_FILE } from '../contract/layout.ts';
import { DistError, manifestColumns, readManifest } from '../contract/manifest-files.ts';
import { filesOnDisk, type DistFile } from '../contract/manifest.ts';
import { verifyFiles, type VerifyResult } from '../contract/verify-files.ts';

/** Whether manifest.columns.json, where there is one, is what the build derives from this manifest.json. */
async function columnsProblems(dir: string, manifestText: string): Promise<string[]> {
  let columns: { manifest_sha256?: string } | null;
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

/** Every file with its SHA-256, the columns, and nothing on disk the manifest does not list. */
async function verifyDist(dir: string): Promise<VerifyResult> {
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
  return { files: count, problems: [...problems, ...(await columnsProblems(dir, manifestText)), ...extras].sort() };
}

const dir = resolve(process.argv[2] ?? 'dist');
const started = performance.now();
const { files, problems } = await verifyDist(dir);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length) {
  for (const problem of problems.slice(0, 200)) console.error(`${dir}/${problem}`);
  if (problems.length > 200) console.error(`... and ${problems.length - 200} more`);
  console.error(`verify: ${dir} is NOT whole: ${problems.length} problem(s) among ${files} files (${seconds} s)`);
  process.exit(1);
}
console.log(`verify: ${dir} is whole: ${files} files match the manifest (${seconds} s)`);
