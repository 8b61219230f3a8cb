import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DistError, openDist } from '../gateway/dist.ts';
import { startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';

// Paths that would reach manifest.json, the search index, or /etc/passwd if anything joined them to a directory.
const TRAVERSALS = [
  '/v1/../manifest.json',
  '/v1/../../../../etc/passwd',
  '/manifest.json',
  '/v1/countries.json',
  '/v1/_search/index.json',
  '/v1/_search/index',
  '/v1/countries/..%2f..%2fmanifest',
  '/v1/countries/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
  '/v1/countries/%2e%2e%2f%2e%2e%2fmanifest.json',
  '/v1/countries/%2E%2E/%2E%2E/manifest.json',
  '/v1/countries/..%5c..%5cmanifest',
  '/v1/countries/%252e%252e%252fmanifest',
  '/v1/countries/%25252e%25252e%25252f',
  '/v1/countries/BR%00.json',
  '/v1/countries/BR%00',
  '/v1/countries/%c0%ae%c0%ae%c0%afmanifest',
  '/v1/countries/%',
  '/v1/countries/%zz',
  '/v1/subdivisions/BR/..%2f..%2f..%2fmanifest',
  '/v1/subdivisions/..%2F..%2F_search/index',
  '/v1/_locale/pt/countries/BR.json',
  '/v1/phone/..',
  '/v1/phone/.',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/v1/openapi.json/..%2f..%2fmanifest.json',
  '/v1/countries/BR/../../manifest.json',
];

let gateway: Gateway;
const security = suite('security');
security.before(async () => { gateway = await startGateway(); });
security.after(() => gateway.close());

for (const path of TRAVERSALS) {
  security(`should answer ${path} with a 404 problem and no file`, async () => {
    const response = await gateway.raw(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\nConnection: close\r\n\r\n`);
    assert.match(response, /^HTTP\/1\.1 404 /);
    assert.match(response, 'application/problem+json');
    assert.not.match(response, /manifest_version|root:|"countries"|"normalization"/);
  });
}

security('should refuse traversal in query parameters as malformed, not follow it', async () => {
  for (const query of ['locale=../../manifest', 'locale=..%2f..%2fetc', 'view=../full', 'view=full%00', 'locale=pt%00']) {
    const reply = await gateway.request(`/v1/countries?${query}`);
    assert.is(reply.status, 400, query);
  }
});

security('should reject a raw NUL or space in the request line before any routing', async () => {
  const response = await gateway.raw(`GET /v1/countries/BR\0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  assert.match(response, /^HTTP\/1\.1 400 /);
});

security.run();

// The manifest is input too: a key that could leave the tree stops the gateway at start.
const manifestKeys = suite('security (manifest keys)');
const UNSAFE_KEYS = ['../outside.json', 'v1/../../outside.json', '/etc/passwd', 'v1/a\\..\\b.json', 'v1/./x.json', 'v1//x.json'];
for (const key of UNSAFE_KEYS) {
  manifestKeys(`should refuse to open a dist whose manifest lists ${JSON.stringify(key)}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'country-unsafe-dist-'));
    try {
      mkdirSync(join(dir, 'v1'));
      const entry = { bytes: 2, sha256: 'a'.repeat(64), content_language: null, encodings: {}, requests: [] };
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({
        manifest_version: 1, api_version: 'v1', release: { id: 'x' }, default_locale: 'en', locales: [{ tag: 'en', fallback: [] }],
        country_aliases: { br: 'BR' }, search_index: 'v1/index.json', files: { 'v1/index.json': entry, [key]: entry },
      }));
      assert.throws(() => openDist(dir), (error: Error) => error instanceof DistError && /unsafe file key/.test(error.message));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
manifestKeys.run();
