/**
 * `npm run bench`: the gateway against nginx (2 workers) serving the same dist, same run, interleaved.
 *   npm run bench [-- --rounds 3 --seconds 5 --connections 64 --threads 2 --dist DIR --reference]
 * BENCH_LOAD=autocannon or BENCH_NGINX=off force the fallbacks; FAST_PATH=off is passed to the gateway. See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDist } from '../gateway/dist.ts';
import { ROOT, upToDateDist } from './dist.ts';
import { fillCaches } from './fill.ts';
import { coldStart, freePort, startGateway, type ColdStart } from './gateway.ts';
import { runLoad } from './load.ts';
import { startNginx } from './nginx.ts';
import { median, table, targets, type Results } from './report.ts';
import { startReference } from './reference.ts';
import type { Server } from './server.ts';
import { findTools } from './tools.ts';
import { requestHeaders, verify } from './verify.ts';
import { SMALL, workloads } from './workloads.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '64' }, threads: { type: 'string', default: '2' },
    dist: { type: 'string', default: join(ROOT, 'dist') }, reference: { type: 'boolean', default: false },
    'cold-starts': { type: 'string', default: '3' },
  },
});
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);

const tools = findTools({ loadGenerator: process.env.BENCH_LOAD, nginx: process.env.BENCH_NGINX });
const distDir = upToDateDist(resolve(args.dist));
const dir = mkdtempSync(join(tmpdir(), 'country-bench-'));
chmodSync(dir, 0o755); // nginx workers run as nobody
const key = randomBytes(24).toString('base64url');
const searchFile = join(dir, 'search.json');
const { list, searchBody } = workloads(distDir, searchFile);
writeFileSync(searchFile, searchBody);
// FAST_PATH=off measures the gateway with node:http answering everything (README: the fast path).
const gatewayEnv: Record<string, string> = process.env.FAST_PATH ? { FAST_PATH: process.env.FAST_PATH } : {};
const setup = async () => ({ distDir, key, port: await freePort(), log: join(dir, 'gateway.log'), env: gatewayEnv });

/** Waits (up to 60 s) for a line matching `pattern` in the log file `file`. */
async function waitForLine(file: string, pattern: RegExp): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (existsSync(file) && pattern.test(readFileSync(file, 'utf8'))) return;
  }
  throw new Error(`no line matching ${pattern} in ${file} within 60 s`);
}

const servers: Server[] = [];
try {
  const colds: ColdStart[] = [];
  for (let i = 0; i < Number(args['cold-starts']); i++) colds.push(await coldStart(await setup(), 'node'));
  const cold = { healthz: median(colds.map((c) => c.healthz)), data: median(colds.map((c) => c.data)) };
  const npmCold = await coldStart(await setup(), 'npm start');
  console.log(`bench: cold start (median of ${colds.length}): /healthz ${cold.healthz.toFixed(0)} ms, data ${cold.data.toFixed(0)} ms;`
    + ` through npm start: ${npmCold.healthz.toFixed(0)} / ${npmCold.data.toFixed(0)} ms`);

  const gateway = await startGateway(await setup());
  servers.push(gateway);
  const answers = await verify(gateway, list, key);
  const headersByPath = new Map(list.filter((w) => w.status === 200 && !w.coding).map((w) => {
    const headers = Object.fromEntries(Object.entries(answers.get(w.name)!.headers).map(([name, value]) => [name, String(value)]));
    return [w.path.split('?')[0], headers];
  }));
  if (tools.nginx) servers.push(await startNginx(tools.nginx, { dir, port: await freePort(), key, workloads: list, headersByPath }));
  if (args.reference || !tools.nginx) servers.push(await startReference({ dir, port: await freePort(), key, workloads: list, headersByPath }));
  for (const server of servers.slice(1)) await verify(server, list, key);
  const baseline = servers[1].name;

  const results: Results = new Map(list.map((w) => [w.name, new Map(servers.map((s) => [s.name, []]))]));
  const measure = async (server: Server, workload: (typeof list)[number], time: number) => {
    let rss = server.rss();
    const sampler = setInterval(() => { rss = Math.max(rss, server.rss()); }, 500);
    try {
      return { ...(await runLoad({
        url: `http://127.0.0.1:${server.port}${workload.path}`, headers: requestHeaders(workload, key), seconds: time,
        connections: Number(args.connections), threads: Number(args.threads), tool: tools.loadGenerator,
      })), rss };
    } finally {
      clearInterval(sampler);
    }
  };
  console.log('bench: warming up (1 s per workload and server)');
  for (const workload of list) for (const server of servers) await measure(server, workload, 1);
  for (let round = 1; round <= rounds; round++) {
    for (const workload of list) {
      // Interleaved, and each round starts with a different server.
      const order = servers.map((_, i) => servers[(i + round) % servers.length]);
      for (const server of order) {
        const sample = await measure(server, workload, seconds);
        if (sample.errors > 0) console.log(`bench: ${server.name} ${workload.name}: ${sample.errors} socket errors`);
        results.get(workload.name)!.get(server.name)!.push(sample);
        console.log(`bench: round ${round} ${workload.name.padEnd(20)} ${server.name.padEnd(9)} ${sample.rps.toFixed(0).padStart(7)} req/s`
          + `  p50 ${sample.p50.toFixed(2)} ms  p99 ${sample.p99.toFixed(2)} ms  rss ${(sample.rss / 2 ** 20).toFixed(0)} MB`);
      }
    }
  }

  console.log('bench: filling the gateway caches: every locale\'s lists in every coding, a search in every locale and view');
  const opened = openDist(distDir);
  /** Fills every cache of `filled` (one of `servers`), then stops it; returns its peak RSS meanwhile. */
  const fillThenStop = async (filled: Server, when: string): Promise<number> => {
    const fill = await fillCaches(filled.port, key, opened, filled.rss);
    console.log(`bench: ${when}: ${fill.requests} requests, ${(fill.bytes / 2 ** 20).toFixed(0)} MB sent, all exact;`
      + ` gateway RSS peak ${(fill.peakRss / 2 ** 20).toFixed(0)} MB`);
    servers.splice(servers.indexOf(filled), 1);
    const code = await filled.stop();
    if (code !== 0) throw new Error(`the gateway (${when}) exited with ${code} on SIGTERM`);
    return fill.peakRss;
  };
  const afterLoadRss = await fillThenStop(gateway, 'after the timed rounds');
  // The same on a gateway just started (once it has checked its files), whose heaps have not settled under load.
  const freshLog = join(dir, 'gateway-fresh.log');
  const fresh = await startGateway({ ...(await setup()), log: freshLog });
  servers.unshift(fresh);
  await waitForLine(freshLog, /checked \d+ files against the manifest/);
  const freshRss = await fillThenStop(fresh, 'just started');
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\n${availableParallelism()} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  console.log(`${tools.loadGenerator} -t${args.threads} -c${args.connections}, ${rounds} rounds x ${seconds} s, interleaved; medians. ${tools.notes.join('; ')}\n`);
  console.log(table(results, ['gateway', ...servers.map((s) => s.name)]));
  console.log(`\ncold start, spawn to first 200 (median of ${colds.length}, node gateway/start.cjs): /healthz ${cold.healthz.toFixed(0)} ms,`
    + ` /v1/countries/BR ${cold.data.toFixed(0)} ms; through npm start (npm itself adds about 0.15 s): ${npmCold.healthz.toFixed(0)} / ${npmCold.data.toFixed(0)} ms`);
  console.log(`\n${targets({ results, baseline, small: SMALL, cold, filledRss: [afterLoadRss, freshRss] }).join('\n')}`);
} finally {
  for (const server of servers) await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
