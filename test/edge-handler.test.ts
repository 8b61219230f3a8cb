/**
 * The edge's handler (edge/handler.ts) in Node's own Fetch API, over the upload of the real test dist
 * read from disk as the assets binding would read it: each case a request and what it must get, the
 * key checked before any file is read, and a store that fails answered with a 500 problem, never a throw.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EDGE_RELEASE_FILE } from '../contract/edge-upload.ts';
import type { AssetFetcher } from '../edge/assets.ts';
import { createHandler } from '../edge/handler.ts';
import { EdgeKeys } from '../edge/keys.ts';
import { readSettings } from '../edge/settings.ts';
import { buildUpload } from '../edge/node/upload.ts';
import { builtDist } from './helpers/dist.ts';
import { digestLine } from './helpers/edge.ts';
import { rawManifest, TEST_KEY } from './helpers/gateway.ts';

let uploadDir: string;
/** Paths the handler read through the binding, in order; a path in `failing` answers 500. */
const reads: string[] = [];
const failing = new Set<string>();
const disk: AssetFetcher = {
  fetch: async (request) => {
    const path = new URL(request.url).pathname.slice(1);
    reads.push(path);
    if (failing.has(path) || failing.has('*')) return new Response('down', { status: 500 });
    try {
      return new Response(readFileSync(join(uploadDir, path)));
    } catch {
      return new Response(null, { status: 404 });
    }
  },
};
const logs: string[] = [];
const handler = () =>
  createHandler({ assets: disk, keys: new EdgeKeys(digestLine(TEST_KEY)), corsOrigins: '*', cacheBytes: 2 ** 20, log: (line) => logs.push(line) });
const ask = (handle: ReturnType<typeof handler>, path: string, headers: Record<string, string> = { Authorization: `Bearer ${TEST_KEY}` }, method = 'GET') =>
  handle(new Request(`https://api.example${path}`, { method, headers }));

const handlerSuite = suite('edge handler');
handlerSuite.before(() => {
  uploadDir = buildUpload(builtDist(), `${builtDist()}-edge`).dir;
});
handlerSuite.before.each(() => {
  reads.length = 0;
  failing.clear();
  logs.length = 0;
});

const sha = (key: string) => `"${rawManifest().files[key].sha256}"`;
const noKey = {};
const CASES: [
  what: string,
  path: string,
  headers: Record<string, string> | undefined,
  method: string,
  status: number,
  expect: { code?: string; etag?: string; language?: string; cache?: string },
][] = [
  ['the form page without a key', '/', noKey, 'GET', 200, { etag: sha('page/index.html'), cache: 'public, max-age=3600' }],
  ['the OpenAPI document without a key', '/v1/openapi.json', noKey, 'GET', 200, { etag: sha('v1/openapi.json') }],
  ['the health check without a key', '/healthz', noKey, 'GET', 200, { cache: 'no-store' }],
  ['a preflight without a key', '/v1/countries/BR', { Origin: 'https://a.example', 'Access-Control-Request-Method': 'GET' }, 'OPTIONS', 204, {}],
  ['a country without a key', '/v1/countries/BR', noKey, 'GET', 401, { code: 'missing_credentials' }],
  ['a path that does not exist without a key', '/v1/../manifest.json', noKey, 'GET', 401, { code: 'missing_credentials' }],
  ['an unknown key', '/v1/countries/BR', { Authorization: `Bearer ${'x'.repeat(30)}` }, 'GET', 401, { code: 'invalid_credentials' }],
  ['a key without its scheme', '/v1/countries/BR', { Authorization: TEST_KEY }, 'GET', 400, { code: 'invalid_request' }],
  [
    'two keys joined, as the Fetch API joins two headers',
    '/v1/countries/BR',
    { Authorization: `Bearer ${TEST_KEY}, Bearer ${TEST_KEY}` },
    'GET',
    400,
    { code: 'invalid_request' },
  ],
  [
    'a country in a locale',
    '/v1/countries/BR?locale=de',
    undefined,
    'GET',
    200,
    { etag: sha('v1/_locale/de/countries/BR.json'), language: 'de', cache: 'private, max-age=3600' },
  ],
  [
    "a locale whose answer is its fallback's",
    '/v1/subdivisions/BR/BR-SP?locale=pt',
    undefined,
    'GET',
    200,
    { etag: sha('v1/subdivisions/BR/BR-SP.json'), language: 'en' },
  ],
  ['the key as the scheme in capitals', '/v1/phone/BR', { Authorization: `BEARER ${TEST_KEY}` }, 'GET', 200, { etag: sha('v1/phone/BR.json') }],
  [
    'a revalidation',
    '/v1/countries/BR',
    { Authorization: `Bearer ${TEST_KEY}`, 'If-None-Match': sha('v1/countries/BR.json') },
    'GET',
    304,
    { etag: sha('v1/countries/BR.json') },
  ],
  ['HEAD of a file', '/v1/countries/BR', undefined, 'HEAD', 200, { etag: sha('v1/countries/BR.json') }],
  ['a withdrawn code', '/v1/countries/ZR', undefined, 'GET', 410, { code: 'code_withdrawn' }],
  ['an unknown parameter', '/v1/countries?lang=de', undefined, 'GET', 400, { code: 'unknown_parameter' }],
  ['DELETE', '/v1/countries/BR', undefined, 'DELETE', 405, { code: 'method_not_allowed' }],
  ['a dist file by its name', '/v1/_search/index.json', undefined, 'GET', 404, { code: 'not_found' }],
  ['the edge index by its name', '/_edge/release.json', undefined, 'GET', 404, { code: 'not_found' }],
  ['a search', '/v1/countries/search?q=brasil&locale=pt', undefined, 'GET', 200, { language: 'pt' }],
  ['a target over 8 KiB', `/v1/countries/${'a'.repeat(9000)}`, undefined, 'GET', 414, { code: 'uri_too_long' }],
  ['headers over 16 KiB', '/v1/countries/BR', { Authorization: `Bearer ${TEST_KEY}`, 'X-Big': 'a'.repeat(17_000) }, 'GET', 431, { code: 'headers_too_large' }],
];

for (const [what, path, headers, method, status, expect] of CASES) {
  handlerSuite(`should answer ${what} with ${status}${expect.code ? ` ${expect.code}` : ''}`, async () => {
    const response = await ask(handler(), path, headers, method);
    const body = await response.text();
    assert.is(response.status, status, body);
    if (expect.code) assert.is(JSON.parse(body).code, expect.code);
    if (expect.etag) assert.is(response.headers.get('etag'), expect.etag);
    if (expect.language) assert.is(response.headers.get('content-language'), expect.language);
    if (expect.cache) assert.is(response.headers.get('cache-control'), expect.cache);
    if (method === 'HEAD' || status === 304) assert.is(body, '');
    assert.is(response.headers.get('data-release'), rawManifest().release.id);
  });
}

handlerSuite('should read no file but the release for a request refused for its key', async () => {
  const handle = handler();
  for (const path of ['/v1/countries/BR', '/v1/countries/search?q=br', '/v1/_search/index.json']) {
    assert.is((await ask(handle, path, noKey)).status, 401);
  }
  assert.equal([...new Set(reads)], [EDGE_RELEASE_FILE]);
});

handlerSuite('should answer a file as built, byte for byte, whether read alone or sliced from its bundle', async () => {
  const ANSWERS: [path: string, key: string, read: RegExp][] = [
    ['/v1/countries/BR?locale=de', 'v1/_locale/de/countries/BR.json', /^_edge\/bundles\/de\/countries\.\d+\.json$/],
    ['/v1/subdivisions/BR/BR-SP', 'v1/subdivisions/BR/BR-SP.json', /^_edge\/bundles\/_\/subdivisions\.\d+\.json$/],
    ['/v1/countries?locale=de', 'v1/_locale/de/countries.json', /^v1\/_locale\/de\/countries\.json$/],
  ];
  const handle = handler();
  for (const [path, key, read] of ANSWERS) {
    const response = await ask(handle, path);
    assert.ok(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(builtDist(), key))), key);
    assert.match(reads.at(-1)!, read);
  }
});

handlerSuite('should answer 500 internal_error when the assets fail, and recover when they come back', async () => {
  const handle = handler();
  failing.add('*');
  const response = await ask(handle, '/v1/countries/BR');
  assert.is(response.status, 500);
  assert.is((await response.json()).code, 'internal_error');
  assert.match(logs.join('\n'), /assets binding answered 500/);
  failing.clear();
  assert.is((await ask(handle, '/v1/countries/BR')).status, 200);
});

handlerSuite('should answer 500 when a file or bundle listed in its index is missing from the store, and the others as ever', async () => {
  const handle = handler();
  failing.add('v1/countries.json');
  failing.add('_edge/bundles/_/phone.0.json');
  assert.is((await ask(handle, '/v1/countries')).status, 500);
  assert.is((await ask(handle, '/v1/phone/FR')).status, 500);
  assert.is((await ask(handle, '/v1/countries/DE')).status, 200);
  assert.is((await ask(handle, '/v1/postal-code/FR')).status, 200);
});

const settingsSuite = suite('edge settings');
const SETTINGS: [what: string, env: Record<string, string>, problem: RegExp | undefined][] = [
  ['a digest with a name', { API_KEY_DIGESTS: digestLine(TEST_KEY, 'partner') }, undefined],
  ['no digests', {}, /API_KEY_DIGESTS lists no key digests \(set it with `wrangler secret put API_KEY_DIGESTS`\)/],
  ['a plain key for a digest', { API_KEY_DIGESTS: TEST_KEY }, /API_KEY_DIGESTS line 1: expected a SHA-256 digest/],
  [
    'a CORS entry that is no origin',
    { API_KEY_DIGESTS: digestLine(TEST_KEY), CORS_ORIGINS: 'https://a.example/' },
    /CORS_ORIGINS entry "https:\/\/a.example\/" is not an origin/,
  ],
  ['a cache size that is no number', { API_KEY_DIGESTS: digestLine(TEST_KEY), EDGE_CACHE_MB: 'lots' }, /EDGE_CACHE_MB must be a whole number/],
];
for (const [what, env, problem] of SETTINGS) {
  settingsSuite(`should ${problem ? 'refuse' : 'take'} ${what}`, () => {
    const { settings, problems } = readSettings(env);
    if (problem) {
      assert.is(settings, undefined);
      assert.match(problems.join('\n'), problem);
    } else assert.equal(problems, []);
  });
}

settingsSuite('should find a key by its digest and name it, and refuse the others', async () => {
  const keys = new EdgeKeys(`${digestLine('another-key-0123456789', 'other')}\n${digestLine(TEST_KEY, 'partner')}`);
  assert.equal(await keys.verdict(`Bearer ${TEST_KEY}`), { name: 'partner', digest: digestLine(TEST_KEY).split(' ')[0] });
  assert.is(await keys.verdict(`Bearer ${TEST_KEY}x`), 'unknown');
  assert.is(await keys.verdict(null), 'missing');
  assert.is(await keys.verdict('Basic abc'), 'malformed');
});

handlerSuite.run();
settingsSuite.run();
