/**
 * npx tsx test/load/pipeliners.ts [--clients 200 --seconds 10 --answer 401|country --workers 2 --dist DIR]
 *
 * Clients that pipeline small requests without end and never read: a 401 (no key) or a country
 * (about 3.5 KB, with a key of their own), answers that never fill a socket's buffer on their own. Starts the
 * gateway as `npm start` does (FAIR_SHARE_MS 500, a worker per core), measures a well-behaved
 * client's requests per second alone, then again while the pipeliners write, the gateway's memory
 * (every process) at its peak, how long /healthz takes after, and the request log's lines. Exits 1
 * past --peak-mb or when the well-behaved client keeps less than half its throughput.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { runLoad } from '../helpers/load.ts';
import { treeRss } from '../helpers/memory.ts';
import { ROOT } from '../helpers/paths.ts';
import { startGatewayProcess } from '../helpers/start.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    answer: { type: 'string', default: '401' },
    workers: { type: 'string', default: '2' },
    dist: { type: 'string', default: join(ROOT, 'dist') },
    'peak-mb': { type: 'string', default: '600' },
  },
});
const seconds = Number(args.seconds);
const key = randomBytes(24).toString('base64url');
const attackerKey = randomBytes(24).toString('base64url');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const started = startGatewayProcess({
  API_KEYS: `${key},${attackerKey}`,
  DIST_DIR: args.dist,
  WORKERS: args.workers,
  FAIR_SHARE_MS: '500',
  VERIFY_DIST: 'off',
});
const [, portText] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
const port = Number(portText);
const pid = started.child.pid!;

/** Requests per second of one well-behaved client (4 connections, each reading every answer) over `ms`. */
async function wellBehaved(ms: number): Promise<number> {
  let ok = 0;
  const load = runLoad({
    port,
    concurrency: 4,
    maxRequests: 10_000_000,
    maxMs: ms,
    requestTimeoutMs: 10_000,
    next: () => ({ path: '/v1/countries/DE', headers: { Authorization: `Bearer ${key}` } }),
    onResult: (result) => {
      if (result.status === 200) ok++;
    },
  });
  await load.done;
  return ok / (ms / 1000);
}

const request =
  args.answer === '401'
    ? 'GET /v1/countries/BR HTTP/1.1\r\nHost: x\r\n\r\n'
    : `GET /v1/countries/BR HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${attackerKey}\r\n\r\n`;
const batch = request.repeat(100);

/** A client writing batches of requests whenever its socket's buffer has room, never reading. */
function pipeliner(): { socket: Socket; sent: () => number } {
  let sent = 0;
  const socket = connect(port, '127.0.0.1', () => {
    socket.pause();
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer);
      while (socket.writableLength < 64 * 1024) {
        socket.write(batch);
        sent += 100;
      }
    }, 10);
    socket.once('close', () => clearInterval(timer));
  });
  socket.on('error', () => {});
  return { socket, sent: () => sent };
}

await sleep(500);
const idle = treeRss(pid);
const alone = await wellBehaved(5000);
const clients = Array.from({ length: Number(args.clients) }, pipeliner);
let peak = idle;
const sampler = setInterval(() => {
  peak = Math.max(peak, treeRss(pid));
}, 250);
const during = await wellBehaved(seconds * 1000);
clearInterval(sampler);
peak = Math.max(peak, treeRss(pid));
const sent = clients.reduce((sum, client) => sum + client.sent(), 0);
for (const client of clients) client.socket.destroy();
const healthStarted = performance.now();
const health = await fetch(`http://127.0.0.1:${port}/healthz`).then(
  (reply) => reply.status,
  () => 0,
);
const healthMs = performance.now() - healthStarted;
await sleep(1000);
started.child.kill('SIGTERM');
await started.exited;
const logLines = started.output().split('\n');
const aborted = logLines.filter((line) => line.includes('(aborted')).length;

console.log(
  `pipeliners: ${args.clients} clients pipelining ${args.answer === '401' ? '401s (no key)' : 'a 3.5 KB country (with a key)'} for ${seconds} s, never reading; ${args.workers} worker(s)`,
);
console.log(`sent       ${sent} requests written by the clients`);
console.log(`rss        idle ${mb(idle)}, peak ${mb(peak)}`);
console.log(`client     ${alone.toFixed(0)} requests/s alone, ${during.toFixed(0)} during (${((during / alone) * 100).toFixed(0)}%)`);
console.log(`after      /healthz ${health} in ${healthMs.toFixed(0)} ms; request log ${logLines.length} lines, ${aborted} with (aborted)`);
const verdicts = [
  peak > Number(args['peak-mb']) * 2 ** 20 && `peak ${mb(peak)} over ${args['peak-mb']} MB`,
  during < alone / 2 && 'the well-behaved client kept less than half its throughput',
].filter(Boolean);
console.log(verdicts.length ? `pipeliners: FAILED: ${verdicts.join('; ')}` : 'pipeliners: passed');
process.exit(verdicts.length ? 1 : 0);
