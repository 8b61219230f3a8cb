/**
 * `npm run serve:nginx`: the dist served by Debian's nginx with the config the build wrote (nginx.ts),
 * the way `npm start` serves it with the Node gateway: dist/ built first when missing or stale, on
 * 127.0.0.1:8080 by default, a key generated and printed when none is configured. nginx answers every
 * file itself; search, which needs the index in memory, goes to SEARCH_ORIGIN, or else to a Node
 * gateway started here on a loopback port with the same keys. A new build is taken in on its own
 * (every WATCH_DIST_MS, or at once on SIGHUP) with a graceful reload; SIGTERM or SIGINT stops both.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { announceKey, generateKey, reachableOrigin, stopWith } from '../launch/announce.ts';
import { buildIfStale } from '../launch/freshness.ts';
import { readServeSettings } from '../launch/settings.ts';
import { nginxMissing, startNginx } from './nginx.ts';

const say = (line: string) => console.log(`serve:nginx: ${line}`);
const stop = (lines: string[]): never => stopWith('serve:nginx: ', lines);

// The settings every server reads, checked as npm start checks them (the gateway for search reads its own from the same environment).
const env = process.env;
const problems: string[] = [];
const { distDir, host, port, corsOrigins, watchMs } = readServeSettings(
  { ...env, PORT: env.PORT || '8080' },
  join(import.meta.dirname, '..', 'dist'),
  problems,
);
if (port === 0) problems.push('PORT must be a number from 1 to 65535 for nginx, not 0');
if (env.API_KEYS_FILE) problems.push('API_KEYS_FILE holds digests, and nginx compares the header itself: give nginx plain keys in API_KEYS');
const missing = nginxMissing();
if (missing) problems.push(missing);
if (problems.length > 0) stop(problems);
// Plain keys, as nginx compares them (readServeSettings checked each).
const keys = (env.API_KEYS ?? '')
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const generatedKey = keys.length === 0 ? generateKey() : undefined;
if (generatedKey) keys.push(generatedKey);
const buildFailed = buildIfStale(distDir, say);
if (buildFailed) stop([buildFailed]);

/** A Node gateway on a loopback port for search, its output passed through; resolves with its URL. */
function startSearchOrigin(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'gateway', 'start.cjs')], {
    env: { ...env, DIST_DIR: distDir, API_KEYS: keys.join(','), HOST: '127.0.0.1', PORT: '0', WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      // Its own form-page link is not the one to open: nginx's is printed below.
      process.stdout.write(String(chunk).replace(/^.*the form page.*\n/gm, ''));
      output += chunk;
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve({ url: listening[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`the gateway for search exited (${code}) before listening`)));
  });
}

try {
  const origin = env.SEARCH_ORIGIN ? { url: env.SEARCH_ORIGIN, stop: () => {} } : await startSearchOrigin();
  const nginx = await startNginx({ distDir, host, port, keys, searchOrigin: origin.url, corsOrigins, watchMs, say });
  const reachable = reachableOrigin(host, port);
  say(`nginx serving ${distDir} on ${reachable} (search: ${origin.url})`);
  if (generatedKey) announceKey(say, reachable, generatedKey, 'API_KEYS');
  process.on('SIGHUP', () => {
    say('SIGHUP: looking for a new build');
    void nginx.reload();
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
