import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chooseEncoding, matchesEtag } from '../gateway/send.ts';
import { distFile, startGateway, testDist, type Gateway } from './helpers/gateway.ts';

let gateway: Gateway;
const file = (key: string) => testDist().files.get(key)!;
const etagOf = (key: string) => `"${file(key).sha256}"`;

const caching = suite('caching');
caching.before(async () => { gateway = await startGateway(); });
caching.after(() => gateway.close());

caching('should send the manifest hash as a strong ETag, public Cache-Control and Vary: Accept-Encoding', async () => {
  const reply = await gateway.request('/v1/countries/BR');
  assert.is(reply.headers.etag, etagOf('v1/countries/BR.json'));
  assert.is(reply.headers['cache-control'], 'public, max-age=3600');
  assert.is(reply.headers.vary, 'Accept-Encoding');
  assert.is(reply.headers['content-length'], String(file('v1/countries/BR.json').bytes));
});

const MATCHING = [
  (etag: string) => etag,
  (etag: string) => `W/${etag}`,
  (etag: string) => `"other", ${etag}`,
  () => '*',
];
for (const [index, header] of MATCHING.entries()) {
  caching(`should answer 304 without a body to a matching If-None-Match (form ${index + 1})`, async () => {
    const etag = etagOf('v1/countries/BR.json');
    const reply = await gateway.request('/v1/countries/BR', { headers: { 'If-None-Match': header(etag) } });
    assert.is(reply.status, 304);
    assert.is(reply.body.length, 0);
    assert.is(reply.headers.etag, etag);
    assert.is(reply.headers['cache-control'], 'public, max-age=3600');
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

caching('should give a search response an ETag of its bytes and 304 on a match', async () => {
  const first = await gateway.request('/v1/countries/search?q=brasil');
  assert.match(first.headers.etag!, /^"[0-9a-f]{64}"$/);
  const again = await gateway.request('/v1/countries/search?q=brasil', { headers: { 'If-None-Match': first.headers.etag! } });
  assert.is(again.status, 304);
});

caching('should honour the maxAge option', async () => {
  const other = await startGateway({ maxAge: 60 });
  assert.is((await other.request('/v1/phone/BR')).headers['cache-control'], 'public, max-age=60');
  await other.close();
});

caching.run();

// [Accept-Encoding, coding served for a file that has both copies]
const NEGOTIATION: [string, string | undefined][] = [
  ['br', 'br'], ['gzip', 'gzip'], ['gzip, deflate, br', 'br'], ['br;q=0, gzip', 'gzip'], ['br;q=0.5, gzip;q=0.8', 'gzip'],
  ['br;q=0.8, gzip;q=0.8', 'br'], ['*', 'br'], ['*;q=0', undefined], ['identity', undefined], ['deflate', undefined], ['x-gzip', 'gzip'],
  ['BR', 'br'],
];
const compression = suite('compression');
compression.before(async () => { gateway = await startGateway(); });
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

// A body cache far smaller than the files served: every answer is still the exact file, read again
// from disk once pushed out (and never cached when larger than the whole cache).
const eviction = suite('body cache eviction');
eviction.before(async () => { gateway = await startGateway({ cacheBytes: 8000 }); });
eviction.after(() => gateway.close());

eviction('should serve files pushed out of a tiny cache byte for byte, in every coding', async () => {
  const paths: [string, string][] = [
    ['/v1/countries/BR', 'v1/countries/BR.json'], ['/v1/countries/DE', 'v1/countries/DE.json'],
    ['/v1/phone/BR', 'v1/phone/BR.json'], ['/v1/countries', 'v1/countries.json'],
  ];
  for (let pass = 0; pass < 3; pass++) {
    for (const [path, key] of paths) {
      for (const [coding, suffix] of [[undefined, ''], ['br', '.br'], ['gzip', '.gz']] as const) {
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

// A URL seen to resolve to a file is answered again without routing: the same answer, every time.
const repeated = suite('repeated URLs');
repeated.before(async () => { gateway = await startGateway(); });
repeated.after(() => gateway.close());

repeated('should answer a URL the same way the second time, whatever the request headers', async () => {
  const path = '/v1/subdivisions/br/sp?locale=pt-PT';
  const first = await gateway.request(path);
  for (const headers of [{}, { 'Accept-Encoding': 'br' }, { 'If-None-Match': first.headers.etag! }] as Record<string, string>[]) {
    const again = await gateway.request(path, { headers });
    assert.is(again.status, headers['If-None-Match'] ? 304 : 200);
    assert.is(again.headers.etag, first.headers.etag);
    if (again.status === 200 && !again.headers['content-encoding']) assert.ok(again.body.equals(first.body));
  }
  assert.is((await gateway.request(path, { key: 'wrong-key-0123456789abcdef' })).status, 401);
  assert.is((await gateway.request(path, { method: 'POST' })).status, 405);
  for (let i = 0; i < 2; i++) assert.is((await gateway.request('/v1/subdivisions/br/zz?locale=pt-PT')).status, 404);
  assert.is(gateway.logs.filter((line) => line.startsWith(`GET ${path} `)).length, 5);
});

repeated.run();
