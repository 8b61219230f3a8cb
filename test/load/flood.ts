/**
 * npx tsx test/load/flood.ts [--flood search|keyless --flooders 16 --seconds 5 --workers 2 --fair-share 500,0 --dist DIR]
 *
 * The victim of a flood: one key's well-behaved client (4 connections, each reading every answer)
 * measured alone, then while another key floods the gateway with searches no cache holds (every
 * country in full, in another locale each time), or clients without a key send requests as fast as
 * they are answered. Starts the gateway as `npm start` does (a worker per core) once per
 * --fair-share value (FAIR_SHARE_MS; 0: no fair share) and prints, for each, the victim's requests
 * per second alone and during, its median and p99, and what the flood got. Exits 1 when the victim
 * keeps less than --keep (0.75) of its throughput with a fair share on.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { runLoad, type Target } from '../helpers/load.ts';
import { ROOT } from '../helpers/paths.ts';
import { startGatewayProcess } from '../helpers/start.ts';

const { values: args } = parseArgs({
  options: {
    flood: { type: 'string', default: 'search' },
    flooders: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '5' },
    workers: { type: 'string', default: '2' },
    'fair-share': { type: 'string', default: '500,0' },
    keep: { type: 'string', default: '0.75' },
    dist: { type: 'string', default: join(ROOT, 'dist') },
    /** Internal: run as the flooding process against this port, with this key, for --seconds. */
    port: { type: 'string' },
    key: { type: 'string' },
  },
});
const ms = Number(args.seconds) * 1000;
const victimKey = randomBytes(24).toString('base64url');
const floodKey = args.key ?? randomBytes(24).toString('base64url');
const locales: string[] = JSON.parse(readFileSync(join(args.dist, 'manifest.columns.json'), 'utf8')).manifest.locales.map(
  (locale: { tag: string }) => locale.tag,
);

/** Each flood request: a search no cache holds (a new query and locale each time), or a request without a key. */
const floodTarget = (i: number): Target =>
  args.flood === 'keyless'
    ? { path: '/v1/countries/BR' }
    : {
        path: `/v1/countries/search?q=a${'!'.repeat(i % 7)}${i}&view=full&limit=250&locale=${locales[i % locales.length]}`,
        headers: { Authorization: `Bearer ${floodKey}` },
      };

interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Map<number, number>;
}

async function load(port: number, concurrency: number, next: (i: number) => Target, stopAfterMs: number): Promise<Measured> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let ok = 0;
  const started = performance.now();
  const run = runLoad({
    port,
    concurrency,
    maxRequests: 10_000_000,
    maxMs: stopAfterMs,
    requestTimeoutMs: 10_000,
    next,
    onResult: (result) => {
      statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
      if (result.status !== 200) return;
      ok++;
      times.push(result.ms);
    },
  });
  await run.done;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? Number.NaN;
  return { perSecond: ok / ((performance.now() - started) / 1000), p50: at(0.5), p99: at(0.99), statuses };
}

// The flood runs in a process of its own: in this one it would take the event loop from the victim's client.
if (args.port) {
  console.log('flooding');
  const flooded = await load(Number(args.port), Number(args.flooders), floodTarget, ms);
  console.log(JSON.stringify([...flooded.statuses]));
  process.exit(0);
}

/** Starts the flooding process; resolves once it floods, with what it got once it is done. */
async function flooder(port: number): Promise<Promise<Map<number, number>>> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, ...process.argv.slice(2), '--port', String(port), '--key', floodKey, '--seconds', String((ms + 500) / 1000)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  let flooding: () => void;
  const started = new Promise<void>((resolve) => (flooding = resolve));
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (output.includes('flooding')) flooding();
  });
  const done = new Promise<Map<number, number>>((resolve) => child.on('close', () => resolve(new Map(JSON.parse(output.split('\n').at(-2) ?? '[]')))));
  await Promise.race([started, done]);
  return done;
}

const victim = (port: number) => load(port, 4, () => ({ path: '/v1/countries/DE', headers: { Authorization: `Bearer ${victimKey}` } }), ms);

const results: string[] = [];
let failed = false;
for (const fairShare of args['fair-share'].split(',')) {
  const started = startGatewayProcess({
    API_KEYS: `${victimKey},${floodKey}`,
    DIST_DIR: args.dist,
    WORKERS: args.workers,
    FAIR_SHARE_MS: fairShare,
    VERIFY_DIST: 'off',
  });
  const [, portText] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
  const port = Number(portText);
  await sleep(500);
  await victim(port); // warm: every worker has read the file
  const alone = await victim(port);
  const flood = await flooder(port);
  await sleep(500);
  const during = await victim(port);
  const flooded = await flood;
  started.child.kill('SIGTERM');
  await started.exited;
  const kept = during.perSecond / alone.perSecond;
  if (Number(fairShare) > 0 && kept < Number(args.keep)) failed = true;
  const statuses = [...flooded].map(([status, count]) => `${count} x ${status}`).join(', ');
  results.push(
    `FAIR_SHARE_MS=${fairShare}: victim ${alone.perSecond.toFixed(0)}/s alone (p50 ${alone.p50.toFixed(1)} ms), ` +
      `${during.perSecond.toFixed(0)}/s during (p50 ${during.p50.toFixed(1)} ms, p99 ${during.p99.toFixed(1)} ms): ${(kept * 100).toFixed(0)}%; ` +
      `flood got ${statuses}`,
  );
}
console.log(
  `flood: ${args.flooders} connections of ${args.flood === 'keyless' ? 'requests without a key' : 'uncached full searches with a key'}, ${args.seconds} s; ${args.workers} worker(s)`,
);
for (const line of results) console.log(line);
console.log(failed ? `flood: FAILED: the victim kept less than ${args.keep} of its throughput with a fair share` : 'flood: passed');
process.exit(failed ? 1 : 0);
