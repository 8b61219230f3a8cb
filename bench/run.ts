/**
 * `npm run bench`: the gateway against a raw node:http server answering the same bytes from a Map
 * (and a Polka app doing only that, the ceiling of a Polka gateway), and nginx with the config the
 * build writes against plain nginx, and the edge on local workerd (bench/edge.ts); same dist, same
 * worker count (--workers, 1 by default as the gateway's), same run, interleaved. See bench/README.md.
 *   npm run bench [-- --rounds 6 --seconds 3 --connections 64 --threads 2 --workers N --dist DIR
 *                     --variant NAME=VALUE[,NAME=VALUE] ...]
 * A --variant runs the gateway once more with that environment (WORKERS=2, CACHE_MB=0...): the figure
 * a mechanism must earn its place with. BENCH_LOAD=autocannon or BENCH_NGINX=off force the fallbacks;
 * BENCH_EDGE=off leaves the edge out.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDist } from '../gateway/dist.ts';
import { WAITING_MS } from '../gateway/fair-share.ts';
import { ROOT, upToDateDist } from './dist.ts';
import { startEdge, verifyDecoded } from './edge.ts';
import { fillCaches } from './fill.ts';
import { coldStart, freePort, startGateway, type ColdStart, type GatewaySetup } from './gateway.ts';
import { runLoad, type LoadOptions } from './load.ts';
import { startGeneratedNginx, startPlainNginx } from './nginx.ts';
import { median, PAIRS, tables, targets, type Results } from './report.ts';
import { startReference } from './reference.ts';
import { cpuRatio, sideBySide, sideBySideStarts, type SideBySide } from './side-by-side.ts';
import { cpuUsPerAnswer, pinTree, type Server } from './server.ts';
import { findTools } from './tools.ts';
import { requestHeaders, verify } from './verify.ts';
import { SMALL, workloads, type Workload } from './workloads.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '64' },
    threads: { type: 'string', default: '2' },
    workers: { type: 'string', default: '1' },
    dist: { type: 'string', default: join(ROOT, 'dist') },
    'cold-starts': { type: 'string', default: '3' },
    'side-rounds': { type: 'string', default: '2' },
    'side-starts': { type: 'string', default: '5' },
    variant: { type: 'string', multiple: true, default: [] },
    pin: { type: 'string', default: 'auto' },
  },
});
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);
const workers = Number(args.workers);
// Each server on the first core, the load generator (and this process) on the second: a server's rate is
// then its own work per answer, not how the scheduler split two cores between it and wrk in that round.
const pinned = args.pin === 'on' || (args.pin === 'auto' && workers === 1 && availableParallelism() >= 2 && hasTaskset());
const SERVER_CPUS = '0';
const LOAD_CPUS = '1';
const WARM_UP_SECONDS = 3;
/** Per workload while warming up: all of them together about as many as one measured load. */
const WARM_UP_CONNECTIONS = 8;
const variants = args.variant.map((text) => ({ name: `gateway ${text}`, env: Object.fromEntries(text.split(',').map((pair) => pair.split('='))) }));

const tools = findTools({ loadGenerator: process.env.BENCH_LOAD, nginx: process.env.BENCH_NGINX });
const distDir = upToDateDist(resolve(args.dist));
const dir = mkdtempSync(join(tmpdir(), 'country-bench-'));
chmodSync(dir, 0o755); // nginx workers run as nobody
const key = randomBytes(24).toString('base64url');
const searchFile = join(dir, 'search.json');
const { list, searchBody } = workloads(distDir, searchFile);
writeFileSync(searchFile, searchBody);
const setup = async (env: Record<string, string> = {}, log = 'gateway.log'): Promise<GatewaySetup> => ({
  distDir,
  key,
  port: await freePort(),
  log: join(dir, log),
  env: { WORKERS: String(workers), ...env },
});

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Waits (up to 5 s) until the servers together use less than a tenth of a core, so none is measured beside another's leftovers. */
async function quiet(all: Server[]): Promise<void> {
  const used = () => all.reduce((sum, server) => sum + server.cpuMs(), 0);
  for (const started = Date.now(); Date.now() - started < 5000; ) {
    const before = used();
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (used() - before < 20) return;
  }
}

/**
 * quiet(), and before a workload without a valid key, the second after the last key served: within it
 * the gateway paces refusals per connection (gateway/fair-share.ts), and the workload is to measure
 * what a refusal costs, not the pacing (a round started right after a keyed workload measured 0.33x).
 */
async function settle(all: Server[], workload: Workload): Promise<void> {
  await quiet(all);
  if (!workload.validKey) await new Promise((resolve) => setTimeout(resolve, WAITING_MS + 100));
}

/** Waits (up to 60 s) for a line matching `pattern` in the log file `file`. */
async function waitForLine(file: string, pattern: RegExp): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (existsSync(file) && pattern.test(readFileSync(file, 'utf8'))) return;
  }
  throw new Error(`no line matching ${pattern} in ${file} within 60 s`);
}

/**
 * The servers in the order of round `round`: each target's pair side by side (a VM core's speed drifts
 * from one minute to the next, so a ratio is taken from two runs a few seconds apart), the pairs and the
 * others rotated from round to round and every other round reversed, so no server always follows the same
 * one (the edge goes on working for a while after its rounds).
 */
function roundOrder(all: Server[], round: number): Server[] {
  const blocks: Server[][] = [];
  for (const server of all) {
    const pair = PAIRS.find((names) => names.includes(server.name));
    const partner = pair && all.find((other) => other !== server && pair.includes(other.name));
    if (partner && blocks.some((block) => block.includes(partner))) continue;
    blocks.push(partner ? [server, partner] : [server]);
  }
  const rotated = blocks.map((_, i) => blocks[(i + round) % blocks.length]);
  const order = rotated.flat();
  return round % 2 === 0 ? order.reverse() : order;
}

/** The gateway started as `npm start` starts it, once it has checked its files (as it serves from then on). */
async function checkedGateway(env: Record<string, string>, log: string, name?: string): Promise<Server> {
  const gateway = await startGateway(await setup(env, log), name);
  await waitForLine(join(dir, log), /checked \d+ files against the manifest|VERIFY_DIST=off/);
  return gateway;
}

async function coldStarts(count: number, how: 'node' | 'npm start', env: Record<string, string> = {}): Promise<ColdStart> {
  const colds: ColdStart[] = [];
  for (let i = 0; i < count; i++) colds.push(await coldStart(await setup(env), how));
  return { healthz: median(colds.map((c) => c.healthz)), data: median(colds.map((c) => c.data)) };
}

const servers: Server[] = [];
console.log(
  `bench: load average before the run: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
try {
  const cold = await coldStarts(Number(args['cold-starts']), 'node');
  const npmCold = await coldStarts(1, 'npm start');
  // A dist as a build older than manifest.columns.json wrote it: the gateway reads manifest.json itself.
  const withoutColumns = join(dir, 'dist-without-columns');
  execFileSync('cp', ['-al', distDir, withoutColumns]);
  unlinkSync(join(withoutColumns, 'manifest.columns.json'));
  const jsonCold = await coldStarts(Number(args['cold-starts']), 'node', { DIST_DIR: withoutColumns });
  const coldLine = (what: string, c: ColdStart) => `${what}: /healthz ${c.healthz.toFixed(0)} ms, /v1/countries/BR ${c.data.toFixed(0)} ms`;
  console.log(
    `bench: cold start (medians), ${coldLine('node gateway/start.cjs', cold)}; ${coldLine('npm start', npmCold)}; ${coldLine('manifest.json only', jsonCold)}`,
  );

  const gateway = await checkedGateway({}, 'gateway.log');
  servers.push(gateway);
  const answers = await verify(gateway, list, key);
  const headersByPath = new Map(
    list
      .filter((w) => w.status === 200 && !w.coding)
      .map((w) => {
        const headers = Object.fromEntries(Object.entries(answers.get(w.name)!.headers).map(([name, value]) => [name, String(value)]));
        return [w.path.split('?')[0], headers];
      }),
  );
  const problems = list.filter((w) => w.status >= 400).map((w) => answers.get(w.name)!);
  const peers = { dir, key, workers, workloads: list, headersByPath, problems };
  servers.push(await startReference({ ...peers, port: await freePort() }));
  servers.push(await startReference({ ...peers, port: await freePort(), polka: true }));
  if (tools.nginx) {
    servers.push(await startGeneratedNginx({ distDir, dir, key, workers, port: await freePort(), searchOrigin: `http://127.0.0.1:${gateway.port}` }));
    servers.push(await startPlainNginx(tools.nginx, { ...peers, port: await freePort() }));
  }
  for (const variant of variants) {
    servers.push(await checkedGateway(variant.env, `${variant.name}.log`, variant.name));
  }
  for (const server of servers.slice(1)) await verify(server, list, key);
  if (process.env.BENCH_EDGE !== 'off') {
    const edge = await startEdge({ distDir, dir, key, port: await freePort() });
    servers.push(edge);
    await verifyDecoded(edge, list, key);
  }

  if (pinned) {
    // This process first: pinning takes its descendants along, and the servers are among them.
    pinTree(process.pid, LOAD_CPUS);
    for (const server of servers) pinTree(server.child.pid!, SERVER_CPUS);
    console.log(
      `bench: servers pinned to CPU ${SERVER_CPUS}, ${tools.loadGenerator} and this process to CPU ${LOAD_CPUS} (--pin off to leave them to the scheduler)`,
    );
  }
  const results: Results = new Map(list.map((w) => [w.name, new Map(servers.map((s) => [s.name, []]))]));
  /** The load generator's options for `workload` but its URL: the measured connections and threads unless told, on the load core when pinned. */
  const loadOf = (
    workload: Workload,
    seconds: number,
    { connections = Number(args.connections), threads = Number(args.threads) } = {},
  ): Omit<LoadOptions, 'url'> => ({
    headers: requestHeaders(workload, key),
    seconds,
    connections,
    threads,
    tool: tools.loadGenerator,
    cpus: pinned ? LOAD_CPUS : undefined,
  });
  /**
   * Every workload at once on `server`, as a server in service meets them: V8 then optimises node:http's
   * functions and the server's own for all of them together. Met one after another (the warm-up and the
   * rounds in turn before), they left node:http's code in a slower state that its restarts were not in, and
   * the first start of the pair measured the gateway at about 1.0x (bench/README.md, Targets).
   */
  const warmUp = (server: Server) =>
    Promise.all(
      list.map((workload) =>
        runLoad({
          url: `http://127.0.0.1:${server.port}${workload.path}`,
          ...loadOf(workload, WARM_UP_SECONDS, { connections: WARM_UP_CONNECTIONS, threads: 1 }),
        }),
      ),
    );
  const measure = async (server: Server, workload: (typeof list)[number], time: number) => {
    let rss = server.rss();
    const sampler = setInterval(() => {
      rss = Math.max(rss, server.rss());
    }, 500);
    const cpuBefore = server.cpuMs();
    try {
      const load = await runLoad({ url: `http://127.0.0.1:${server.port}${workload.path}`, ...loadOf(workload, time) });
      return { ...load, rss, cpuUs: cpuUsPerAnswer(server, cpuBefore, load.requests) };
    } finally {
      clearInterval(sampler);
    }
  };
  console.log(`bench: warming up (every workload at once, ${WARM_UP_SECONDS} s, on each server)`);
  for (const server of servers) await warmUp(server);
  for (let round = 1; round <= rounds; round++) {
    for (const workload of list) {
      for (const server of roundOrder(servers, round)) {
        await settle(servers, workload);
        const sample = await measure(server, workload, seconds);
        if (sample.errors > 0) console.log(`bench: ${server.name} ${workload.name}: ${sample.errors} socket errors`);
        results.get(workload.name)!.get(server.name)!.push(sample);
        console.log(
          `bench: round ${round} ${workload.name.padEnd(20)} ${server.name.padEnd(12)} ${sample.rps.toFixed(0).padStart(7)} req/s` +
            `  p50 ${sample.p50.toFixed(2)} ms  p99 ${sample.p99.toFixed(2)} ms  rss ${(sample.rss / 2 ** 20).toFixed(0)} MB  cpu ${sample.cpuUs.toFixed(1)} us/answer`,
        );
      }
    }
  }
  const measured = servers.map((server) => server.name);
  /** Another process of a server named in PAIRS, as the first was started: verified, pinned, warmed up. */
  let restarts = 0;
  const restart = async (name: string): Promise<Server> => {
    const log = `${name}-${++restarts}.log`;
    const server = await {
      gateway: () => checkedGateway({}, log),
      'node:http': async () => startReference({ ...peers, port: await freePort() }),
      nginx: async () => startGeneratedNginx({ distDir, dir, key, workers, port: await freePort(), searchOrigin: `http://127.0.0.1:${gateway.port}` }),
      'nginx plain': async () => startPlainNginx(tools.nginx!, { ...peers, port: await freePort() }),
    }[name]!();
    await verify(server, list, key);
    pinTree(server.child.pid!, SERVER_CPUS);
    await warmUp(server);
    return server;
  };
  // Each target's pair loaded together on the one core, when the servers share one (pinned), over several starts.
  const together = new Map<string, Map<string, SideBySide>>();
  if (pinned) {
    for (const [a, b] of PAIRS) {
      const [first, second] = [a, b].map((name) => servers.find((server) => server.name === name));
      if (!first || !second) continue;
      const measurePair = async (x: Server, y: Server) => {
        const byWorkload = new Map<string, SideBySide>();
        for (const workload of list.filter((w) => !(a === 'nginx' && w.name === 'search'))) {
          await settle([x, y], workload);
          const result = await sideBySide(x, y, { load: loadOf(workload, seconds), path: workload.path, rounds: Number(args['side-rounds']) });
          byWorkload.set(workload.name, result);
          console.log(
            `bench: side by side ${workload.name.padEnd(20)} ${a} / ${b}: ${result.ratios.map((r) => r.toFixed(2)).join(' ')} (by CPU ${result.cpuUs.map((us) => cpuRatio(us).toFixed(2)).join(' ')};` +
              ` CPU per answer ${result.cpuUs.map(([ofA, ofB]) => `${ofA.toFixed(1)}/${ofB.toFixed(1)} us`).join(', ')})`,
          );
        }
        return byWorkload;
      };
      together.set(`${a}/${b}`, await sideBySideStarts({ first: [first, second], starts: Number(args['side-starts']), restart, measure: measurePair }));
    }
  }
  const loadAfter = loadavg();

  console.log("bench: filling the gateway caches: every locale's lists in every coding, a search in every locale and view");
  const opened = openDist(distDir);
  /** Fills every cache of `filled` (one of `servers`), then stops it; returns its peak RSS meanwhile. */
  const fillThenStop = async (filled: Server, when: string): Promise<number> => {
    const fill = await fillCaches(filled.port, key, opened, filled.rss);
    console.log(
      `bench: ${when}: ${fill.requests} requests, ${(fill.bytes / 2 ** 20).toFixed(0)} MB sent, all exact;` +
        ` gateway RSS peak ${(fill.peakRss / 2 ** 20).toFixed(0)} MB`,
    );
    servers.splice(servers.indexOf(filled), 1);
    const code = await filled.stop();
    if (code !== 0) throw new Error(`the gateway (${when}) exited with ${code} on SIGTERM`);
    return fill.peakRss;
  };
  const afterLoadRss = await fillThenStop(gateway, 'after the timed rounds');
  // The same on a gateway just started (once it has checked its files), whose heaps have not settled under load.
  const fresh = await checkedGateway({}, 'gateway-fresh.log');
  servers.unshift(fresh);
  const freshRss = await fillThenStop(fresh, 'just started');

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\n${cpus().length} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  console.log(
    `${tools.loadGenerator} -t${args.threads} -c${args.connections}, ${rounds} rounds x ${seconds} s, interleaved; medians; ${workers} worker(s)` +
      ` for each server; load average after the rounds ${loadAfter.map((load) => load.toFixed(2)).join(', ')}. ${tools.notes.join('; ')}\n`,
  );
  const ratios: [string, string][] = [
    ['gateway', 'node:http'],
    ['polka', 'node:http'],
    ['gateway', 'polka'],
    ['nginx', 'nginx plain'],
    ['gateway', 'nginx'],
    ['edge', 'gateway'],
    ['edge', 'nginx'],
    ...variants.map((v): [string, string] => ['gateway', v.name]),
  ];
  console.log(tables(results, measured, ratios));
  console.log(
    `\ncold start, spawn to first 200 (medians): ${coldLine(`node gateway/start.cjs (${args['cold-starts']})`, cold)};` +
      ` ${coldLine('npm start (1)', npmCold)}; ${coldLine(`manifest.json only, no columns (${args['cold-starts']})`, jsonCold)}`,
  );
  console.log(
    `\n${targets({ results, together, reference: 'node:http', ceiling: 'polka', small: SMALL, cold, filledRss: [afterLoadRss, freshRss] }).join('\n')}`,
  );
} finally {
  for (const server of servers) await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
