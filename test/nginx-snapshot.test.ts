/**
 * The snapshot nginx serves a release from (nginx/snapshot.ts): every file read-only and checked
 * against the manifest's SHA-256 when it is made, and a release with a damaged file refused whole.
 * The dists are partial copies of the test dist (hard links); a damaged file is written anew, never in
 * place, so the test dist is never touched.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { snapshot } from '../nginx/snapshot.ts';
import { builtDist } from './helpers/dist.ts';
import { partialCopy } from './helpers/next-release.ts';

/** Writes new bytes at `path` as a new file (the old one may be a link to the test dist). */
function rewrite(path: string, change: (bytes: Buffer) => Buffer): void {
  const bytes = change(readFileSync(path));
  rmSync(path);
  writeFileSync(path, bytes);
}

const DAMAGES: [what: string, path: string, change: (bytes: Buffer) => Buffer][] = [
  ['a truncated file', 'v1/countries/IT.json', (bytes) => bytes.subarray(0, bytes.length - 10)],
  ['a file overwritten with another of the same size', 'v1/phone/BR.json', (bytes) => Buffer.from(bytes.toString('latin1').replace('"BR"', '"SK"'), 'latin1')],
  [
    'one flipped bit',
    'v1/postal-code/BR.json',
    (bytes) => {
      const copy = Buffer.from(bytes);
      copy[copy.length >> 1] ^= 1;
      return copy;
    },
  ],
  [
    'one flipped bit in a brotli copy',
    'v1/countries.json.br',
    (bytes) => {
      const copy = Buffer.from(bytes);
      copy[copy.length >> 1] ^= 1;
      return copy;
    },
  ],
];

const snapshots = suite('nginx snapshot');
let parent: string;
snapshots.before(() => {
  parent = mkdtempSync(join(tmpdir(), 'country-nginx-snapshot-'));
});
snapshots.after(() => rmSync(parent, { recursive: true, force: true }));

snapshots('should make every file of the release read-only, and check it', () => {
  const dist = join(parent, 'whole');
  partialCopy(builtDist(), dist);
  const made = snapshot(dist, join(parent, 'snapshots-whole'));
  const files = readdirSync(made.dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  assert.ok(files.length > 1000, `${files.length} files`);
  const writable = files.filter((entry) => (statSync(join(entry.parentPath, entry.name)).mode & 0o222) !== 0);
  assert.equal(writable.map((entry) => entry.name).slice(0, 5), []);
});

for (const [what, path, change] of DAMAGES) {
  snapshots(`should refuse a release with ${what}, naming it`, () => {
    const dist = join(parent, what.replaceAll(' ', '-'));
    partialCopy(builtDist(), dist);
    rewrite(join(dist, path), change);
    const into = join(parent, `snapshots-${what.replaceAll(' ', '-')}`);
    mkdirSync(into);
    assert.throws(
      () => snapshot(dist, into),
      (error: Error) => error.message.includes(path) && /differ from its manifest/.test(error.message),
    );
    assert.equal(readdirSync(into), [], 'nothing of it is left to serve');
  });
}

snapshots.run();
