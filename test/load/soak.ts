/**
 * npm run soak [-- --seconds 60 --connections 16 --workers N --dist DIR --seed 1 --rss-growth 10 --reload 0
 *                  --abusers 0 --fair-share MS]
 *
 * Starts the gateway as `npm start` does (gateway/start.cjs, building dist first when stale), runs a
 * mixed load (mix.ts) for a set time, and reports requests, failures, latency and the memory (RSS) of
 * the gateway's processes after a warm-up and at the end. `--reload S` sends SIGHUP every S seconds
 * (the same dist is opened, verified and swapped in again: a reload must lose nothing, nor keep memory). Exits 1 on any failed request, on memory
 * grown by more than --rss-growth percent after the warm-up, or if the gateway does not drain cleanly.
 * `--abusers N` adds N connections of a second key that hammers search with queries no cache holds
 * (full view, 250 results, brotli): the figures above stay the first key's, so its p99 shows what the
 * abuse costs everyone else; `--fair-share MS` sets FAIR_SHARE_MS (npm start's 500; unset, 0 = off).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runLoad } from '../helpers/load.ts';
import { treeRss } from '../helpers/memory.ts';
import { ROOT } from '../helpers/paths.ts';
import { startGatewayProcess } from '../helpers/start.ts';
import { mismatch, requestMix, type Expected } from './mix.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '16' },
    workers: { type: 'string' },
    dist: { type: 'string', default: join(ROOT, 'dist') },
    seed: { type: 'string', default: '1' },
    'rss-growth': { type: 'string', default: '10' },
    reload: { type: 'string', default: '0' },
    abusers: { type: 'string', default: '0' },
    'fair-share': { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const growthLimit = Number(args['rss-growth']);
// Memory settles once the caches have filled: measured after a quarter of the run (at most 30 s).
const warmUpMs = Math.min(30_000, (seconds * 1000) / 4);

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const key = randomBytes(24).toString('base64url');
const abuserKey = randomBytes(24).toString('base64url');
const distDir = resolve(args.dist);
const env: Record<string, string> = { API_KEYS: `${key},${abuserKey}`, DIST_DIR: distDir };
if (args.workers) env.WORKERS = args.workers;
if (args['fair-share']) env.FAIR_SHARE_MS = args['fair-share'];
const started = startGatewayProcess(env);
const [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
const release = /serving release (\S+)/.exec(started.output())?.[1];
const workers = /with (\d+) workers/.exec(started.output())?.[1] ?? '1';
const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8'));
const shas = new Set(Object.values<any>(manifest.files).map((file) => file.sha256));
const next = requestMix(manifest, key, Number(args.seed));
console.log(`soak: ${seconds} s, ${args.connections} connections, ${workers} worker(s), release ${release} from ${distDir}`);

const idleRss = treeRss(started.child.pid!);
let warmRss = 0;
const latencies: number[] = [];
const statuses = new Map<number, number>();
const failures: string[] = [];
let failed = 0;
const load = runLoad({
  port: Number(port),
  concurrency: Number(args.connections),
  maxRequests: 50_000_000,
  maxMs: seconds * 1000,
  next: () => next(),
  onResult: (result) => {
    latencies.push(result.ms);
    statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
    const expected = result.target as Expected;
    const problem = mismatch(expected, result, shas);
    if (problem) {
      failed++;
      if (failures.length < 10) failures.push(`${expected.method ?? 'GET'} ${expected.path}: ${problem}`);
    }
  },
});
const abuserStatuses = new Map<number, number>();
const abuse =
  Number(args.abusers) > 0
    ? runLoad({
        port: Number(port),
        concurrency: Number(args.abusers),
        maxRequests: 50_000_000,
        maxMs: seconds * 1000,
        // Strings of three and four letters in turn: queries no cache holds yet, many matching several names.
        next: (index) => ({
          path: `/v1/countries/search?q=${(index + 26 * 27).toString(26).replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)))}&view=full&limit=250`,
          headers: { Authorization: `Bearer ${abuserKey}`, 'Accept-Encoding': 'br' },
        }),
        onResult: (result) => abuserStatuses.set(result.status, (abuserStatuses.get(result.status) ?? 0) + 1),
      })
    : undefined;
const warmUp = setTimeout(() => {
  warmRss = treeRss(started.child.pid!);
}, warmUpMs);
const began = performance.now();
const progress = setInterval(() => {
  console.log(
    `  ${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s  ${String(latencies.length).padStart(9)} requests  rss ${mb(treeRss(started.child.pid!))}`,
  );
}, 10_000);
const reloadEvery = Number(args.reload) * 1000;
const reloads = reloadEvery > 0 ? setInterval(() => started.child.kill('SIGHUP'), reloadEvery) : undefined;
const requests = await load.done;
abuse?.stop();
await abuse?.done;
clearTimeout(warmUp);
clearInterval(progress);
clearInterval(reloads);
const endRss = treeRss(started.child.pid!);

started.child.kill('SIGTERM');
const { code } = await started.exited;

const sorted = Float64Array.from(latencies).sort();
const growth = warmRss ? ((endRss - warmRss) / warmRss) * 100 : 0;
console.log(`requests  ${requests} (${(requests / seconds).toFixed(0)}/s), failures ${failed}`);
console.log(
  `statuses  ${[...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status || 'none'}: ${n}`)
    .join(', ')}`,
);
console.log(
  `latency   p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
);
console.log(
  `rss       idle ${mb(idleRss)}, after ${(warmUpMs / 1000).toFixed(0)} s warm-up ${mb(warmRss)}, end ${mb(endRss)}` +
    ` (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%, limit +${growthLimit}%)`,
);
if (abuse)
  console.log(
    `abuser    ${args.abusers} connection(s) searching: ${[...abuserStatuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status || 'none'}: ${n}`)
      .join(', ')}`,
  );
if (reloadEvery > 0) console.log(`reloads   ${started.output().match(/reload \(SIGHUP\): serving release/g)?.length ?? 0} done by the worker(s)`);
console.log(`drain     exit ${code}`);
for (const failure of failures) console.log(`  failed: ${failure}`);

const verdicts = [
  failed > 0 && `${failed} request(s) failed`,
  growth > growthLimit && `memory grew by ${growth.toFixed(1)}% after the warm-up`,
  code !== 0 && `the gateway exited ${code} on SIGTERM`,
].filter(Boolean);
console.log(verdicts.length ? `soak: FAILED: ${verdicts.join('; ')}` : 'soak: passed');
process.exit(verdicts.length ? 1 : 0);
