import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtDist } from './helpers/dist.ts';
import { startGatewayProcess, type Started } from './helpers/start.ts';

const KEY = 'cluster-test-key-0123456789abcdef';

interface Running {
  pid: number;
  parent: number;
  cmdline: string;
}

/** The processes running now (zombies left out). */
function running(): Running[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return state === 'Z' ? [] : [{ pid: Number(name), parent: Number(parent), cmdline }];
      } catch {
        return [];
      }
    });
}

/** Pids of the running cluster workers whose parent is `pid` (each runs the gateway's entry file again). */
const childrenOf = (pid: number): number[] =>
  running()
    .filter((each) => each.parent === pid && each.cmdline.includes('gateway/start.cjs'))
    .map((each) => each.pid);

/** Every process started by `pid`, its children's children too. */
function descendantsOf(pid: number): Running[] {
  const all = running();
  const found = all.filter((each) => each.parent === pid);
  for (let i = 0; i < found.length; i++) found.push(...all.filter((each) => each.parent === found[i].pid));
  return found;
}

/** A GET on a new connection each time, so the primary hands each to the next worker. */
const get = (port: string, path: string) =>
  new Promise<number>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent: false, headers: { Authorization: `Bearer ${KEY}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    })
      .on('error', reject)
      .end();
  });

let started: Started;
let port: string;
const cluster = suite('cluster (WORKERS=2)');
cluster.before(async () => {
  started = startGatewayProcess({ API_KEYS: KEY, DIST_DIR: builtDist(), WORKERS: '2' });
  [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
});
cluster.after(async () => {
  if (started.child.exitCode === null) started.child.kill('SIGKILL');
  await started.exited;
});

cluster('should fork two workers that share the port and answer', async () => {
  assert.match(started.output(), /serving release \S+ from \S+ with 2 workers/);
  assert.is(childrenOf(started.child.pid!).length, 2);
  const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => get(port, i % 2 ? '/v1/countries/BR' : '/v1/phone/BR')));
  assert.equal(new Set(statuses), new Set([200]));
  await started.waitFor(/(GET \/v1\/phone\/BR 200[^\n]*\n[\s\S]*){10}/);
});

cluster('should replace a worker that dies, and keep answering', async () => {
  const [victim] = childrenOf(started.child.pid!);
  process.kill(victim, 'SIGKILL');
  await started.waitFor(new RegExp(`worker ${victim} exited \\(SIGKILL\\); starting another`));
  for (let i = 0; i < 10; i++) assert.is(await get(port, '/v1/countries/BR'), 200);
  while (childrenOf(started.child.pid!).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.not.ok(childrenOf(started.child.pid!).includes(victim));
});

cluster('should drain every worker on SIGTERM to the primary, then exit 0', async () => {
  started.child.kill('SIGTERM');
  await started.waitFor(/SIGTERM: stopped accepting connections; draining \d+ open request/);
  assert.is((await started.exited).code, 0);
  assert.match(started.output(), /gateway: drain: done/);
});

cluster.run();

const memory = suite('cluster: memory');
let scratch: string;
memory.before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'country-cluster-'));
});
memory.after(() => rmSync(scratch, { recursive: true, force: true }));

memory('should compile a cold start without keeping esbuild running', async () => {
  // tsx keeps its compile cache in the temporary directory: an empty one makes every module new, as on a first start.
  const cold = startGatewayProcess({ API_KEYS: KEY, DIST_DIR: builtDist(), WORKERS: '2', TMPDIR: scratch, VERIFY_DIST: 'off' });
  try {
    const [, coldPort] = await cold.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
    assert.is(await get(coldPort, '/v1/countries/BR'), 200);
    assert.ok(
      readdirSync(scratch).some((name) => name.startsWith('tsx')),
      'tsx compiled into the empty cache',
    );
    const under = descendantsOf(cold.child.pid!);
    assert.equal(
      under.filter((each) => each.cmdline.includes('esbuild')).map((each) => each.cmdline),
      [],
    );
    assert.is(under.filter((each) => each.cmdline.includes('gateway/start.cjs')).length, 2);
  } finally {
    cold.child.kill('SIGKILL');
    await cold.exited;
  }
});

memory.run();
