/**
 * The edge as production runs it: the Worker wrangler bundles, on workerd, over the upload of the real
 * test dist, asked over real HTTP. The differential test (tiers.test.ts) compares every answer with the
 * gateway's; this suite checks what only the edge has: its keys as digests in a secret, a revocation
 * by a new version of that secret, a Worker left without keys, and no key anywhere in what is uploaded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { get } from './helpers/answers.ts';
import { builtDist } from './helpers/dist.ts';
import { digestLine, preparedEdge, startEdge, type TestEdge } from './helpers/edge.ts';
import { rawManifest, TEST_KEY } from './helpers/gateway.ts';

const OTHER_KEY = 'other-key-0123456789-abcdefghij';
const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
const codeOf = (body: Buffer) => JSON.parse(body.toString('utf8')).code;

const edgeSuite = suite('edge on workerd');
const started: TestEdge[] = [];
const start = async (options?: Parameters<typeof startEdge>[0]) => {
  const edge = await startEdge(options);
  started.push(edge);
  return edge;
};
let shared: TestEdge;
edgeSuite.before(async () => {
  shared = await start();
});
edgeSuite.after(async () => {
  for (const edge of started) await edge.stop();
});

edgeSuite('should answer the form page, the OpenAPI document and the health check without a key, and nothing else', async () => {
  const { port } = shared;
  for (const path of ['/', '/page/page.js', '/v1/openapi.json', '/healthz']) assert.is((await get(port, path)).status, 200, path);
  for (const path of ['/v1', '/v1/countries/BR', '/v1/countries/search?q=br', '/v1/_search/index.json', '/_edge/release.json', '/manifest.json']) {
    const answer = await get(port, path);
    assert.is(answer.status, 401, path);
    assert.is(codeOf(answer.body), 'missing_credentials');
  }
});

edgeSuite("should answer with the file as built, its ETag the manifest's SHA-256, and 304 when it is named", async () => {
  const { port } = shared;
  const answer = await get(port, '/v1/countries/JP?locale=ja', auth(TEST_KEY));
  const file = 'v1/_locale/ja/countries/JP.json';
  assert.is(answer.status, 200);
  assert.is(answer.headers.etag, `"${rawManifest().files[file].sha256}"`);
  assert.is(answer.headers['content-language'], 'ja');
  assert.is(answer.headers['cache-control'], 'private, max-age=3600');
  assert.is(answer.headers['data-release'], rawManifest().release.id);
  assert.ok(answer.body.equals(readFileSync(join(builtDist(), file))), 'the bytes the build wrote, sliced from their bundle');
  const again = await get(port, '/v1/countries/JP?locale=ja', { ...auth(TEST_KEY), 'If-None-Match': answer.headers.etag! });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
});

edgeSuite('should refuse a key once a new version of the secret leaves it out, and take the ones it keeps', async () => {
  const before = await start({ keyDigests: `${digestLine(TEST_KEY, 'revoked')}\n${digestLine(OTHER_KEY, 'kept')}` });
  assert.is((await get(before.port, '/v1/countries/BR', auth(TEST_KEY))).status, 200);
  // `wrangler secret put` makes a new version of the Worker with the new secret: here, a Worker started with it.
  const after = await start({ keyDigests: digestLine(OTHER_KEY, 'kept') });
  const refused = await get(after.port, '/v1/countries/BR', auth(TEST_KEY));
  assert.is(refused.status, 401);
  assert.is(codeOf(refused.body), 'invalid_credentials');
  assert.is((await get(after.port, '/v1/countries/BR', auth(OTHER_KEY))).status, 200);
});

edgeSuite('should answer every request 500 and log why when the secret holds no digest', async () => {
  const edge = await start({ keyDigests: TEST_KEY });
  for (const path of ['/v1/countries/BR', '/healthz']) {
    const answer = await get(edge.port, path, auth(TEST_KEY));
    assert.is(answer.status, 500);
    assert.is(codeOf(answer.body), 'internal_error');
  }
  assert.match(edge.output(), /API_KEY_DIGESTS line 1: expected a SHA-256 digest/);
});

edgeSuite('should let only the configured origins read its answers', async () => {
  const { port } = await start({ corsOrigins: 'https://app.example' });
  const allowed = await get(port, '/v1/countries/BR', { ...auth(TEST_KEY), Origin: 'https://app.example' });
  assert.is(allowed.headers['access-control-allow-origin'], 'https://app.example');
  const other = await get(port, '/v1/countries/BR', { ...auth(TEST_KEY), Origin: 'https://other.example' });
  assert.is(other.headers['access-control-allow-origin'], undefined);
  assert.match(String(other.headers.vary), /Origin/);
});

edgeSuite('should hold no key in the Worker or the upload: only digests, given as a secret', async () => {
  const { upload, script } = await preparedEdge();
  const bundle = readFileSync(script, 'utf8');
  assert.not.ok(bundle.includes(TEST_KEY));
  assert.not.ok(bundle.includes(digestLine(TEST_KEY).split(' ')[0]));
  for (const name of readdirSync(join(upload.dir, '_edge'), { recursive: true, encoding: 'utf8' })) {
    if (name.endsWith('.json')) assert.not.ok(readFileSync(join(upload.dir, '_edge', name), 'utf8').includes(TEST_KEY), name);
  }
});

edgeSuite.run();
