/**
 * `npm run unpack-dist -- ARCHIVE [DIST_DIR]`: turns a release archive from pack-dist back into the
 * dist it was packed from, byte for byte. The archive's SHA-256 is checked before anything is written;
 * the files, their .br/.gz copies (made by the build's own writer) and manifest.columns.json go into a
 * new tree beside DIST_DIR, every file is checked against the manifest, and only then is the tree
 * swapped in. On any failure DIST_DIR is left as it was and the new tree is removed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { isSafeKey } from '../contract/layout.ts';
import type { ManifestFile } from '../contract/manifest.ts';
import { discard, removeLeftovers, stagingDir, swapIn } from './write/atomic-swap.ts';
import { writeManifest } from './write/manifest.ts';
import { runWorker, sharesPerCore } from './write/worker-pool.ts';
import { readArchive } from './release/archive.ts';
import { tarFiles } from './release/tar.ts';

const COPY_WORKER_URL = new URL('./release/copy-worker.ts', import.meta.url).href;
const [archiveArgument, distArgument] = process.argv.slice(2);
if (!archiveArgument) {
  console.error('usage: npm run unpack-dist -- ARCHIVE [DIST_DIR]');
  process.exit(64);
}
const archiveFile = resolve(archiveArgument);
const distDir = resolve(distArgument ?? join(import.meta.dirname, '..', 'dist'));

/** What the files made here say otherwise than the manifest: their size, SHA-256, or the sizes of their compressed copies. */
function differences(made: Map<string, ManifestFile>, listed: Record<string, ManifestFile>): string[] {
  const problems: string[] = [];
  for (const [path, entry] of Object.entries(listed)) {
    const file = made.get(path)!;
    if (file.bytes !== entry.bytes || file.sha256 !== entry.sha256)
      problems.push(`${path}: ${file.bytes} bytes with SHA-256 ${file.sha256}, the manifest says ${entry.bytes} bytes with ${entry.sha256}`);
    else if (!isDeepStrictEqual(file.encodings, entry.encodings)) {
      problems.push(
        `${path}: compressed copies of ${JSON.stringify(file.encodings)} bytes, the manifest says ${JSON.stringify(entry.encodings)}` +
          ` (this Node's zlib ${process.versions.zlib} and brotli ${process.versions.brotli} compress otherwise than the build's)`,
      );
    }
  }
  return problems;
}

async function unpack(): Promise<void> {
  if (existsSync(distDir) && !existsSync(join(distDir, 'manifest.json')) && readdirSync(distDir).length) {
    throw new Error(`${distDir} is not a dist (it has no manifest.json); unpack-dist replaces only a dist or an empty folder`);
  }
  const started = performance.now();
  const { header, tar } = readArchive(archiveFile, 'unpack-dist');
  // In shared memory, the workers read their files where they are instead of copies of them.
  const shared = Buffer.from(new SharedArrayBuffer(tar.length));
  tar.copy(shared);
  const [first, ...files] = tarFiles(shared);
  if (first?.path !== 'manifest.json') throw new Error(`${archiveFile} does not begin with manifest.json`);
  const manifest = JSON.parse(first.bytes.toString('utf8'));
  const listed: Record<string, ManifestFile> = manifest.files;
  const paths = new Set(files.map((file) => file.path));
  // A tampered manifest must not name a file outside the tree: the gateway's own test of a file key.
  const unexpected = files.find((file) => !Object.hasOwn(listed, file.path) || !isSafeKey(file.path));
  if (unexpected) throw new Error(`${archiveFile} holds ${unexpected.path}, which its manifest does not list as a response file`);
  const missing = Object.keys(listed).filter((path) => !paths.has(path));
  if (paths.size !== files.length) throw new Error(`${archiveFile} holds a file twice`);
  if (missing.length) throw new Error(`${archiveFile} lacks ${missing.length} file(s) its manifest lists: ${missing.slice(0, 3).join(', ')}`);

  removeLeftovers(distDir);
  const staging = stagingDir(distDir);
  let previous: string | null;
  try {
    mkdirSync(staging, { recursive: true });
    const shares = await Promise.all(sharesPerCore(files).map((share) => runWorker<[string, ManifestFile][]>(COPY_WORKER_URL, { dir: staging, files: share })));
    const problems = differences(new Map(shares.flat()), listed);
    if (problems.length)
      throw new Error(
        `the unpacked files differ from the manifest:\n${problems.slice(0, 10).join('\n')}${problems.length > 10 ? `\n... and ${problems.length - 10} more` : ''}`,
      );
    writeManifest(staging, manifest);
    if (!readFileSync(join(staging, 'manifest.json')).equals(first.bytes))
      throw new Error(`${archiveFile}: its manifest.json is not in the form npm run build writes`);
    previous = swapIn(staging, distDir);
  } catch (error) {
    discard(staging);
    throw error;
  }
  const copies = Object.values(listed).reduce((sum, entry) => sum + Object.keys(entry.encodings).length, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `unpack-dist: ${distDir}: release ${header.release}, ${files.length} files (+ ${copies} br/gz copies and the manifest's columns made again), ${seconds} s`,
  );
  // As after a build: unlinking a whole dist can take longer than writing it, and the new tree is in place.
  if (previous) discard(previous);
}

try {
  await unpack();
} catch (error) {
  console.error(`unpack-dist: ${(error as Error).message}\nunpack-dist: ${distDir} left as it was`);
  process.exit(1);
}
