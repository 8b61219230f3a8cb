/**
 * What `npm run edge:deploy` would upload, checked as CI can without an account: the upload of the real
 * test dist and wrangler's dry run over it (which bundles the Worker and reads every file as a deploy
 * would). No compressed copy, no manifest internals, every response file, counts within the platform's
 * limits; a dist past a limit is refused with the limit named.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EDGE_LIMITS, EdgeLimitError, planUpload } from '../contract/edge-upload.ts';
import type { DistFile } from '../contract/manifest.ts';
import { preparedEdge } from './helpers/edge.ts';
import { rawManifest } from './helpers/gateway.ts';

const deploySuite = suite('edge upload');

const filesIn = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));

deploySuite('should upload every response file and the edge index, and no copy, manifest or nginx config', async () => {
  const { upload } = await preparedEdge();
  const uploaded = filesIn(upload.dir);
  assert.is(uploaded.length, upload.plan.files);
  assert.equal(uploaded.filter((path) => /\.(br|gz)$/.test(path)), []);
  assert.equal(uploaded.filter((path) => /^manifest|nginx\.conf$/.test(path)), []);
  const keys = new Set(uploaded);
  const missing = Object.keys(rawManifest().files).filter((key) => !keys.has(key) && key !== 'v1/_cdn/nginx.conf');
  assert.equal(missing, []);
  assert.equal(uploaded.filter((path) => !(path in rawManifest().files)).every((path) => path.startsWith('_edge/')), true);
  const bytes = uploaded.reduce((sum, path) => sum + statSync(join(upload.dir, path)).size, 0);
  assert.is(bytes, upload.plan.bytes);
  assert.ok(upload.plan.files <= EDGE_LIMITS.files);
  console.log(`  upload: ${upload.plan.files.toLocaleString('en')} files, ${(upload.plan.bytes / 1e6).toFixed(1)} MB (limit ${EDGE_LIMITS.files.toLocaleString('en')} files)`);
});

deploySuite('should pass wrangler\'s dry run, with a Worker far under the platform\'s 3 MB (free plan) script limit', async () => {
  const { upload, script, output } = await preparedEdge();
  assert.match(output, /--dry-run: exiting now/);
  assert.match(output, new RegExp(`Read \\d+ files from the assets directory ${upload.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.match(output, /env\.ASSETS\s+Assets/);
  const gzipped = gzipSync(readFileSync(script)).length;
  assert.ok(gzipped < 3 * 2 ** 20, `${gzipped} bytes gzipped`);
});

const file = (bytes: number): DistFile => ({ bytes, sha256: '0'.repeat(64), contentLanguage: null, encodings: {} });
const head = () => ({ ...rawManifest(), files: undefined });
const LIMITS: [what: string, files: Map<string, DistFile>, message: RegExp][] = [
  ['more files than a Worker version takes', new Map(Array.from({ length: EDGE_LIMITS.files }, (_, i) => [`v1/phone/X${i}.json`, file(10)])),
    /the upload would have 100,1\d\d files; Workers Static Assets take at most 100,000 per Worker version/],
  ['a file over 25 MiB', new Map([['v1/phone/BR.json', file(26 * 2 ** 20)]]), /v1\/phone\/BR\.json has 27,262,976 bytes; Workers Static Assets take at most 26,214,400 bytes \(25 MiB\) per file/],
];
for (const [what, files, message] of LIMITS) {
  deploySuite(`should refuse ${what}, naming the limit`, () => {
    assert.throws(() => planUpload(head(), files, '0'.repeat(64)), (error: Error) => error instanceof EdgeLimitError && message.test(error.message));
  });
}

deploySuite.run();
