/**
 * The gateway under abuse: clients that pipeline and never read, stop reading half-way, close with
 * answers pending, trickle a body after their answer; damaged compressed copies; one key flooding a
 * worker with searches. Each case is a defect found from outside, and what must hold instead.
 */
import { readFileSync, rmSync, mkdtempSync, unlinkSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_PARAMETERS, parseQuery } from '../contract/params.ts';
import { builtDist } from './helpers/dist.ts';
import { startGateway, TEST_KEY, type Gateway, type Reply } from './helpers/gateway.ts';
import { neverReading, rssOf } from './helpers/memory.ts';
import { partialCopy } from './helpers/next-release.ts';
import { startGatewayProcess } from './helpers/start.ts';

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\n${extra}\r\n`;
let localeTags: string[] | undefined;
/** The dist's locale tags, read once: the columns file is megabytes, and a search case names a locale per request. */
const LOCALES = (): string[] =>
  (localeTags ??= JSON.parse(readFileSync(join(builtDist(), 'manifest.columns.json'), 'utf8')).manifest.locales.map((locale: { tag: string }) => locale.tag));

const memory = suite('memory per connection');

memory('should stay within its bound while 100 clients each pipeline 300 large answers and never read', async () => {
  const started = startGatewayProcess({ API_KEYS: TEST_KEY, DIST_DIR: builtDist(), SEND_TIMEOUT_MS: '60000', VERIFY_DIST: 'off' });
  const sockets: Socket[] = [];
  try {
    const [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
    const locales = LOCALES();
    // Every client asks for different full lists (about 1 MB each, never in cache together).
    const requests = (client: number) =>
      Array.from({ length: 300 }, (_, i) => get(`/v1/countries?view=full&locale=${locales[(client + i) % locales.length]}`)).join('');
    await sleep(500);
    const before = rssOf(started.child.pid!);
    for (let client = 0; client < 100; client++) sockets.push(await neverReading(Number(port), requests(client)));
    await sleep(3000);
    const grown = rssOf(started.child.pid!) - before;
    // Each connection holds one answer being sent (at most about 1 MB) and the requests it parsed: not 300 answers.
    assert.ok(grown < 200 * 2 ** 20, `RSS grew by ${(grown / 2 ** 20).toFixed(0)} MB`);
  } finally {
    for (const socket of sockets) socket.destroy();
    started.child.kill('SIGKILL');
    await started.exited;
  }
});

const ANOTHER_KEY = 'another-key-0123456789-abcdefghij';
const SMALL: [string, string][] = [
  ['a 401 (no key)', 'GET /v1/countries/BR HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['a 3.5 KB country', get('/v1/countries/BR')],
];
for (const [answer, request] of SMALL) {
  memory(
    `should bound memory and the log while 100 clients pipeline small requests for ${answer} and never read, and serve another key meanwhile`,
    async () => {
      const started = startGatewayProcess({ API_KEYS: `${TEST_KEY},${ANOTHER_KEY}`, DIST_DIR: builtDist(), VERIFY_DIST: 'off', FAIR_SHARE_MS: '500' });
      const sockets: Socket[] = [];
      try {
        const [, port] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
        const origin = `http://127.0.0.1:${port}`;
        const other = () =>
          fetch(`${origin}/v1/countries/DE`, { headers: { Authorization: `Bearer ${ANOTHER_KEY}` }, signal: AbortSignal.timeout(20_000) }).then(
            (reply) => reply.status,
          );
        assert.is(await other(), 200);
        const before = rssOf(started.child.pid!);
        // About 256 KiB of requests each (6,000 of them), more than the kernel's buffers take at once.
        const pipelined = request.repeat(Math.ceil((256 * 1024) / request.length));
        for (let client = 0; client < 100; client++) sockets.push(await neverReading(Number(port), pipelined));
        const statuses: number[] = [];
        for (let i = 0; i < 50; i++) statuses.push(await other());
        assert.equal([...new Set(statuses)], [200]);
        const grown = rssOf(started.child.pid!) - before;
        assert.ok(grown < 150 * 2 ** 20, `RSS grew by ${(grown / 2 ** 20).toFixed(0)} MB`);
      } finally {
        for (const socket of sockets) socket.destroy();
        await sleep(500);
        started.child.kill('SIGTERM');
        await started.exited;
      }
      const lines = started
        .output()
        .split('\n')
        .filter((line) => line.startsWith('GET /v1/countries/BR '));
      // Each connection is answered a bounded number of times, its other requests logged with it in one line.
      assert.ok(lines.length < 100 * 100, `${lines.length} lines for /v1/countries/BR`);
      assert.ok(lines.filter((line) => line.includes('(aborted')).length <= 100, 'at most one line per connection for what it left unanswered');
    },
  );
}

memory.run();

const connections = suite('connections that misbehave');
let gateway: Gateway;
const SEND_TIMEOUT_MS = 1000;
connections.before(async () => {
  gateway = await startGateway({ SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS), REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' });
});
connections.after(() => gateway.close());

connections('should let go of a client that stops reading half-way SEND_TIMEOUT_MS after it stopped, not twice that', async () => {
  const socket = connect(gateway.port, '127.0.0.1', () =>
    socket.write(
      LOCALES()
        .slice(0, 8)
        .map((locale) => get(`/v1/countries?view=full&locale=${locale}`))
        .join(''),
    ),
  );
  socket.on('error', () => {});
  let stoppedAt = 0;
  // Reads the first bytes, then stops for good.
  socket.once('data', () => {
    socket.pause();
    stoppedAt = performance.now();
  });
  const connectionsOpen = () => new Promise<number>((resolve) => gateway.serving.server.getConnections((_, count) => resolve(count)));
  while (stoppedAt === 0) await sleep(10);
  while ((await connectionsOpen()) > 0 && performance.now() - stoppedAt < 10_000) await sleep(50);
  const after = performance.now() - stoppedAt;
  socket.destroy();
  // Once the kernel's buffers are full nothing moves: closed within the timeout and one sweep of the check.
  assert.ok(after >= SEND_TIMEOUT_MS * 0.9 && after < SEND_TIMEOUT_MS * 2, `closed ${after.toFixed(0)} ms after the client stopped reading`);
});

connections('should log each request answered once, and those a closing client left unanswered in one line with their count', async () => {
  const before = gateway.logs.length;
  // Fewer than a connection may queue (64); full lists, too large for the kernel's buffers to take them all.
  const locales = LOCALES().slice(0, 50);
  // Named otherwise than the test before, whose answers may still be logged as its connection goes.
  const socket = connect(gateway.port, '127.0.0.1', () => socket.write(locales.map((locale) => get(`/v1/countries?locale=${locale}&view=full`)).join('')));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('data', resolve));
  socket.destroy();
  await sleep(500);
  const lines = gateway.logs.slice(before).filter((line) => line.startsWith('GET /v1/countries?locale='));
  const dropped = lines.map((line) => / \(aborted(?:, (\d+) requests)?\) /.exec(line)).filter((match) => match !== null);
  assert.is(dropped.length, 1, lines.join('\n'));
  assert.is(lines.length - 1 + Number(dropped[0]![1] ?? 1), 50, 'every request accounted for once');
  const open = await new Promise<number>((resolve) => gateway.serving.server.getConnections((_, count) => resolve(count)));
  assert.is(open, 0);
});

connections('should answer a request once: a body still trickling in after the answer closes the connection, with no second response', async () => {
  const socket = connect(gateway.port, '127.0.0.1', () => socket.write(get('/v1/phone/BR', 'Content-Length: 100\r\n')));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('error', () => {});
  const trickle = setInterval(() => socket.writable && socket.write('a'), 200);
  await new Promise((resolve) => socket.on('close', resolve));
  clearInterval(trickle);
  const received = Buffer.concat(chunks).toString('latin1');
  assert.is(received.match(/HTTP\/1\.1 \d{3}/g)?.length, 1, received.slice(0, 300));
  assert.match(received, /^HTTP\/1\.1 200 OK/);
});

connections.run();

const copies = suite('damaged compressed copies');
let parent: string;
let damaged: Gateway;
copies.before(async () => {
  parent = mkdtempSync(join(tmpdir(), 'country-copies-'));
  const dir = join(parent, 'dist');
  partialCopy(builtDist(), dir);
  unlinkSync(join(dir, 'v1/countries/IN.json.br'));
  const br = join(dir, 'v1/countries/DE.json.br');
  const bytes = readFileSync(br);
  bytes[bytes.length >> 1] ^= 0xff;
  unlinkSync(br); // a hard link to the built dist: never written through
  writeFileSync(br, bytes);
  damaged = await startGateway({ DIST_DIR: dir });
});
copies.after(async () => {
  await damaged.close();
  rmSync(parent, { recursive: true, force: true });
});

for (const code of ['IN', 'DE']) {
  copies(
    `should send ${code} uncompressed, its plain file whole, where its brotli copy is ${code === 'IN' ? 'missing' : 'damaged'}, and say so in the log`,
    async () => {
      for (let i = 0; i < 2; i++) {
        const reply = await damaged.request(`/v1/countries/${code}`, { headers: { 'Accept-Encoding': 'br' } });
        assert.is(reply.status, 200);
        assert.is(reply.headers['content-encoding'], undefined);
        assert.ok(reply.body.equals(readFileSync(join(builtDist(), `v1/countries/${code}.json`))));
      }
      const level = code === 'IN' ? 'warning' : 'error';
      assert.is(
        damaged.logs.filter((line) => line.startsWith(`${level}: v1/countries/${code}.json.br`)).length,
        2,
        'said each time: a damaged copy is never kept',
      );
      const gzip = await damaged.request(`/v1/countries/${code}`, { headers: { 'Accept-Encoding': 'gzip' } });
      assert.is(gzip.headers['content-encoding'], 'gzip');
    },
  );
}

copies.run();

const share = suite('fair share (FAIR_SHARE_MS)');
let shared: Gateway;
const OTHER_KEY = 'other-key-0123456789-abcdefghij';
share.before(async () => {
  shared = await startGateway({ API_KEYS: `${TEST_KEY},${OTHER_KEY}`, FAIR_SHARE_MS: '50' });
});
share.after(() => shared.close());

/** Searches no cache holds, each costly (every country in full, in another locale). */
const heavySearch = (i: number) => `/v1/countries/search?q=a${'!'.repeat(i % 5)}&view=full&limit=250&locale=${LOCALES()[i % 100]}`;

share('should never refuse a key alone, however much of the worker it takes', async () => {
  const statuses = new Set<number>();
  // Its share is 50 ms of the worker a second, from a bucket of one second's worth: the key searches until this
  // process (the gateway's worker) has spent ten times that on it, the share over by far. At most 300 searches.
  const [cpu, started] = [process.cpuUsage(), performance.now()];
  const spent = () => {
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1000;
  };
  const share = () => 50 + (50 * (performance.now() - started)) / 1000;
  for (let i = 0; i < 300 && spent() < 10 * share(); i++) statuses.add((await shared.request(heavySearch(i))).status);
  assert.equal([...statuses], [200]);
  assert.ok(spent() > 2 * share(), `${spent().toFixed(0)} ms of the worker's time against a share of ${share().toFixed(0)} ms`);
});

share(
  'should answer 429 with Retry-After and the RateLimit fields to a key that floods the worker with searches while another key is served, and never refuse the other',
  async () => {
    const heavy: number[] = [];
    const light: number[] = [];
    let refused: Reply | undefined;
    for (let i = 0; i < 400 && !refused; i++) {
      // The light key asks for one country between the heavy key's searches: it waits on the same worker.
      light.push((await shared.request('/v1/countries/BR', { key: OTHER_KEY })).status);
      const reply = await shared.request(heavySearch(i));
      heavy.push(reply.status);
      if (reply.status === 429) refused = reply;
    }
    assert.ok(refused, `no 429 in ${heavy.length} searches`);
    assert.is(refused.json().code, 'rate_limited');
    assert.match(String(refused.headers['retry-after']), /^[1-9]\d*$/);
    assert.is(refused.headers['ratelimit-policy'], '"fair-share";q=50;w=1;qu="worker-ms"');
    assert.match(String(refused.headers.ratelimit), /^"fair-share";r=0;t=[1-9]\d*$/);
    assert.is(refused.headers.connection, 'close');
    assert.equal([...new Set(light)], [200]);
    assert.is((await shared.request('/v1/countries/BR', { key: OTHER_KEY })).status, 200);
  },
);

share.run();

const queries = suite('hostile queries');
let plain: Gateway;
queries.before(async () => {
  plain = await startGateway();
});
queries.after(() => plain.close());

/** Up to about 8 KiB (the longest target the gateway reads is 8192 bytes, path included). */
const fill = (piece: (index: number) => string) => {
  let text = '';
  for (let i = 0; text.length < 8000; i++) text += piece(i);
  return text;
};
// [what, path, query, status with the key, whether it is refused for its length in pairs]
const HOSTILE: [string, string, string, number, boolean][] = [
  ['8 KiB of q=1&', '/v1/countries/BR', fill(() => 'q=1&'), 400, true],
  ['8 KiB of distinct names', '/v1/countries/BR', fill((i) => `n${i}=1&`), 400, true],
  ['8 KiB of locale=de& on search', '/v1/countries/search', fill(() => 'locale=de&'), 400, true],
  ['one more pair than the API has parameters', '/v1/countries/search', 'q=a&locale=de&view=full&limit=5&x=1', 400, true],
  ['8 KiB of & alone (no pair)', '/v1/countries/BR', fill(() => '&'), 200, false],
  ['one value of 8 KiB', '/v1/countries/BR', `q=${fill(() => 'a')}`, 200, false],
  ['every parameter once', '/v1/countries/search', 'q=a&locale=de&view=full&limit=5', 200, false],
  ['a parameter twice', '/v1/countries/BR', 'locale=de&locale=de', 400, false],
];

for (const [what, path, query, status, tooMany] of HOSTILE) {
  queries(`should read ${what} for bounded work, and answer it ${status} with the key and 401 without`, async () => {
    const parsed = parseQuery(query);
    // The work: pairs counted stop one past the bound, however many the query holds.
    assert.ok(parsed.pairs <= MAX_PARAMETERS + 1, `${parsed.pairs} pairs read`);
    assert.is(parsed.tooMany, tooMany);
    assert.is(parsed.names.length, tooMany ? 0 : parsed.pairs);
    const keyed = await plain.request(`${path}?${query}`);
    assert.is(keyed.status, status, keyed.body.toString().slice(0, 200));
    if (tooMany)
      assert.equal(keyed.json(), {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        code: 'invalid_parameter',
        detail: 'A query holds at most 4 parameters (locale, view, q, limit), each given once.',
      });
    assert.is((await plain.request(`${path}?${query}`, { key: null })).status, 401);
  });
}

queries('should answer a repeated parameter linearly: a value given again is appended, not the list copied', () => {
  // Within the bound no query repeats a name more than MAX_PARAMETERS times: the values as given, in order.
  assert.equal(parseQuery('?locale=de&locale=fr&locale=it&locale=pt').query.locale, ['de', 'fr', 'it', 'pt']);
  assert.equal(parseQuery('a=1&b&a=2&c=%20+x').query, Object.assign(Object.create(null), { a: ['1', '2'], b: '', c: '  x' }));
});

queries.run();
