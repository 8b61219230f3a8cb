import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { swapIn } from '../build/write/atomic-swap.ts';
import { LiveDist } from '../gateway/live-dist.ts';
import { builtDist } from './helpers/dist.ts';
import { runLoad, type Result } from './helpers/load.ts';
import { inconsistency, oldAndNewRelease, sha256, targets } from './helpers/release-load.ts';
import { FEW_LOCALES, nextRelease } from './helpers/next-release.ts';
import { startGatewayProcess, type Started } from './helpers/start.ts';

const KEY = 'reload-test-key-0123456789abcdef';
/** Resolves when `pattern` has occurred `times` times in the output. */
async function seen(started: Started, pattern: RegExp, times: number): Promise<void> {
  await started.waitFor(new RegExp(`(${pattern.source}[^]*){${times}}`));
}

/** The directories under `parent` that process `pid` holds open. */
function openDirsUnder(pid: number, parent: string): string[] {
  return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      return target.startsWith(parent) ? [target] : [];
    } catch {
      return []; // closed meanwhile
    }
  });
}

const removeTree = (dir: string) => new Promise<void>((resolve) => spawn('rm', ['-rf', dir]).on('exit', () => resolve()));

/**
 * Runs `use` with the path of a dist to make in a new scratch folder and a way to start the gateway
 * process; afterwards, whatever happened, the gateway is killed and the folder removed.
 */
async function withScratchGateway(use: (distDir: string, start: (env: Record<string, string>) => Started) => Promise<void>): Promise<void> {
  const parent = mkdtempSync(join(tmpdir(), 'country-reload-'));
  let started: Started | undefined;
  try {
    await use(join(parent, 'dist'), (env) => (started = startGatewayProcess(env)));
  } finally {
    started?.child.kill('SIGKILL');
    await started?.exited;
    rmSync(parent, { recursive: true, force: true });
  }
}

// A build's swap under load, then the old tree deleted as the build deletes it: every answer must come
// whole from the old release or the new one. Alone the gateway finds the new dist by watching its
// manifest; as a cluster, by SIGHUP to the primary, which each worker acts on.
const VARIANTS = [
  { workers: 1, how: 'watching the manifest', env: { WATCH_DIST_MS: '200' }, signal: false },
  { workers: 2, how: 'SIGHUP to the primary', env: { WATCH_DIST_MS: '0' }, signal: true },
];

for (const { workers, how, env, signal } of VARIANTS) {
  const reload = suite(`reload (WORKERS=${workers}, ${how})`);

  reload('should answer every request under load from the old or the new release, whole, across the swap', () =>
    withScratchGateway(async (distDir, start) => {
      const { shas, codes } = oldAndNewRelease(distDir);
      const list = targets(codes, KEY);

      const started = start({ API_KEYS: KEY, DIST_DIR: distDir, WORKERS: String(workers), CACHE_MB: '1', ...env });
      const [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
      const problems: string[] = [];
      const releases: string[] = [];
      const load = runLoad({
        port: Number(port),
        concurrency: 8,
        maxRequests: 200_000,
        maxMs: 90_000,
        next: (index) => list[index % list.length],
        onResult: (result) => {
          releases.push(result.headers['data-release'] as string);
          const problem = inconsistency(result, shas);
          if (problem && problems.length < 20) problems.push(problem);
        },
      });
      const answered = async (count: number) => {
        const until = releases.length + count;
        while (releases.length < until && problems.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      };

      await answered(1000);
      const previous = swapIn(`${distDir}.tmp-${process.pid}`, distDir)!;
      if (signal) started.child.kill('SIGHUP');
      await removeTree(previous); // as the build does once its tree is in: the old files vanish under the old dist
      await seen(started, /reload \([^)]+\): serving release new-release \(was old-release\)/, workers);
      await answered(2000);
      load.stop();
      await load.done;

      assert.equal(problems, []);
      assert.ok(releases.includes('old-release') && releases.includes('new-release'));
      assert.ok(
        releases.slice(-500).every((release) => release === 'new-release'),
        'only the new release once reloaded',
      );
      assert.not.match(started.output(), /error: |kept release/);
      // Alone, the serving process is the child: it holds the new tree open, and let go of the old one.
      if (workers === 1) assert.equal(openDirsUnder(started.child.pid!, dirname(distDir)), [distDir]);
    }),
  );

  reload.run();
}

// A dist that fails verification is not served: the gateway keeps the one it has and says why.
const refused = suite('reload (a damaged dist)');

const DAMAGES: [string, (dir: string) => void, RegExp][] = [
  ['a file missing', (dir) => rmSync(join(dir, 'v1/phone/BR.json')), /reload \(SIGHUP\): kept release old-release: .*v1\/phone\/BR\.json: missing/],
  [
    'a manifest.json its columns were not derived from',
    (dir) => {
      const manifest = join(dir, 'manifest.json');
      writeFileSync(manifest, readFileSync(manifest, 'latin1').replace('"release"', '"Release"'), 'latin1');
    },
    /reload \(SIGHUP\): kept release old-release: .*manifest\.json: SHA-256 [0-9a-f]+ differs/,
  ],
];
for (const [what, damage, refusal] of DAMAGES) {
  refused(`should keep serving the current release when the new one fails verification: ${what}`, () =>
    withScratchGateway(async (distDir, start) => {
      nextRelease(builtDist(), distDir, 'old-release', () => false, FEW_LOCALES);
      nextRelease(builtDist(), `${distDir}.tmp-${process.pid}`, 'new-release', () => false, FEW_LOCALES);
      damage(`${distDir}.tmp-${process.pid}`);
      const started = start({ API_KEYS: KEY, DIST_DIR: distDir, WORKERS: '1', WATCH_DIST_MS: '0' });
      const [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
      const previous = swapIn(`${distDir}.tmp-${process.pid}`, distDir)!;
      started.child.kill('SIGHUP');
      await started.waitFor(refusal);
      let results: Result[] = [];
      const load = runLoad({
        port: Number(port),
        concurrency: 2,
        maxRequests: 20,
        maxMs: 30_000,
        next: () => ({ path: '/v1/phone/BR', headers: { Authorization: `Bearer ${KEY}` } }),
        onResult: (result) => {
          results = [...results, result];
        },
      });
      await load.done;
      assert.equal(new Set(results.map((result) => `${result.status} ${result.headers['data-release']}`)), new Set(['200 old-release']));
      assert.is(sha256(results[0].body), sha256(readFileSync(join(previous, 'v1/phone/BR.json'))));
    }),
  );
}

refused.run();

// Keys come and go with the keys file: read again on SIGHUP (passed on to every worker) or when the
// watch sees it changed, while requests keep coming; none is dropped, each is judged by the keys in force.
const KEY_RELOADS = [
  { workers: 2, how: 'SIGHUP to the primary', env: { WATCH_DIST_MS: '0' }, signal: true },
  { workers: 1, how: 'the watch', env: { WATCH_DIST_MS: '200' }, signal: false },
];
for (const { workers, how, env, signal } of KEY_RELOADS) {
  const keys = suite(`keys reload (WORKERS=${workers}, ${how})`);
  keys('should add and revoke keys under load without dropping a request', () =>
    withScratchGateway(async (scratchDist, start) => {
      const [oldKey, newKey] = ['old-key-0123456789abcdefgh', 'new-key-0123456789abcdefgh'];
      const keysFile = join(dirname(scratchDist), 'keys.txt');
      const writeKeys = (...listed: string[]) =>
        writeFileSync(`${keysFile}.new`, listed.map((key) => `${sha256(Buffer.from(key))} ${key.slice(0, 3)}\n`).join(''));
      const swapKeys = () => renameSync(`${keysFile}.new`, keysFile); // as an editor or a deploy replaces it: whole
      writeKeys(oldKey);
      swapKeys();
      const started = start({ API_KEYS_FILE: keysFile, DIST_DIR: builtDist(), WORKERS: String(workers), VERIFY_DIST: 'off', ...env });
      const [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
      const statuses = new Map<string, number[]>([
        [oldKey, []],
        [newKey, []],
      ]);
      const failures: string[] = [];
      const load = runLoad({
        port: Number(port),
        concurrency: 8,
        maxRequests: 200_000,
        maxMs: 60_000,
        next: (index) => ({
          path: index % 3 ? '/v1/countries/BR' : '/v1/countries?locale=de',
          headers: { Authorization: `Bearer ${index % 2 ? oldKey : newKey}` },
        }),
        onResult: ({ target, status, error }) => {
          statuses.get(target.headers!.Authorization.slice(7))!.push(status);
          if (status !== 200 && status !== 401) failures.push(`${status} ${error ?? ''}`);
        },
      });
      const reloaded = async (times: number) => {
        if (signal) started.child.kill('SIGHUP');
        await seen(started, /keys: \d+ in force/, times);
        const marks = new Map([...statuses].map(([key, list]) => [key, list.length]));
        while ([...statuses].some(([key, list]) => list.length < marks.get(key)! + 50)) await new Promise((resolve) => setTimeout(resolve, 20));
        return marks;
      };
      try {
        while (statuses.get(oldKey)!.length < 100) await new Promise((resolve) => setTimeout(resolve, 20));
        writeKeys(oldKey, newKey);
        swapKeys();
        const added = await reloaded(workers);
        writeKeys(newKey);
        swapKeys();
        const revoked = await reloaded(2 * workers);
        // Past the requests that were on their way when the reload was seen.
        const after = (key: string, marks: Map<string, number>) => new Set(statuses.get(key)!.slice(marks.get(key)! + 8));
        assert.equal(new Set(statuses.get(oldKey)!.slice(0, added.get(oldKey))), new Set([200]));
        assert.equal(new Set(statuses.get(newKey)!.slice(0, 50)), new Set([401]));
        assert.equal(after(newKey, added), new Set([200]));
        assert.equal(after(oldKey, revoked), new Set([401]));
      } finally {
        load.stop();
        await load.done;
      }
      assert.equal(failures, []);
    }),
  );
  keys.run();
}

// LiveDist itself, in this process: when it opens a dist again, and when it does not.
const live = suite('LiveDist');
let scratch: string;
live.before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'country-live-'));
  nextRelease(builtDist(), join(scratch, 'dist'), 'first', () => false, FEW_LOCALES);
});
live.after(() => rmSync(scratch, { recursive: true, force: true }));

function openLive(dir = join(scratch, 'dist')): { dist: LiveDist; opened: string[]; lines: string[] } {
  const opened: string[] = [];
  const lines: string[] = [];
  const dist = new LiveDist({
    dir,
    verify: 'off',
    log: (line) => lines.push(line),
    createApp: (opening) => {
      opened.push(opening.release.id);
      return () => {};
    },
  });
  return { dist, opened, lines };
}

live('should open the same manifest again only when forced, and share a reload among calls made meanwhile', async () => {
  const { dist, opened } = openLive();
  await Promise.all([dist.reload('a'), dist.reload('b'), dist.reload('c')]);
  assert.equal(opened, ['first']);
  await Promise.all([dist.reload('SIGHUP', true), dist.reload('d'), dist.reload('SIGHUP', true)]);
  assert.equal(opened, ['first', 'first']);
});

live('should read through the directory it opened, and keep it when the manifest on disk is refused until it changes', async () => {
  const { dist, opened, lines } = openLive();
  const pinned = dist.dist.dir;
  assert.match(pinned, /^\/proc\/self\/fd\/\d+$/);
  writeFileSync(join(scratch, 'dist', 'manifest.json.new'), '{"manifest_version":');
  renameSync(join(scratch, 'dist', 'manifest.json.new'), join(scratch, 'dist', 'manifest.json'));
  await dist.reload('a');
  await dist.reload('b');
  assert.equal(opened, ['first']);
  assert.is(lines.length, 1, 'a refused manifest is tried once');
  // Its columns were derived from another manifest.json: neither is opened.
  assert.match(lines[0], /reload \(a\): kept release first: .*manifest\.columns\.json: derived from a manifest\.json of \d+ bytes; the one beside it has 20/);
  assert.is(dist.dist.dir, pinned);
  await dist.reload('SIGHUP', true);
  assert.is(lines.length, 2, 'and again when forced');
});

live('should say nothing when the watch finds no manifest for a moment (mid-swap), and say why when a reload is forced', async () => {
  nextRelease(builtDist(), join(scratch, 'swapping'), 'first', () => false, FEW_LOCALES);
  const { dist, lines } = openLive(join(scratch, 'swapping'));
  const manifest = join(scratch, 'swapping', 'manifest.json');
  renameSync(manifest, `${manifest}.away`);
  try {
    await dist.reload('manifest.json changed');
    assert.equal(lines, []);
    await dist.reload('SIGHUP', true);
    assert.match(lines[0], /reload \(SIGHUP\): kept release \S+: .*manifest\.json: ENOENT/);
  } finally {
    renameSync(`${manifest}.away`, manifest);
  }
});

live.run();
