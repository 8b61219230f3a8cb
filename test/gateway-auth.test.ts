import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { digestOf, findKey, keysFromFile, keysFromList } from '../gateway/keys.ts';
import { startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';

const CHALLENGE = 'Bearer realm="country-reference"';
let gateway: Gateway;

const auth = suite('auth');
auth.before(async () => { gateway = await startGateway(); });
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
  auth(`should refuse the malformed header ${JSON.stringify(header.slice(0, 24))}: 401 invalid_credentials, error="invalid_request"`, async () => {
    const reply = await gateway.request('/v1/countries/BR', { key: null, headers: { Authorization: header } });
    assert.is(reply.status, 401);
    assert.is(reply.headers['www-authenticate'], `${CHALLENGE}, error="invalid_request"`);
    assert.is(reply.json().code, 'invalid_credentials');
  });
}

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
  for (const [path, method] of [['/nowhere', 'GET'], ['/v1/countries/ZZ', 'GET'], ['/v1/countries?view=huge', 'GET'], ['/v1/countries', 'POST'], ['/v1/countries', 'HEAD']]) {
    const reply = await gateway.request(path, { key: null, method });
    assert.is(reply.status, 401, `${method} ${path}`);
  }
});

auth('should let GET and HEAD /healthz and OPTIONS through without a key', async () => {
  assert.is((await gateway.request('/healthz', { key: null })).status, 200);
  assert.is((await gateway.request('/healthz', { key: null, method: 'HEAD' })).status, 200);
  assert.is((await gateway.request('/v1/countries', { key: null, method: 'OPTIONS' })).status, 204);
});

auth('should never echo a key in a response or write one to the log', async () => {
  const wrong = 'a-wrong-but-plausible-key-4242';
  const replies = [
    await gateway.request('/v1/countries/BR', { key: wrong }),
    await gateway.request('/v1/countries/BR', { key: null, headers: { Authorization: `Basic ${wrong}` } }),
    await gateway.request('/v1/countries/ZZ'),
    await gateway.request(`/v1/countries/search?q=${TEST_KEY}&locale=${wrong}`),
    await gateway.request(`/v1/countries/${TEST_KEY}`),
  ];
  for (const reply of replies) {
    const text = reply.body.toString() + JSON.stringify(reply.headers);
    assert.not.ok(text.includes(wrong) || text.includes(TEST_KEY));
  }
  const log = gateway.logs.join('\n');
  assert.ok(log.includes('/v1/countries/BR 401'));
  assert.not.ok(log.includes(wrong) || log.includes(TEST_KEY), log);
});

auth('should check each request on a kept-alive connection, whatever the one before it sent', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (authorization?: string) => new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: gateway.port, path: '/v1/countries/BR', agent, headers: authorization ? { Authorization: authorization } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
    });
    req.on('error', reject).end();
  });
  const sequence: [string | undefined, number][] = [
    [`Bearer ${TEST_KEY}`, 200], [`Bearer ${TEST_KEY}`, 200], ['Bearer wrong-key-0123456789abcdef', 401], [undefined, 401],
    [`bearer  ${TEST_KEY}`, 200], [`Bearer ${TEST_KEY}`, 200], ['Bearer wrong-key-0123456789abcdef', 401], [`Bearer ${TEST_KEY}`, 200],
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

// Keys from a file of SHA-256 digests: the gateway holds no secret, and names the key in its log.
const keysFile = suite('API_KEYS_FILE keys');
const mobileKey = 'mobile-app-key-0123456789abcdef';
const webKey = 'web-app-key-0123456789abcdef';
keysFile.before(async () => {
  const hex = (key: string) => createHash('sha256').update(key).digest('hex');
  const text = `# issued 2025-01\n${hex(mobileKey)}  mobile app\n\n${hex(webKey).toUpperCase()} web # upper-case hex is fine\n`;
  gateway = await startGateway({ keys: keysFromFile(text, 'keys.txt') });
});
keysFile.after(() => gateway.close());

keysFile('should accept each key whose digest is listed, and log its name', async () => {
  assert.is((await gateway.request('/v1/countries/BR', { key: mobileKey })).status, 200);
  assert.is((await gateway.request('/v1/countries/BR', { key: webKey })).status, 200);
  assert.is((await gateway.request('/v1/countries/BR', { key: TEST_KEY })).status, 401);
  assert.ok(gateway.logs.some((line) => line.endsWith('key=mobile app')), gateway.logs.join('\n'));
  assert.ok(gateway.logs.some((line) => line.endsWith('key=web')));
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
