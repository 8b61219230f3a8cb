/**
 * nginx with the config the build writes, as `npm run serve:nginx` runs it: the one command, and a
 * new build taken in under load without an answer that mixes two releases. That nginx answers every
 * request as the gateway does is the tiers suite's (test/tiers.test.ts).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { swapIn } from '../build/write/atomic-swap.ts';
import { startNginx, type Nginx } from '../nginx/nginx.ts';
import { get } from './helpers/answers.ts';
import { requirePackages } from './helpers/debian-packages.ts';
import { builtDist } from './helpers/dist.ts';
import { startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';
import { runLoad } from './helpers/load.ts';
import { partialCopy } from './helpers/next-release.ts';
import { inconsistency, oldAndNewRelease, targets } from './helpers/release-load.ts';
import { freePort, startGatewayProcess } from './helpers/start.ts';

const swap = suite('nginx across a new build');
let parent: string;
let gateway: Gateway;
let nginx: Nginx | undefined;
swap.before(async () => {
  requirePackages('nginx-light', 'libnginx-mod-http-brotli-static');
  parent = mkdtempSync(join(tmpdir(), 'country-nginx-swap-'));
  gateway = await startGateway();
});
swap.after(async () => {
  await nginx?.stop();
  await gateway.close();
  rmSync(parent, { recursive: true, force: true });
});

swap('should answer every request whole from the old or the new release, follow the build on its own, and remove the old snapshot', async () => {
  const distDir = join(parent, 'dist');
  const { shas, codes } = oldAndNewRelease(distDir);
  const port = await freePort();
  nginx = await startNginx({ distDir, host: '127.0.0.1', port, keys: [TEST_KEY], searchOrigin: `http://127.0.0.1:${gateway.port}`, workers: 2, watchMs: 200 });
  const snapshots = join(nginx.prefix, 'releases');
  const problems: string[] = [];
  const releases: string[] = [];
  const list = targets(codes, TEST_KEY, false);
  const load = runLoad({
    port,
    concurrency: 8,
    maxRequests: 200_000,
    maxMs: 90_000,
    next: (index) => list[index % list.length],
    onResult: (result) => {
      // An old worker closes its idle kept-alive connections as it leaves, and what waits in its accept queue:
      // a request sent on one at that instant is reset, and a client sends it again (RFC 9112 9.3.1).
      if (result.status === 0 && result.error === 'ECONNRESET') return void resets++;
      releases.push(result.headers['data-release'] as string);
      const problem = inconsistency(result, shas);
      if (problem && problems.length < 20) problems.push(problem);
    },
  });
  let resets = 0;
  const answered = async (count: number) => {
    const until = releases.length + count;
    while (releases.length < until && problems.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await answered(1000);
  const previous = swapIn(`${distDir}.tmp-${process.pid}`, distDir)!;
  rmSync(previous, { recursive: true, force: true }); // as the build does: the old files vanish under the old config
  while (nginx.release() !== 'new-release' && problems.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  await answered(3000);
  load.stop();
  await load.done;

  assert.equal(problems, []);
  assert.ok(resets <= 16, `${resets} resets: at most one per connection`);
  assert.ok(releases.includes('old-release') && releases.includes('new-release'));
  assert.ok(
    releases.slice(-500).every((release) => release === 'new-release'),
    'only the new release once reloaded',
  );
  for (const until = Date.now() + 10_000; readdirSync(snapshots).length > 1 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.is(readdirSync(snapshots).length, 1, 'the old snapshot is removed once its workers are done');
});

swap.run();

// The one command that serves a dist with nginx, as `npm start` serves it with the gateway.
const command = suite('npm run serve:nginx');

command('should serve the dist on loopback with a generated key it prints, search through a gateway it starts, and stop on SIGTERM', async () => {
  requirePackages('nginx-light', 'libnginx-mod-http-brotli-static');
  const port = await freePort();
  // A dist in three locales (every kind of answer, a dist verify accepts): the command does the same for any dist,
  // and nginx links and checks a small part of the whole dist's files for its snapshot.
  const scratch = mkdtempSync(join(tmpdir(), 'country-serve-nginx-'));
  partialCopy(builtDist(), join(scratch, 'dist'));
  const started = startGatewayProcess({ DIST_DIR: join(scratch, 'dist'), PORT: String(port), VERIFY_DIST: 'off' }, 'nginx/serve-nginx.ts');
  try {
    const [, key] = await started.waitFor(
      new RegExp(`^ {2}curl -H "Authorization: Bearer ([A-Za-z0-9_-]{43})" http://127\\.0\\.0\\.1:${port}/v1/countries/BR$`, 'm'),
    );
    const country = await get(port, '/v1/countries/BR', { Authorization: `Bearer ${key}` });
    assert.is(country.status, 200);
    assert.is(JSON.parse(country.body.toString()).code, 'BR');
    assert.is((await get(port, '/v1/countries/search?q=brasil', { Authorization: `Bearer ${key}` })).status, 200);
    assert.is((await get(port, '/v1/countries/BR', { Authorization: 'Bearer wrong-key-0123456789abcdef' })).status, 401);
    assert.is(started.output().match(/the form page/g)?.length, 1, "one form-page link: nginx's");
    started.child.kill('SIGTERM');
    assert.is((await started.exited).code, 0);
  } finally {
    if (started.child.exitCode === null) {
      started.child.kill('SIGTERM');
      await started.exited;
    }
    rmSync(scratch, { recursive: true, force: true });
  }
});

command.run();
