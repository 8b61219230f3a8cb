/**
 * npm run soak:never-reading [-- --clients 300 --requests 300 --seconds 40 --send-timeout 30000 --workers 1]
 *
 * Clients that pipeline many large answers (full lists, about 1 MB each, a different locale each) and
 * never read: the gateway must hold at most one answer per connection, and let each go SEND_TIMEOUT_MS
 * after it stopped. Prints the gateway's RSS before, its peak while they wait, per client, and after how
 * long the gateway let their requests go (its log). Exits 1 when the peak passes --peak-mb (docs/gateway.md's figure, with room).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { neverReading, rssOf } from '../helpers/memory.ts';
import { ROOT } from '../helpers/paths.ts';
import { startGatewayProcess } from '../helpers/start.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '300' },
    requests: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '40' },
    'send-timeout': { type: 'string', default: '30000' },
    workers: { type: 'string', default: '1' },
    'peak-mb': { type: 'string', default: '1024' },
  },
});
const clients = Number(args.clients);
const distDir = join(ROOT, 'dist');
const key = randomBytes(24).toString('base64url');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

const started = startGatewayProcess({
  API_KEYS: key,
  DIST_DIR: distDir,
  WORKERS: args.workers,
  SEND_TIMEOUT_MS: args['send-timeout'],
  VERIFY_DIST: 'off',
  FAIR_SHARE_MS: '0',
});
const [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
const locales: string[] = JSON.parse(readFileSync(join(distDir, 'manifest.columns.json'), 'utf8')).manifest.locales.map(
  (locale: { tag: string }) => locale.tag,
);
const request = (locale: string) => `GET /v1/countries?view=full&locale=${locale} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`;

await sleep(500);
const pid = started.child.pid!;
const before = rssOf(pid);
const sockets: Socket[] = [];
const pipelined = (client: number) => Array.from({ length: Number(args.requests) }, (_, i) => request(locales[(client + i) % locales.length])).join('');
for (let client = 0; client < clients; client++) sockets.push(await neverReading(Number(port), pipelined(client)));
let peak = before;
for (let second = 0; second < Number(args.seconds); second++) {
  await sleep(1000);
  peak = Math.max(peak, rssOf(pid));
}
for (const socket of sockets) socket.destroy();
// A paused client does not see its socket close; the gateway's log does: each request it let go, and after how long.
started.child.kill('SIGTERM');
await started.exited;
// One line per connection let go: ` (aborted) 30012.3ms`, or ` (aborted, 300 requests) ...` for all its requests.
const dropped = [...started.output().matchAll(/ \(aborted(?:, (\d+) requests)?\) (\d+(?:\.\d+)?)ms/gm)];
const letGo = dropped.map((match) => Number(match[2])).sort((a, b) => a - b);
const requestsDropped = dropped.reduce((sum, match) => sum + Number(match[1] ?? 1), 0);
console.log(`never-reading: ${clients} clients x ${args.requests} pipelined full lists, ${args.workers} worker(s), SEND_TIMEOUT_MS ${args['send-timeout']}`);
console.log(`rss        before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}, ${((peak - before) / clients / 1024).toFixed(0)} KB per client)`);
console.log(
  `let go     ${letGo.length} connections, ${requestsDropped} requests dropped with them (one answered in part, the rest waiting)` +
    (letGo.length ? `, after ${(letGo[0] / 1000).toFixed(1)} to ${(letGo.at(-1)! / 1000).toFixed(1)} s` : ''),
);
const over = peak > Number(args['peak-mb']) * 2 ** 20;
console.log(over ? `never-reading: FAILED: peak ${mb(peak)} over ${args['peak-mb']} MB` : 'never-reading: passed');
process.exit(over ? 1 : 0);
