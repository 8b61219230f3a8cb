/**
 * `npm run pack-dist [-- DIST_DIR OUT_FILE]`: one release archive of a dist (its size and times:
 * bench/README.md). It carries manifest.json and every response file, checked against the manifest, and
 * nothing that can be made again from them (the .br/.gz copies, manifest.columns.json): unpack-dist
 * makes those. Byte for byte the same for the same dist: files in manifest order, fixed tar headers
 * (the release date as mtime), and zstd, whose output depends only on its level and window.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeAtomically } from './lib/canonical-json.ts';
import { sha256, writeArchive } from './release/archive.ts';
import { tar } from './release/tar.ts';

const root = join(import.meta.dirname, '..');
const distDir = resolve(process.argv[2] ?? join(root, 'dist'));

function* distFiles(manifestBytes: Buffer, files: Record<string, { bytes: number; sha256: string }>) {
  yield { path: 'manifest.json', bytes: manifestBytes };
  for (const [path, entry] of Object.entries(files)) {
    const bytes = readFileSync(join(distDir, path));
    if (bytes.length !== entry.bytes || sha256(bytes) !== entry.sha256) {
      throw new Error(`${distDir}/${path} is not the file its manifest lists; npm run verify -- ${distDir} names everything that differs`);
    }
    yield { path, bytes };
  }
}

try {
  let manifestBytes: Buffer;
  try {
    manifestBytes = readFileSync(join(distDir, 'manifest.json'));
  } catch {
    throw new Error(`${distDir} has no manifest.json; run npm run build first`);
  }
  const manifest = JSON.parse(manifestBytes.toString('utf8'));
  const { id, date } = manifest.release;
  const output = resolve(process.argv[3] ?? join(root, `country-reference-${id}.tar.zst`));
  const mtime = date ? Date.parse(`${date}T00:00:00Z`) / 1000 : 0;
  const archive = writeArchive(id, tar(distFiles(manifestBytes, manifest.files), mtime), 'pack-dist');
  writeAtomically(output, archive);
  console.log(`pack-dist: ${output} (${(statSync(output).size / 1e6).toFixed(1)} MB), sha256 ${sha256(archive)}, release ${id}`);
} catch (error) {
  console.error(`pack-dist: ${(error as Error).message}`);
  process.exit(1);
}
