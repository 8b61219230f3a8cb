/**
 * `npm run pack-dist [-- DIST_DIR OUT_FILE]`: one tarball of dist/ with its manifest, reproducible
 * byte for byte: entries sorted by name, owner, group and modes normalized, mtimes set to the release
 * date (or the epoch), and a gzip header without a timestamp.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readJson } from './lib/canonical-json.ts';

const root = join(import.meta.dirname, '..');
const distDir = resolve(process.argv[2] ?? join(root, 'dist'));
if (!existsSync(join(distDir, 'manifest.json'))) {
  console.error(`pack-dist: ${distDir} has no manifest.json; run npm run build first`);
  process.exit(1);
}
const release = readJson(join(distDir, 'manifest.json')).release;
const output = resolve(process.argv[3] ?? join(root, `country-reference-${release.id}.tar.gz`));
const mtime = release.date ? `@${Date.parse(`${release.date}T00:00:00Z`) / 1000}` : '@0';

const tar = ['--sort=name', `--mtime=${mtime}`, '--owner=0', '--group=0', '--numeric-owner', '--mode=u+rwX,go+rX,go-w',
  '--format=posix', '--pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime',
  '-C', dirname(distDir), '-cf', '-', basename(distDir)];
const archive = execFileSync('tar', tar, { maxBuffer: 2 ** 31 - 1 });
writeFileSync(output, gzipSync(archive, { level: 6 })); // Node writes no timestamp into the gzip header
const sha256 = createHash('sha256').update(readFileSync(output)).digest('hex');
console.log(`pack-dist: ${output} (${(statSync(output).size / 1e6).toFixed(1)} MB), sha256 ${sha256}, release ${release.id}`);
