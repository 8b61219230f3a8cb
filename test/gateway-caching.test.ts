import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chooseEncoding, matchesEtag } from '../contract/headers.ts';
import { distFile, startGateway, testDist, type Gateway } from './helpers/gateway.ts';

let gateway: Gateway;
const file = (key: string) => testDist().files.get(key)!;
const etagOf = (key: string) => `"${file(key).sha256}"`;

const caching = suite('caching');
caching.before(async () => {
  gateway = await startGateway();
});
caching.after(() => gateway.close());

// RFC 9111 section 3.5: a shared cache may store an answer to a request with Authorization only when
// told it may (public, s-maxage, must-revalidate); `private` keeps it to the client that has the key.
caching('should send the manifest hash as a strong ETag, private Cache-Control and Vary: Accept-Encoding', async () => {
  const reply = await gateway.request('/v1/countries/BR');
  assert.is(reply.headers.etag, etagOf('v1/countries/BR.json'));
  assert.is(reply.headers['cache-control'], 'private, max-age=3600');
  assert.is(reply.headers.vary, 'Accept-Encoding');
  assert.is(reply.headers['content-length'], String(file('v1/countries/BR.json').bytes));
});

// What anyone may read without a key (the form page, the OpenAPI document) any cache may keep.
for (const [path, key] of [
  ['/', 'page/index.html'],
  ['/page/page.js', 'page/page.js'],
  ['/v1/openapi.json', 'v1/openapi.json'],
]) {
  caching(`should let any cache keep ${path}, which needs no key (public Cache-Control), and revalidate it`, async () => {
    const reply = await gateway.request(path, { key: null });
    assert.is(reply.status, 200);
    assert.is(reply.headers['cache-control'], 'public, max-age=3600');
    const revalidated = await gateway.request(path, { key: null, headers: { 'If-None-Match': etagOf(key) } });
    assert.is(revalidated.status, 304);
    assert.is(revalidated.headers['cache-control'], 'public, max-age=3600');
  });
}

const MATCHING = [(etag: string) => etag, (etag: string) => `W/${etag}`, (etag: string) => `"other", ${etag}`, () => '*'];
for (const [index, header] of MATCHING.entries()) {
  caching(`should answer 304 without a body to a matching If-None-Match (form ${index + 1})`, async () => {
    const etag = etagOf('v1/countries/BR.json');
    const reply = await gateway.request('/v1/countries/BR', { headers: { 'If-None-Match': header(etag) } });
    assert.is(reply.status, 304);
    assert.is(reply.body.length, 0);
    assert.is(reply.headers.etag, etag);
    assert.is(reply.headers['cache-control'], 'private, max-age=3600');
    assert.is(reply.headers.vary, 'Accept-Encoding');
  });
}

caching('should answer 200 to an If-None-Match naming another version', async () => {
  const reply = await gateway.request('/v1/countries/BR', { headers: { 'If-None-Match': etagOf('v1/countries/US.json') } });
  assert.is(reply.status, 200);
});

caching('should answer HEAD with the headers of GET and no body', async () => {
  for (const headers of [{}, { 'Accept-Encoding': 'br' }] as Record<string, string>[]) {
    const getReply = await gateway.request('/v1/countries?view=full&locale=de', { headers });
    const headReply = await gateway.request('/v1/countries?view=full&locale=de', { headers, method: 'HEAD' });
    assert.is(headReply.status, 200);
    assert.is(headReply.body.length, 0);
    for (const name of ['etag', 'content-length', 'content-type', 'content-encoding', 'content-language', 'cache-control', 'vary']) {
      assert.is(headReply.headers[name], getReply.headers[name], name);
    }
  }
});

caching('should give a search response an ETag of its bytes, private Cache-Control and 304 on a match', async () => {
  const first = await gateway.request('/v1/countries/search?q=brasil');
  assert.match(first.headers.etag!, /^"[0-9a-f]{64}"$/);
  assert.is(first.headers['cache-control'], 'private, max-age=3600');
  const again = await gateway.request('/v1/countries/search?q=brasil', { headers: { 'If-None-Match': first.headers.etag! } });
  assert.is(again.status, 304);
});

caching.run();

// [Accept-Encoding, coding served for a file that has both copies]
const NEGOTIATION: [string, string | undefined][] = [
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['gzip, deflate, br', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0.5, gzip;q=0.8', 'gzip'],
  ['br;q=0.8, gzip;q=0.8', 'br'],
  ['*', 'br'],
  ['*;q=0', undefined],
  ['identity', undefined],
  ['deflate', undefined],
  ['x-gzip', 'gzip'],
  ['BR', 'br'],
];
const compression = suite('compression');
compression.before(async () => {
  gateway = await startGateway();
});
compression.after(() => gateway.close());

for (const [accept, coding] of NEGOTIATION) {
  compression(`should serve ${coding ?? 'the plain file'} for Accept-Encoding: ${accept}`, async () => {
    const key = 'v1/countries.json';
    const reply = await gateway.request('/v1/countries', { headers: { 'Accept-Encoding': accept } });
    assert.is(reply.headers['content-encoding'], coding);
    const plain = coding === 'br' ? brotliDecompressSync(reply.body) : coding === 'gzip' ? gunzipSync(reply.body) : reply.body;
    assert.ok(plain.equals(distFile(key)));
    if (coding) assert.ok(reply.body.equals(distFile(`${key}.${coding === 'br' ? 'br' : 'gz'}`)), 'the precompressed copy, byte for byte');
    assert.is(reply.headers.etag, etagOf(key));
  });
}

compression('should serve the plain file where the build kept no compressed copy', async () => {
  const small = [...testDist().files].find(([key, entry]) => key.startsWith('v1/subdivisions/BR/') && !entry.encodings.br && !entry.encodings.gzip);
  assert.ok(small, 'a small file without compressed copies');
  const code = small![0].split('/').at(-1)!.replace('.json', '');
  const reply = await gateway.request(`/v1/subdivisions/BR/${code}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  assert.is(reply.headers['content-encoding'], undefined);
  assert.ok(reply.body.equals(distFile(small![0])));
});

compression('should choose with the q-values of Accept-Encoding (unit)', () => {
  assert.is(chooseEncoding('gzip;q=1, br;q=0.9', { br: 1, gzip: 1 }), 'gzip');
  assert.is(chooseEncoding('br', { gzip: 1 }), 'identity');
  assert.is(chooseEncoding(undefined, { br: 1, gzip: 1 }), 'identity');
  assert.ok(matchesEtag('W/"a" , "b"', '"b"'));
  assert.not.ok(matchesEtag('"b2"', '"b"'));
});

compression.run();

// A body cache (CACHE_MB=1) smaller than the files served: every answer is still the exact file, read
// again from disk once pushed out.
const eviction = suite('body cache eviction');
eviction.before(async () => {
  gateway = await startGateway({ CACHE_MB: '1' });
});
eviction.after(() => gateway.close());

eviction('should serve files pushed out of a small cache byte for byte, in every coding', async () => {
  const paths: [string, string][] = [
    ['/v1/countries?view=full', 'v1/countries.full.json'],
    ['/v1/countries?view=full&locale=de', 'v1/_locale/de/countries.full.json'],
    ['/v1/countries/BR', 'v1/countries/BR.json'],
    ['/v1/countries', 'v1/countries.json'],
  ];
  for (let pass = 0; pass < 3; pass++) {
    for (const [path, key] of paths) {
      for (const [coding, suffix] of [
        [undefined, ''],
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        const reply = await gateway.request(path, { headers: coding ? { 'Accept-Encoding': coding } : {} });
        assert.is(reply.status, 200);
        const served = reply.headers['content-encoding'];
        assert.ok(reply.body.equals(distFile(served ? `${key}${suffix}` : key)), `${path} ${coding ?? 'identity'} pass ${pass}`);
        assert.is(reply.headers['content-length'], String(reply.body.length));
      }
    }
  }
});

eviction.run();
