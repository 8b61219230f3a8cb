import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { distFile, rawManifest, startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';
import { exchange } from './helpers/raw-http.ts';

const COUNTRIES = ['BR', 'US', 'GB', 'JP', 'XK', 'AE'];
const SHAPES: Record<string, (body: any, code: string) => void> = {
  countries: (body, code) => {
    assert.is(body.code, code);
    assert.type(body.name.common, 'string');
    assert.type(body.name.official, 'string');
    for (const language of ['pt', 'en', 'es', 'fr', 'de']) assert.type(body.translations[language], 'string');
    assert.match(body.calling_code, /^\+\d+$/);
    assert.type(body.region, 'string');
    assert.type(body.flag.emoji, 'string');
  },
  phone: (body, code) => {
    assert.is(body.country, code);
    assert.match(body.calling_code, /^\+\d+$/);
    assert.match(body.example.e164, /^\+\d+$/);
    assert.type(body.example.international, 'string');
    assert.type(body.example.national, 'string');
    assert.type(body.patterns.national, 'string');
    assert.ok(body.patterns.possible_lengths.every(Number.isInteger));
  },
  'postal-code': (body, code) => {
    assert.is(body.country, code);
    if (body.postal_code === null) return;
    assert.ok(new RegExp(body.postal_code.pattern).test(body.postal_code.example));
    assert.type(body.postal_code.format, 'string');
  },
  'address-example': (body, code) => {
    assert.is(body.country, code);
    for (const field of ['street', 'city']) assert.type(body.example[field], 'string');
    // A country without postal codes (AE) or subdivisions on its addresses has null there.
    for (const field of ['subdivision', 'postal_code']) assert.ok(body.example[field] === null || typeof body.example[field] === 'string', field);
  },
  subdivisions: (body, code) => {
    assert.is(body.country, code);
    for (const item of body.subdivisions) {
      assert.ok(item.code.startsWith(`${code}-`));
      assert.type(item.name, 'string');
      assert.type(item.type, 'string');
    }
  },
};

let gateway: Gateway;
const endpoints = suite('endpoints');
endpoints.before(async () => {
  gateway = await startGateway();
});
endpoints.after(() => gateway.close());

for (const code of COUNTRIES) {
  for (const [family, checkShape] of Object.entries(SHAPES)) {
    endpoints(`should answer /v1/${family}/${code} with the file's bytes in its response schema's shape`, async () => {
      const reply = await gateway.request(`/v1/${family}/${code}`);
      assert.is(reply.status, 200);
      assert.is(reply.headers['content-type'], 'application/json; charset=utf-8');
      assert.ok(reply.body.equals(distFile(`v1/${family}/${code}.json`)));
      checkShape(reply.json(), code);
    });
  }
  endpoints(`should answer one subdivision of ${code} (when it has any) in its response schema's shape`, async () => {
    const list = (await gateway.request(`/v1/subdivisions/${code}`)).json();
    if (list.subdivisions.length === 0) return;
    const first = list.subdivisions[0];
    const reply = await gateway.request(`/v1/subdivisions/${code}/${first.code}`);
    assert.is(reply.status, 200);
    assert.ok(reply.body.equals(distFile(`v1/subdivisions/${code}/${first.code}.json`)));
    assert.equal(Object.keys(reply.json()).slice(0, 5), ['code', 'name', 'name_locale', 'type', 'type_locale']);
    assert.is(reply.json().name, first.name);
  });
}

endpoints('should list every country, XK included, as compact items', async () => {
  const reply = await gateway.request('/v1/countries');
  assert.is(reply.status, 200);
  assert.ok(reply.body.equals(distFile('v1/countries.json')));
  const list = reply.json();
  assert.is(list.count, list.countries.length);
  assert.is(list.locale, 'en');
  assert.ok(list.countries.some((item: any) => item.code === 'XK'));
  assert.equal(Object.keys(list.countries[0]), ['code', 'name', 'name_locale', 'official_name', 'official_name_locale', 'calling_code', 'currencies', 'flag']);
});

endpoints('should give AE a null postal code and XK an empty subdivision list', async () => {
  assert.is((await gateway.request('/v1/postal-code/AE')).json().postal_code, null);
  assert.equal((await gateway.request('/v1/subdivisions/XK')).json().subdivisions, []);
});

endpoints('should serve the files the build declares for plain paths: /v1 and /v1/openapi.json', async () => {
  for (const [path, file] of [
    ['/v1', 'v1/index.json'],
    ['/v1/openapi.json', 'v1/openapi.json'],
  ]) {
    const reply = await gateway.request(path);
    assert.is(reply.status, 200, path);
    assert.ok(reply.body.equals(distFile(file)), path);
  }
});

endpoints('should answer /healthz without a key', async () => {
  const reply = await gateway.request('/healthz', { key: null });
  assert.is(reply.status, 200);
  assert.equal(reply.json(), { status: 'ok', release: rawManifest().release.id });
});

endpoints.run();

// Every code spelling maps to the canonical file, which carries the canonical code.
const CODE_SPELLINGS: [path: string, file: string][] = [
  ['/v1/countries/br', 'v1/countries/BR.json'],
  ['/v1/countries/Br', 'v1/countries/BR.json'],
  ['/v1/countries/bra', 'v1/countries/BR.json'],
  ['/v1/countries/BRA', 'v1/countries/BR.json'],
  ['/v1/countries/076', 'v1/countries/BR.json'],
  ['/v1/phone/076', 'v1/phone/BR.json'],
  ['/v1/postal-code/jpn', 'v1/postal-code/JP.json'],
  ['/v1/address-example/826', 'v1/address-example/GB.json'],
  ['/v1/subdivisions/usa', 'v1/subdivisions/US.json'],
  ['/v1/subdivisions/br/sp', 'v1/subdivisions/BR/BR-SP.json'],
  ['/v1/subdivisions/BR/br-sp', 'v1/subdivisions/BR/BR-SP.json'],
  ['/v1/subdivisions/bra/SP', 'v1/subdivisions/BR/BR-SP.json'],
  ['/v1/subdivisions/076/BR-SP', 'v1/subdivisions/BR/BR-SP.json'],
  ['/v1/subdivisions/gb/kec', 'v1/subdivisions/GB/GB-KEC.json'],
  ['/v1/subdivisions/jp/13', 'v1/subdivisions/JP/JP-13.json'],
];
const codes = suite('codes');
codes.before(async () => {
  gateway = await startGateway();
});
codes.after(() => gateway.close());
for (const [path, file] of CODE_SPELLINGS) {
  codes(`should answer ${path} with ${file}`, async () => {
    const reply = await gateway.request(path);
    assert.is(reply.status, 200);
    assert.ok(reply.body.equals(distFile(file)));
  });
}
const NOT_FOUND: [path: string, code: string][] = [
  ['/v1/countries/ZZ', 'country_not_found'],
  ['/v1/countries/BRAZIL', 'country_not_found'],
  ['/v1/countries/999', 'country_not_found'],
  ['/v1/phone/B', 'country_not_found'],
  ['/v1/subdivisions/ZZ/SP', 'country_not_found'],
  ['/v1/subdivisions/BR/US-CA', 'subdivision_not_found'],
  ['/v1/subdivisions/BR/ZZ', 'subdivision_not_found'],
  ['/v1/subdivisions/BR/BRA-SP', 'subdivision_not_found'],
  ['/v1/subdivisions/XK/PR', 'subdivision_not_found'],
];
for (const [path, code] of NOT_FOUND) {
  codes(`should answer ${path} with 404 ${code}`, async () => {
    const reply = await gateway.request(path);
    assert.is(reply.status, 404);
    assert.is(reply.json().code, code);
  });
}
codes.run();

// RFC 9112 3.2.2: a server must accept the absolute form of a request target (what clients send to
// a proxy) and answer it as the origin form; its authority is this server, whatever Host says.
const ABSOLUTE: [target: string, status: number, file?: string][] = [
  ['http://api.example/v1/countries/BR', 200, 'v1/countries/BR.json'],
  ['HTTPS://api.example:8443/v1/phone/br?locale=de', 200, 'v1/phone/BR.json'],
  ['http://api.example/v1/countries?locale=de&view=full', 200, 'v1/_locale/de/countries.full.json'],
  ['http://api.example', 200, 'page/index.html'],
  ['http://api.example/v1/countries/ZZ', 404],
];
const absolute = suite('absolute-form request targets');
absolute.before(async () => {
  gateway = await startGateway();
});
absolute.after(() => gateway.close());
for (const [target, status, file] of ABSOLUTE) {
  absolute(`should answer GET ${target} as its origin form: ${status}`, async () => {
    const [reply] = await exchange(gateway.port, `GET ${target} HTTP/1.1\r\nHost: elsewhere\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`);
    assert.is(reply.status, status, reply.head);
    if (file) assert.ok(reply.body.equals(distFile(file)));
  });
}
absolute.run();

// The build lists, for every file, the requests it answers directly: the gateway must agree on each.
const declared = suite('manifest requests');
declared.before(async () => {
  gateway = await startGateway();
});
declared.after(() => gateway.close());
declared('should answer every request the manifest lists for the files of BR, US, GB, JP, XK and AE with that file', async () => {
  const ours = new RegExp(`(?:^|/)(?:${COUNTRIES.join('|')})(?:/(?:${COUNTRIES.join('|')})-[^/]+)?\\.json$|countries(?:\\.full)?\\.json$`);
  const firstSubdivision = new Map<string, string>();
  let checked = 0;
  for (const [key, file] of Object.entries(rawManifest().files)) {
    if (!ours.test(key)) continue;
    const subdivision = /subdivisions\/([A-Z]{2})\/([^/]+)\.json$/.exec(key);
    // One subdivision per country keeps this to a few thousand requests.
    if (subdivision && firstSubdivision.get(subdivision[1]) !== undefined && firstSubdivision.get(subdivision[1]) !== subdivision[2]) continue;
    if (subdivision) firstSubdivision.set(subdivision[1], subdivision[2]);
    for (const request of file.requests) {
      const reply = await gateway.request(request, { method: 'HEAD' });
      assert.is(reply.status, 200, request);
      assert.is(reply.headers.etag, `"${file.sha256}"`, `${request} -> ${key}`);
      checked++;
    }
  }
  assert.ok(checked > 1000, `${checked} requests checked`);
});
declared.run();
