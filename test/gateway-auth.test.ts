import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findKey } from '../gateway/auth.ts';
import { loggablePath } from '../gateway/request-log.ts';
import { digestOf, keysFromFile, keysFromList } from '../launch/keys.ts';
import { startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';
import { exchange } from './helpers/raw-http.ts';

const CHALLENGE = 'Bearer realm="country-reference"';
let gateway: Gateway;

const auth = suite('auth');
auth.before(async () => {
  gateway = await startGateway();
});
auth.after(() => gateway.close());

auth('should refuse a request without Authorization: 401 missing_credentials with a bare challenge', async () => {
  for (const headers of [{}, { Authorization: '' }, { Authorization: '   ' }] as Record<string, string>[]) {
    const reply = await gateway.request('/v1/countries/BR', { key: null, headers });
    assert.is(reply.status, 401);
    assert.is(reply.headers['www-authenticate'], CHALLENGE);
    assert.is(reply.json().code, 'missing_credentials');
  }
});

const MALFORMED = ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', `Token ${TEST_KEY}`, `Bearer ${TEST_KEY} extra`, 'Bearer kéy', 'Bearer a,b', `Bearer${TEST_KEY}`];
for (const header of MALFORMED) {
  auth(`should refuse the malformed header ${JSON.stringify(header.slice(0, 24))}: 400 invalid_request (RFC 6750 3.1)`, async () => {
    const reply = await gateway.request('/v1/countries/BR', { key: null, headers: { Authorization: header } });
    assert.is(reply.status, 400);
    assert.is(reply.headers['www-authenticate'], `${CHALLENGE}, error="invalid_request"`);
    assert.is(reply.json().code, 'invalid_request');
  });
}

auth('should refuse two Authorization headers, even both with the key: 400 invalid_request', async () => {
  const [reply] = await exchange(
    gateway.port,
    `GET /v1/countries/BR HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\nAuthorization: Bearer ${TEST_KEY}\r\nConnection: close\r\n\r\n`,
  );
  assert.is(reply.status, 400);
  assert.is(JSON.parse(reply.body.toString()).code, 'invalid_request');
});

auth('should refuse a wrong key: 401 invalid_credentials, error="invalid_token"', async () => {
  for (const key of ['wrong-key-0123456789-abcdefghij', TEST_KEY.slice(0, -1), `${TEST_KEY}x`, TEST_KEY.toUpperCase()]) {
    const reply = await gateway.request('/v1/countries/BR', { key });
    assert.is(reply.status, 401, key);
    assert.is(reply.headers['www-authenticate'], `${CHALLENGE}, error="invalid_token"`);
    assert.is(reply.json().code, 'invalid_credentials');
  }
});

auth('should accept the key with the scheme in any case and extra spaces', async () => {
  for (const header of [`Bearer ${TEST_KEY}`, `bearer ${TEST_KEY}`, `BEARER   ${TEST_KEY}`, ` Bearer ${TEST_KEY} `]) {
    assert.is((await gateway.request('/v1/countries/BR', { key: null, headers: { Authorization: header } })).status, 200, header);
  }
});

auth('should check credentials before anything else: unknown paths, bad parameters and POST are 401 too', async () => {
  for (const [path, method] of [
    ['/nowhere', 'GET'],
    ['/v1/countries/ZZ', 'GET'],
    ['/v1/countries?view=huge', 'GET'],
    ['/v1/countries', 'POST'],
    ['/v1/countries', 'HEAD'],
  ]) {
    const reply = await gateway.request(path, { key: null, method });
    assert.is(reply.status, 401, `${method} ${path}`);
  }
});

auth('should let GET and HEAD /healthz and OPTIONS through without a key', async () => {
  assert.is((await gateway.request('/healthz', { key: null })).status, 200);
  assert.is((await gateway.request('/healthz', { key: null, method: 'HEAD' })).status, 200);
  assert.is((await gateway.request('/v1/countries', { key: null, method: 'OPTIONS' })).status, 204);
});

// A browser opens the form page before it has a key; tools fetch the OpenAPI document anonymously.
const PUBLIC: [path: string, type: string][] = [
  ['/', 'text/html; charset=utf-8'],
  ['/page/page.js', 'text/javascript; charset=utf-8'],
  ['/page/phone-format.js', 'text/javascript; charset=utf-8'],
  ['/page/postal-code.js', 'text/javascript; charset=utf-8'],
  ['/page/postal-input.js', 'text/javascript; charset=utf-8'],
  ['/page/country-picker.js', 'text/javascript; charset=utf-8'],
  ['/page/fields.js', 'text/javascript; charset=utf-8'],
  ['/page/page.css', 'text/css; charset=utf-8'],
  ['/v1/openapi.json', 'application/json; charset=utf-8'],
];
for (const [path, type] of PUBLIC) {
  auth(`should serve ${path} without a key (GET and HEAD), as with one`, async () => {
    const anonymous = await gateway.request(path, { key: null });
    const keyed = await gateway.request(path);
    assert.is(anonymous.status, 200);
    assert.is(anonymous.headers['content-type'], type);
    assert.ok(anonymous.body.equals(keyed.body), 'same bytes');
    assert.is(anonymous.headers.etag, keyed.headers.etag);
    const head = await gateway.request(path, { key: null, method: 'HEAD' });
    assert.is(head.status, 200);
    assert.is(head.body.length, 0);
  });
}

auth('should still ask a key for everything else, near the public paths and with other methods', async () => {
  const keyed: [string, string][] = [
    ['/v1', 'GET'],
    ['/v1/countries', 'GET'],
    ['/page/', 'GET'],
    ['/page/missing.js', 'GET'],
    ['/page', 'GET'],
    ['/index.html', 'GET'],
    ['/v1/openapi.json/', 'GET'],
    ['/page/page.js/..%2f..%2fmanifest.json', 'GET'],
    ['/manifest.json', 'GET'],
    ['/', 'POST'],
    ['/v1/openapi.json', 'DELETE'],
  ];
  for (const [path, method] of keyed) {
    const reply = await gateway.request(path, { key: null, method });
    assert.is(reply.status, 401, `${method} ${path}`);
    assert.is(reply.json().code, 'missing_credentials');
  }
});

auth('should never echo a key in a response or write one to the log, wherever it was pasted', async () => {
  const wrong = 'a-wrong-but-plausible-key-4242';
  // Standard base64 keys hold `/`: pasted into a path, each piece is short.
  const slashed = 'kT8/Zq2+w9/Xb7p/L0aQ==';
  const replies = [
    await gateway.request('/v1/countries/BR', { key: wrong }),
    await gateway.request('/v1/countries/BR', { key: null, headers: { Authorization: `Basic ${wrong}` } }),
    await gateway.request('/v1/countries/ZZ'),
    await gateway.request(`/v1/countries/search?q=${TEST_KEY}&locale=${wrong}`),
    await gateway.request(`/v1/countries/${TEST_KEY}`),
    await gateway.request(`/v1/countries/${slashed}`),
    await gateway.request(`/v1/${slashed}`),
    await gateway.request(`/${slashed}/v1/countries`),
    await gateway.request(`/v1/subdivisions/BR/${slashed}`),
  ];
  for (const reply of replies) {
    const text = reply.body.toString() + JSON.stringify(reply.headers);
    assert.not.ok(text.includes(wrong) || text.includes(TEST_KEY) || text.includes(slashed));
  }
  const log = gateway.logs.join('\n');
  assert.ok(log.includes('/v1/countries/BR 401'));
  for (const piece of [wrong, TEST_KEY, ...slashed.split('/')]) assert.not.ok(log.includes(piece), `${piece} in\n${log}`);
});

// [URL as received, as logged]: the API's own words and short codes are shown; the rest of a path as
// long as the shortest key, and every query value but short locale, view and limit ones, are not.
const LOGGED: [string, string][] = [
  ['/v1/countries/BR', '/v1/countries/BR'],
  ['/v1/subdivisions/BR/BR-SP?locale=pt-PT', '/v1/subdivisions/BR/BR-SP?locale=pt-PT'],
  ['/v1/countries/search?q=brazil&limit=5', '/v1/countries/search?q=…&limit=5'],
  ['/healthz', '/healthz'],
  ['/v1/countries/0123456789abcdefXYZ', '/v1/countries/…'],
  ['/v1/countries/kT8/Zq2+w9/Xb7p/L0aQ==', '/v1/countries/…'],
  ['/v1/kT8/Zq2+w9/Xb7p/L0aQ==', '/v1/…'],
  ['/kT8/Zq2+w9/Xb7p/L0aQ==/v1/countries', '/…'],
  ['/v1/countries/BR?api_key=0123456789abcdef', '/v1/countries/BR?api_key=…'],
  ['/v1/countries?0123456789abcdef0123', '/v1/countries?…'],
  ['/v1/countries?locale=0123456789abcdef0123', '/v1/countries?locale=…'],
];
for (const [url, logged] of LOGGED) {
  auth(`should log ${url} as ${logged}`, () => assert.is(loggablePath(url), logged));
}

/** GET /v1/countries/BR, each on the one kept-alive connection of `agent`: the status, and whether the connection was reused. */
const keptAlive = (agent: Agent) => (authorization?: string) =>
  new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: gateway.port, path: '/v1/countries/BR', agent, headers: authorization ? { Authorization: authorization } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
      },
    );
    req.on('error', reject).end();
  });

auth('should check each request on a kept-alive connection, whatever the one before it sent', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = keptAlive(agent);
  const sequence: [string | undefined, number][] = [
    [`Bearer ${TEST_KEY}`, 200],
    [`Bearer ${TEST_KEY}`, 200],
    ['Bearer wrong-key-0123456789abcdef', 401],
    [undefined, 401],
    [`bearer  ${TEST_KEY}`, 200],
    [`Bearer ${TEST_KEY}`, 200],
    ['Bearer wrong-key-0123456789abcdef', 401],
    [`Bearer ${TEST_KEY}`, 200],
  ];
  try {
    for (const [index, [authorization, status]] of sequence.entries()) {
      const reply = await get(authorization);
      assert.is(reply.status, status, `request ${index + 1}`);
      assert.is(reply.reused, index > 0, 'one connection throughout');
    }
  } finally {
    agent.destroy();
  }
});

auth.run();

// Keys from a file of SHA-256 digests: the gateway holds no secret, names the key in its log, and
// reads the file again when asked (SIGHUP) or when it changes (the watch of WATCH_DIST_MS).
const keysFile = suite('API_KEYS_FILE keys');
const mobileKey = 'mobile-app-key-0123456789abcdef';
const webKey = 'web-app-key-0123456789abcdef';
const hex = (key: string) => createHash('sha256').update(key).digest('hex');
let scratch: string;
let keysPath: string;
keysFile.before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'country-keys-'));
  keysPath = join(scratch, 'keys.txt');
  writeFileSync(keysPath, `# issued 2025-01\n${hex(mobileKey)}  mobile app\n\n${hex(webKey).toUpperCase()} web # upper-case hex is fine\n`);
  gateway = await startGateway({ API_KEYS: '', API_KEYS_FILE: keysPath });
});
keysFile.after(async () => {
  await gateway.close();
  rmSync(scratch, { recursive: true, force: true });
});

const status = async (key: string) => (await gateway.request('/v1/countries/BR', { key })).status;

keysFile('should accept each key whose digest is listed, and log its name', async () => {
  assert.is(await status(mobileKey), 200);
  assert.is(await status(webKey), 200);
  assert.is(await status(TEST_KEY), 401);
  assert.ok(
    gateway.logs.some((line) => line.endsWith('key=mobile app')),
    gateway.logs.join('\n'),
  );
  assert.ok(gateway.logs.some((line) => line.endsWith('key=web')));
});

const lastKeysLine = () => gateway.logs.filter((line) => line.startsWith('keys:')).at(-1)!;

keysFile('should revoke and add keys on a reload, and keep the keys in force when the file cannot be read or parsed', async () => {
  writeFileSync(keysPath, `${hex(webKey)} web\n${hex(TEST_KEY)} test\n`);
  await gateway.serving.reload('SIGHUP', true);
  assert.equal([await status(mobileKey), await status(webKey), await status(TEST_KEY)], [401, 200, 200]);
  assert.match(lastKeysLine(), /^keys: 2 in force \(was 2\), read from .*keys\.txt$/);
  writeFileSync(keysPath, 'not a digest\n');
  await gateway.serving.reload('SIGHUP', true);
  assert.match(lastKeysLine(), /^keys: kept the 2 in force: .*keys\.txt line 1: expected a SHA-256 digest/);
  assert.equal([await status(webKey), await status(TEST_KEY)], [200, 200]);
  unlinkSync(keysPath);
  await gateway.serving.reload('SIGHUP', true);
  assert.match(lastKeysLine(), /^keys: kept the 2 in force: API_KEYS_FILE .*keys\.txt cannot be read \(ENOENT\)$/);
  assert.equal([await status(webKey), await status(TEST_KEY)], [200, 200]);
});

keysFile('should revoke every key when the file is emptied, and accept them again once it lists them', async () => {
  for (const empty of ['', '# none left\n']) {
    writeFileSync(keysPath, empty);
    await gateway.serving.reload('SIGHUP', true);
    assert.match(lastKeysLine(), /^keys: 0 in force \(was 2\), read from .*keys\.txt$/);
    assert.equal([await status(webKey), await status(TEST_KEY)], [401, 401]);
    writeFileSync(keysPath, `${hex(webKey)} web\n${hex(TEST_KEY)} test\n`);
    await gateway.serving.reload('SIGHUP', true);
    assert.equal([await status(webKey), await status(TEST_KEY)], [200, 200]);
  }
});

keysFile('should start with a keys file that lists no key, refusing every key until it lists one', async () => {
  const emptyPath = join(scratch, 'empty.txt');
  writeFileSync(emptyPath, '# none issued yet\n');
  const empty = await startGateway({ API_KEYS: '', API_KEYS_FILE: emptyPath });
  try {
    assert.ok(
      empty.logs.some((line) => /^keys: none in force: .*empty\.txt lists no key/.test(line)),
      empty.logs.join('\n'),
    );
    assert.is((await empty.request('/v1/countries/BR')).status, 401);
    writeFileSync(emptyPath, `${hex(TEST_KEY)} test\n`);
    await empty.serving.reload('SIGHUP', true);
    assert.is((await empty.request('/v1/countries/BR')).status, 200);
  } finally {
    await empty.close();
  }
});

keysFile('should refuse a revoked key on a connection it was accepted on, and accept it there once it is back', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = keptAlive(agent);
  const statuses: number[] = [];
  try {
    for (const listed of [[webKey, TEST_KEY], [TEST_KEY], [webKey]]) {
      writeFileSync(keysPath, listed.map((key) => `${hex(key)}\n`).join(''));
      // As the watch reloads: the keys change, the dist and its app stay.
      await gateway.serving.reload('manifest.json changed');
      for (let i = 0; i < 2; i++) {
        const reply = await get(`Bearer ${webKey}`);
        assert.is(reply.reused, statuses.length > 0, 'one connection throughout');
        statuses.push(reply.status);
      }
    }
  } finally {
    agent.destroy();
  }
  assert.equal(statuses, [200, 200, 401, 401, 200, 200]);
});

keysFile('should read the file again on the watch only once it has changed', async () => {
  const before = gateway.logs.filter((line) => line.startsWith('keys:')).length;
  await gateway.serving.reload('manifest.json changed');
  assert.is(gateway.logs.filter((line) => line.startsWith('keys:')).length, before, 'unchanged: not read');
  writeFileSync(keysPath, `${hex(mobileKey)} mobile\n`);
  await gateway.serving.reload('manifest.json changed');
  assert.equal([await status(mobileKey), await status(webKey)], [200, 401]);
});

keysFile.run();

const keys = suite('keys');
const KEY_FILE_ERRORS: [string, string, RegExp][] = [
  ['a digest too short', 'abc123 name\n', /keys\.txt line 1: expected a SHA-256 digest/],
  ['a plain key instead of a digest', `# header\n${'0'.repeat(64)}\nmy-secret-key-123\n`, /line 3/],
  ['a repeated digest', `${'a'.repeat(64)} one\n${'A'.repeat(64)} two\n`, /line 2: repeats the digest of line 1/],
];
for (const [what, text, message] of KEY_FILE_ERRORS) {
  keys(`should reject a keys file with ${what}`, () => assert.throws(() => keysFromFile(text, 'keys.txt'), message));
}
keys('should reject API_KEYS entries that are short or not Bearer-safe, naming the entry', () => {
  assert.throws(() => keysFromList('0123456789abcdef,short'), /API_KEYS entry 2 is shorter than 16/);
  assert.throws(() => keysFromList('key with spaces 123456'), /API_KEYS entry 1 has characters/);
  assert.is(keysFromList(' 0123456789abcdef , ,fedcba9876543210 ').length, 2);
});
keys('should find a key by its digest and nothing else', () => {
  const configured = keysFromList('0123456789abcdef,fedcba9876543210');
  assert.is(findKey(configured, 'fedcba9876543210')?.name, 'API_KEYS#2');
  assert.is(findKey(configured, 'fedcba987654321'), undefined);
  assert.ok(configured.every((key) => !key.digest.equals(digestOf(''))));
});
keys.run();
