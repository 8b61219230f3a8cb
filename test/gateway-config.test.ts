import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { suite } from 'uvu';
import { MANIFEST_VERSION } from '../contract/manifest.ts';
import * as assert from 'uvu/assert';
import { readConfig } from '../gateway/config.ts';
import { staleReason } from '../launch/freshness.ts';
import { get } from './helpers/answers.ts';
import { builtDist } from './helpers/dist.ts';
import { partialCopy } from './helpers/next-release.ts';
import { startGatewayProcess } from './helpers/start.ts';

const scratch = mkdtempSync(join(tmpdir(), 'country-config-'));
const write = (name: string, text: string) => {
  writeFileSync(join(scratch, name), text);
  return join(scratch, name);
};
/** A directory holding only a manifest.json with `text`. */
const distWithManifest = (name: string, text: string) => {
  mkdirSync(join(scratch, name));
  write(`${name}/manifest.json`, text);
  return join(scratch, name);
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const KEY = 'config-test-key-0123456789abcdef';

const withKey = (key: string) => ({ Authorization: `Bearer ${key}` });

// [what is wrong, environment, what the message must say]. Each must exit 1 before serving.
const BAD: [string, Record<string, string>, RegExp][] = [
  ['a port that is not a number', { PORT: 'http', API_KEYS: KEY }, /PORT must be a number from 0 to 65535, not "http"/],
  ['a port out of range', { PORT: '70000', API_KEYS: KEY }, /PORT must be a number/],
  ['a keys file that does not exist', { API_KEYS_FILE: '/nonexistent/keys.txt' }, /API_KEYS_FILE \/nonexistent\/keys\.txt cannot be read \(ENOENT\)/],
  [
    'a malformed digest in the keys file',
    { API_KEYS_FILE: write('bad-keys.txt', `${sha256('a')} first\nnot-a-digest second\n`) },
    /bad-keys\.txt line 2: expected a SHA-256 digest/,
  ],
  ['a short plain key', { API_KEYS: 'short' }, /API_KEYS entry 1 is shorter than 16 characters/],
  [
    'a CORS origin with a path',
    { API_KEYS: KEY, CORS_ORIGINS: 'https://app.example.com/' },
    /CORS_ORIGINS entry "https:\/\/app\.example\.com\/" is not an origin.*did you mean https:\/\/app\.example\.com\?/,
  ],
  ['production without a key', { NODE_ENV: 'production' }, /NODE_ENV=production and no API key is configured/],
  [
    'a DIST_DIR whose manifest is not JSON',
    { API_KEYS: KEY, DIST_DIR: distWithManifest('garbage', '{"manifest_version":') },
    /garbage\/manifest\.json: unreadable.*npm run build/,
  ],
  [
    'a DIST_DIR from another manifest version',
    { API_KEYS: KEY, DIST_DIR: distWithManifest('v9', '{"manifest_version":9}') },
    new RegExp(`manifest_version 9 is not ${MANIFEST_VERSION}`),
  ],
];

const config = suite('config (gateway/main.ts)');
config.after(() => rmSync(scratch, { recursive: true, force: true }));

for (const [what, env, message] of BAD) {
  config(`should refuse to start with ${what}`, async () => {
    const started = startGatewayProcess(env);
    const { code } = await started.exited;
    assert.is(code, 1, started.output());
    assert.match(started.output(), /gateway: cannot start:/);
    assert.match(started.output(), message);
    assert.not.match(started.output(), /listening on| {4}at /);
  });
}

config('should report every problem at once', async () => {
  const started = startGatewayProcess({ PORT: '-1', API_KEYS: 'short', CORS_ORIGINS: 'ftp://x' });
  await started.exited;
  for (const variable of ['PORT', 'API_KEYS', 'CORS_ORIGINS']) assert.match(started.output(), variable);
});

// The cases that serve the real dist turn its check at start off (VERIFY_DIST, which gateway-release.test.ts tests): it would stat
// every file while the case runs, and has nothing to do with what they check.
config('should serve with a key from API_KEYS_FILE, logging requests without the key', async () => {
  const keysFile = write('keys.txt', `# team keys\n${sha256(KEY)} ci\n`);
  const started = startGatewayProcess({ API_KEYS_FILE: keysFile, DIST_DIR: builtDist(), NODE_ENV: 'production', VERIFY_DIST: 'off' });
  const [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
  assert.is((await get(port, '/v1/countries/BR', withKey(KEY))).status, 200);
  assert.is((await get(port, '/v1/countries/BR')).status, 401);
  await started.waitFor(/GET \/v1\/countries\/BR 401/);
  started.child.kill('SIGTERM');
  assert.is((await started.exited).code, 0);
  assert.match(started.output(), /GET \/v1\/countries\/BR 200 [\d.]+ms key=ci/);
  assert.not.match(started.output(), KEY);
});

config("should generate a key outside production, print it with a curl line and the form page's link, and accept it", async () => {
  const started = startGatewayProcess({ DIST_DIR: builtDist(), VERIFY_DIST: 'off' });
  const [, key, port] = await started.waitFor(
    /^ {2}([A-Za-z0-9_-]{43})\n\n {2}curl -H "Authorization: Bearer \1" http:\/\/127\.0\.0\.1:(\d+)\/v1\/countries\/BR$/m,
  );
  const reply = await get(port, '/v1/countries/BR', withKey(key));
  assert.is(reply.status, 200);
  assert.is(JSON.parse(reply.body.toString()).code, 'BR');
  // The key in the fragment, which a browser keeps to itself.
  assert.match(started.output(), new RegExp(`^gateway: the form page, with this key: http://127\\.0\\.0\\.1:${port}/#key=${key}$`, 'm'));
  started.child.kill('SIGTERM');
  assert.is((await started.exited).code, 0);
});

config('should serve a dist written before manifest.columns.json from manifest.json, and say so', async () => {
  const older = join(scratch, 'older-dist');
  partialCopy(builtDist(), older);
  unlinkSync(join(older, 'manifest.columns.json'));
  const started = startGatewayProcess({ API_KEYS: KEY, DIST_DIR: older, WORKERS: '1' });
  await started.waitFor(/has no manifest\.columns\.json \(an older build\): read manifest\.json instead/);
  const [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
  const reply = await get(port, '/v1/countries/BR', withKey(KEY));
  assert.is(reply.status, 200);
  assert.is(reply.body.toString(), readFileSync(join(builtDist(), 'v1/countries/BR.json'), 'utf8'));
  started.child.kill('SIGTERM');
  assert.is((await started.exited).code, 0);
});

config.run();

const settings = suite('readConfig');
settings('should default to port 3000 on 127.0.0.1, any origin, the given dist, no keys, a process per core', () => {
  const { config: defaults, problems } = readConfig({}, '/srv/dist');
  assert.equal(problems, []);
  assert.equal(
    { ...defaults, keys: defaults.keys.length },
    {
      port: 3000,
      host: '127.0.0.1',
      keys: 0,
      keysFile: undefined,
      distDir: '/srv/dist',
      corsOrigins: '*',
      production: false,
      workers: availableParallelism(),
      fairShareMs: 0,
      cacheBytes: Math.floor((64 * 2 ** 20) / availableParallelism()),
      verifyDist: 'sizes',
      timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, sendMs: 30_000 },
      watchMs: 2000,
    },
  );
});
settings('should take the timeouts and the watch interval, and refuse a headers timeout over the request timeout', () => {
  const env = { HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '4000', KEEP_ALIVE_TIMEOUT_MS: '65000', SEND_TIMEOUT_MS: '7000', WATCH_DIST_MS: '0' };
  const { config: set, problems } = readConfig(env, '/d');
  assert.equal(problems, []);
  assert.equal(set.timeouts, { headersMs: 2000, requestMs: 4000, keepAliveMs: 65000, sendMs: 7000 });
  assert.is(set.watchMs, 0);
  assert.equal(readConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '0' }, '/d').problems, [
    'KEEP_ALIVE_TIMEOUT_MS must be a whole number from 1 to 600000, not "0"',
    'HEADERS_TIMEOUT_MS (5000) must not exceed REQUEST_TIMEOUT_MS (1000)',
  ]);
});
settings('should take WORKERS, and share CACHE_MB out among them', () => {
  const { config: two, problems } = readConfig({ WORKERS: '2', CACHE_MB: '100' }, '/d');
  assert.equal(problems, []);
  assert.is(two.workers, 2);
  assert.is(two.cacheBytes, 50 * 2 ** 20);
  const bad = readConfig({ WORKERS: '0', CACHE_MB: 'lots' }, '/d').problems;
  assert.equal(bad, ['WORKERS must be a whole number from 1 to 64, not "0"', 'CACHE_MB must be a whole number from 0 to 1000000, not "lots"']);
});
settings('should take both API_KEYS and API_KEYS_FILE, and a list of origins', () => {
  const dir = mkdtempSync(join(tmpdir(), 'country-config-'));
  try {
    writeFileSync(join(dir, 'keys.txt'), `${sha256('x')}\n`);
    const env = { API_KEYS: `${KEY},${KEY}2`, API_KEYS_FILE: join(dir, 'keys.txt'), CORS_ORIGINS: 'https://a.example, http://localhost:5173' };
    const { config: both, problems } = readConfig(env, '/d');
    assert.equal(problems, []);
    assert.is(both.keys.length, 2, 'those of API_KEYS; the file is read where it is served');
    assert.is(both.keysFile, join(dir, 'keys.txt'));
    assert.equal(both.corsOrigins, ['https://a.example', 'http://localhost:5173']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
settings.run();

// npm start builds first when dist is missing or older than data/ or build/.
const freshness = suite('freshness');
freshness('should ask for a build when the manifest is missing or older than any data or build file, and not without data/', () => {
  const root = mkdtempSync(join(tmpdir(), 'country-fresh-'));
  try {
    const data = join(root, 'data');
    const build = join(root, 'build');
    const dist = join(root, 'dist');
    mkdirSync(join(data, 'curated'), { recursive: true });
    mkdirSync(join(build, 'page'), { recursive: true });
    mkdirSync(dist);
    writeFileSync(join(data, 'curated', 'a.json'), '{}');
    writeFileSync(join(build, 'page', 'page.js'), '');
    assert.match(staleReason(dist, data, build)!, 'manifest.json is missing');
    writeFileSync(join(dist, 'manifest.json'), '{}');
    const now = Date.now() / 1000;
    utimesSync(join(data, 'curated', 'a.json'), now - 60, now - 60);
    utimesSync(join(build, 'page', 'page.js'), now - 60, now - 60);
    assert.is(staleReason(dist, data, build), undefined);
    utimesSync(join(build, 'page', 'page.js'), now + 60, now + 60);
    assert.match(staleReason(dist, data, build)!, `${build} has changed since`);
    utimesSync(join(build, 'page', 'page.js'), now - 60, now - 60);
    utimesSync(join(data, 'curated', 'a.json'), now + 60, now + 60);
    assert.match(staleReason(dist, data, build)!, `${data} has changed since`);
    assert.is(staleReason(dist, join(root, 'no-data'), build), undefined);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
freshness.run();
