/**
 * What `npm run edge:deploy` would upload, checked as CI can without an account: the upload of the real
 * test dist and wrangler's dry run over it (which bundles the Worker and reads every file as a deploy
 * would). No compressed copy, no manifest internals, every response file alone or in its bundle, at most
 * half the platform's file limit; a dist past a limit, or a damaged one, is refused before anything is sent.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EDGE_LIMITS, EdgeLimitError, planUpload } from '../contract/edge-upload.ts';
import type { DistFile } from '../contract/manifest.ts';
import { buildUpload } from '../edge/node/upload.ts';
import { preparedEdge } from './helpers/edge.ts';
import { smallDist } from './helpers/small-dist.ts';
import { rawManifest } from './helpers/gateway.ts';

const deploySuite = suite('edge upload');
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const filesIn = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));

deploySuite('should upload every response file, alone or in its bundle, and the edge index, and no copy, manifest or nginx config', async () => {
  const { upload } = await preparedEdge();
  const uploaded = filesIn(upload.dir);
  assert.is(uploaded.length, upload.plan.files);
  assert.equal(
    uploaded.filter((path) => /\.(br|gz)$/.test(path)),
    [],
  );
  assert.equal(
    uploaded.filter((path) => /^manifest|nginx\.conf$/.test(path)),
    [],
  );
  const { files } = rawManifest();
  // Each file the manifest lists is uploaded alone or found at its offset in its bundle, with the manifest's SHA-256.
  const found = new Map<string, string>();
  for (const { key } of upload.plan.copied) found.set(key, sha256Of(readFileSync(join(upload.dir, key))));
  for (const bundle of upload.plan.bundled) {
    const bytes = readFileSync(join(upload.dir, bundle.path));
    let offset = 0;
    for (const part of bundle.parts) {
      found.set(part.key, sha256Of(bytes.subarray(offset, offset + part.bytes)));
      offset += part.bytes;
    }
    assert.is(offset, bytes.length, bundle.path);
  }
  for (const [key, file] of Object.entries<{ sha256: string }>(files)) if (key !== 'v1/_cdn/nginx.conf') assert.is(found.get(key), file.sha256, key);
  assert.equal(
    uploaded.filter((path) => !(path in files)).every((path) => path.startsWith('_edge/')),
    true,
  );
  const bytes = uploaded.reduce((sum, path) => sum + statSync(join(upload.dir, path)).size, 0);
  assert.is(bytes, upload.plan.bytes);
  // Room to grow: at most half the platform's file limit.
  assert.ok(upload.plan.files <= EDGE_LIMITS.files / 2, `${upload.plan.files} files`);
  console.log(
    `  upload: ${upload.plan.files.toLocaleString('en')} files (${upload.plan.bundled.length} bundles), ${(upload.plan.bytes / 1e6).toFixed(1)} MB (limit ${EDGE_LIMITS.files.toLocaleString('en')} files)`,
  );
});

deploySuite('should refuse a dist whose file is not the one its manifest names, before anything is uploaded', () => {
  const dir = mkdtempSync(join(tmpdir(), 'edge-damaged-'));
  try {
    smallDist(dir);
    writeFileSync(join(dir, 'v1/countries/PT.json'), '{"code":"ES"}');
    assert.throws(() => buildUpload(dir, `${dir}-edge`), /v1\/countries\/PT\.json is not the file its manifest names/);
    assert.not.ok(existsSync(`${dir}-edge`), 'nothing uploaded');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}-edge`, { recursive: true, force: true });
  }
});

deploySuite("should pass wrangler's dry run, with a Worker far under the platform's 3 MB (free plan) script limit", async () => {
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
  [
    'more files than a Worker version takes',
    new Map(Array.from({ length: EDGE_LIMITS.files }, (_, i) => [`page/x${i}.js`, file(10)])),
    /the upload would have 100,1\d\d files; Workers Static Assets take at most 100,000 per Worker version/,
  ],
  [
    'a file over 25 MiB',
    new Map([['v1/phone/BR.json', file(26 * 2 ** 20)]]),
    /v1\/phone\/BR\.json has 27,262,976 bytes; Workers Static Assets take at most 26,214,400 bytes \(25 MiB\) per file/,
  ],
];
for (const [what, files, message] of LIMITS) {
  deploySuite(`should refuse ${what}, naming the limit`, () => {
    assert.throws(
      () => planUpload(head(), files, '0'.repeat(64)),
      (error: Error) => error instanceof EdgeLimitError && message.test(error.message),
    );
  });
}

deploySuite.run();
