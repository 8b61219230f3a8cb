/**
 * `npm run serve:nginx`: the dist served by Debian's nginx with the config the build wrote (nginx.ts),
 * the way `npm start` serves it with the Node gateway: dist/ built first when missing or stale, on
 * 127.0.0.1:8080 by default, a key generated and printed when none is configured. nginx answers every
 * file itself; search, which needs the index in memory, goes to SEARCH_ORIGIN, or else to a Node
 * gateway started here on a loopback port with the same keys. SIGHUP writes the config again from
 * the dist as it is (a new build) and reloads nginx gracefully; SIGTERM or SIGINT stops both.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { keysFromList } from './auth.ts';
import { buildIfStale } from './freshness.ts';
import { nginxMissing, startNginx } from './nginx.ts';

const say = (line: string) => console.log(`serve:nginx: ${line}`);
function stop(lines: string[]): never {
  console.error(`serve:nginx: cannot start:\n${lines.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}

const env = process.env;
const distDir = resolve(env.DIST_DIR || join(import.meta.dirname, '..', 'dist'));
const host = env.HOST || '127.0.0.1';
const port = Number(env.PORT || 8080);
const problems: string[] = [];
if (!/^\d{1,5}$/.test(String(port)) || port < 1 || port > 65535) problems.push(`PORT must be a number from 1 to 65535, not ${JSON.stringify(env.PORT)}`);
if (env.API_KEYS_FILE) problems.push('API_KEYS_FILE holds digests, and nginx compares the header itself: give nginx plain keys in API_KEYS');
const keys = (env.API_KEYS ?? '').split(',').map((key) => key.trim()).filter(Boolean);
try {
  keysFromList(keys.join(','));
} catch (error) {
  problems.push((error as Error).message);
}
if (env.NODE_ENV === 'production' && keys.length === 0) problems.push('NODE_ENV=production and no API key is configured: set API_KEYS');
const missing = nginxMissing();
if (missing) problems.push(missing);
if (problems.length > 0) stop(problems);
const generatedKey = keys.length === 0 ? randomBytes(32).toString('base64url') : undefined;
if (generatedKey) keys.push(generatedKey);
const buildFailed = buildIfStale(distDir, say);
if (buildFailed) stop([buildFailed]);

/** A Node gateway on a loopback port for search, its output passed through; resolves with its URL. */
function startSearchOrigin(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'start.cjs')], {
    env: { ...env, DIST_DIR: distDir, API_KEYS: keys.join(','), HOST: '127.0.0.1', PORT: '0', WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve({ url: listening[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`the gateway for search exited (${code}) before listening`)));
  });
}

try {
  const origin = env.SEARCH_ORIGIN ? { url: env.SEARCH_ORIGIN, stop: () => {} } : await startSearchOrigin();
  const nginx = await startNginx({ distDir, host, port, keys, searchOrigin: origin.url });
  const reachable = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  say(`nginx serving ${distDir} on http://${reachable}:${port} (search: ${origin.url})`);
  if (generatedKey) {
    say('no API key configured (API_KEYS); this run accepts a generated one:');
    console.log(`\n  ${generatedKey}\n\n  curl -H "Authorization: Bearer ${generatedKey}" http://${reachable}:${port}/v1/countries/BR\n`);
    say(`the form page, with this key: http://${reachable}:${port}/#key=${generatedKey}`);
  }
  process.on('SIGHUP', () => {
    say('SIGHUP: writing the config again and reloading nginx');
    nginx.reload();
  });
  let stopping = false;
  const shutdown = async () => {
    stopping = true;
    origin.stop();
    process.exit((await nginx.stop()) === 0 ? 0 : 1);
  };
  process.on('SIGTERM', shutdown).on('SIGINT', shutdown);
  nginx.child.on('exit', (code) => {
    if (stopping) return;
    origin.stop();
    stop([`nginx exited (${code})`]);
  });
} catch (error) {
  stop([(error as Error).message]);
}
