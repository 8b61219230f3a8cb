import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtDist } from './helpers/dist.ts';
import { rawManifest, startGateway, type Gateway } from './helpers/gateway.ts';
import { partialCopy } from './helpers/next-release.ts';
import { startGatewayProcess } from './helpers/start.ts';

const KEY = 'release-test-key-0123456789abcdef';
const release = suite('release (every answer names it)');
let gateway: Gateway;
release.before(async () => {
  gateway = await startGateway();
});
release.after(() => gateway.close());

const ANSWERS: [string, string, Record<string, string>, number][] = [
  ['a file', '/v1/countries/BR', {}, 200],
  ['a search', '/v1/countries/search?q=brazil', {}, 200],
  ['the API index', '/v1', {}, 200],
  ['a 404', '/v1/countries/ZZ', {}, 404],
  ['a 400', '/v1/countries?view=huge', {}, 400],
  ['a 401', '/v1/countries/BR', { Authorization: 'Bearer nope-nope-nope-nope-nope' }, 401],
];
for (const [what, path, headers, status] of ANSWERS) {
  release(`should stamp ${what} with the data release`, async () => {
    const reply = await gateway.request(path, { headers });
    assert.is(reply.status, status);
    assert.is(reply.headers['data-release'], rawManifest().release.id);
  });
}

release('should stamp a 304 and a preflight too', async () => {
  const { headers } = await gateway.request('/v1/countries/BR');
  const revalidated = await gateway.request('/v1/countries/BR', { headers: { 'If-None-Match': headers.etag as string } });
  assert.is(revalidated.status, 304);
  assert.is(revalidated.headers['data-release'], rawManifest().release.id);
  const preflight = await gateway.request('/v1/countries', {
    method: 'OPTIONS',
    key: null,
    headers: { Origin: 'https://a.example', 'Access-Control-Request-Method': 'GET' },
  });
  assert.is(preflight.headers['data-release'], rawManifest().release.id);
  assert.match(String(preflight.headers['access-control-expose-headers'] ?? revalidated.headers['access-control-expose-headers']), 'Data-Release');
});

release('should name the release in GET /v1 with the upstream versions and locales', async () => {
  const body = (await gateway.request('/v1')).json();
  assert.is(body.release.id, rawManifest().release.id);
  assert.ok(body.locales.length >= 100);
  assert.ok(body.upstreams.some((upstream: any) => upstream.name === 'libphonenumber-js' && /^\d/.test(upstream.version)));
});

release.run();

const refuse = suite('start (refuses a dist that fails verification)');
let parent: string;
let copy: string;
refuse.before(() => {
  parent = mkdtempSync(join(tmpdir(), 'country-damaged-'));
  copy = join(parent, 'dist');
  partialCopy(builtDist(), copy);
  unlinkSync(join(copy, 'v1/phone/BR.json'));
  // Same size, other bytes: only a hash tells it from the file built.
  const other = join(copy, 'v1/phone/DE.json');
  const bytes = readFileSync(other);
  unlinkSync(other); // not written through the hard link
  writeFileSync(other, Buffer.from(bytes.toString('latin1').replace('"DE"', '"XX"'), 'latin1'));
});
refuse.after(() => rmSync(parent, { recursive: true, force: true }));

for (const workers of ['1', '2']) {
  refuse(`should stop serving a copy of dist with a file missing, naming it (WORKERS=${workers})`, async () => {
    const started = startGatewayProcess({ DIST_DIR: copy, API_KEYS: KEY, WORKERS: workers });
    const { code } = await started.exited;
    assert.is(code, 1);
    assert.match(started.output(), 'does not match its manifest (1 of ');
    assert.match(started.output(), 'v1/phone/BR.json: missing');
  });
}

refuse('should never send a file whose bytes differ from the manifest, even when not verifying (VERIFY_DIST=off)', async () => {
  const started = startGatewayProcess({ DIST_DIR: copy, API_KEYS: KEY, WORKERS: '1', VERIFY_DIST: 'off' });
  try {
    const [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
    const answer = await fetch(`http://127.0.0.1:${port}/v1/phone/DE`, { headers: { Authorization: `Bearer ${KEY}`, 'Accept-Encoding': 'identity' } });
    assert.is(answer.status, 500);
    assert.is((await answer.json()).code, 'internal_error');
    await started.waitFor(/error: GET \/v1\/phone\/DE: .*v1\/phone\/DE\.json has other bytes than the manifest/);
    const good = await fetch(`http://127.0.0.1:${port}/v1/phone/FR`, { headers: { Authorization: `Bearer ${KEY}` } });
    assert.is(good.status, 200);
  } finally {
    started.child.kill('SIGKILL');
    await started.exited;
  }
});

refuse('should stop serving when manifest.json is not the one its columns were derived from (same size, other bytes)', async () => {
  const edited = join(parent, 'edited');
  partialCopy(builtDist(), edited);
  const manifest = join(edited, 'manifest.json');
  const text = readFileSync(manifest, 'latin1');
  unlinkSync(manifest); // not written through the hard link
  writeFileSync(manifest, text.replace('"default_locale": "en"', '"default_locale": "EN"'), 'latin1');
  const started = startGatewayProcess({ DIST_DIR: edited, API_KEYS: KEY, WORKERS: '2' });
  const { code } = await started.exited;
  assert.is(code, 1);
  assert.match(started.output(), /manifest\.json: SHA-256 [0-9a-f]{64} differs from the [0-9a-f]{64} manifest\.columns\.json was derived from/);
});

refuse.run();
