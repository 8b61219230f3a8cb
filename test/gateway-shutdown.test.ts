import { createHash } from 'node:crypto';
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TIMEOUT_DEFAULTS } from '../gateway/config.ts';
import { createGatewayServer } from '../gateway/server.ts';
import { builtDist } from './helpers/dist.ts';
import { rawManifest } from './helpers/gateway.ts';
import { runLoad } from './helpers/load.ts';
import { startGatewayProcess } from './helpers/start.ts';

const KEY = 'shutdown-test-key-0123456789abcdef';
// The largest responses (about 1 MB each), read by a client that pauses after the first bytes.
const LOCALES = ['ka', 'ml', 'km', 'ta', 'te', 'kn'];

/** Sends one request, waits for the first bytes of the answer, then stops reading. */
function openSlowRequest(port: number, path: string): Promise<{ socket: Socket; received: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n\r\n`);
    });
    socket.on('error', reject);
    socket.on('data', (chunk) => received.push(chunk));
    socket.once('data', () => {
      socket.pause();
      resolve({ socket, received });
    });
  });
}

function readToEnd(socket: Socket, received: Buffer[]): Promise<Buffer> {
  return new Promise((resolve) => {
    socket.on('end', () => resolve(Buffer.concat(received)));
    socket.resume();
  });
}

function connectionRefused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

// The gateway's server with a handler that holds its response until the test lets it go: the only
// way to know for certain that a request is in flight when the drain starts.
const drain = suite('drain');

drain('should answer with Connection: close for a grace period, then refuse new connections, finish the open response, and report', async () => {
  const held: ServerResponse[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/quick') return void res.writeHead(200, { 'Content-Length': 2 }).end('ok');
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('first half, ');
    held.push(res);
  };
  const { server, drain: startDrain } = createGatewayServer(TIMEOUT_DEFAULTS, { handle, done: () => {}, dropped: () => {}, headers: () => [] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  // A keep-alive client: the connection outlives the response, and draining must close it.
  const agent = new Agent({ keepAlive: true });
  const body = new Promise<{ text: string; connection?: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ text, connection: res.headers.connection }));
    })
      .on('error', reject)
      .end();
  });
  while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));

  let stoppedWith: number | undefined;
  const drained = new Promise<boolean>((resolve) =>
    startDrain({
      onStopped: (open) => {
        stoppedWith = open;
      },
      onDrained: resolve,
    }),
  );
  // Within the grace period: still accepting, and each answer says the connection closes.
  const quick = await new Promise<string | undefined>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/quick', agent: new Agent({ keepAlive: true }) }, (res) => {
      res.resume();
      resolve(res.headers.connection);
    })
      .on('error', reject)
      .end();
  });
  assert.is(quick, 'close');
  while (stoppedWith === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.is(stoppedWith, 1);
  assert.is(await connectionRefused(port), 'ECONNREFUSED');

  held[0].end('second half');
  assert.equal(await body, { text: 'first half, second half', connection: 'keep-alive' });
  assert.is(await drained, true);
  agent.destroy();
});

drain.run();

// The entry file wires it to SIGTERM and exits 0 once every response is out: alone, and as a cluster
// (where the primary tells each worker to drain, and says it stopped accepting once all have).
// The check of the dist at start (VERIFY_DIST) is off: it is not what these cases are about, and it would stat
// every file of the dist while the case runs.
for (const workers of ['1', '2']) {
  const shutdown = suite(`shutdown (SIGTERM, WORKERS=${workers})`);

  shutdown('should stop accepting, finish every open response in full, then exit 0', async () => {
    const started = startGatewayProcess({ API_KEYS: KEY, DIST_DIR: builtDist(), WORKERS: workers, VERIFY_DIST: 'off' });
    const [, portText] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
    const port = Number(portText);
    const open = await Promise.all(LOCALES.map((locale) => openSlowRequest(port, `/v1/countries?view=full&locale=${locale}`)));

    started.child.kill('SIGTERM');
    await started.waitFor(/SIGTERM: stopped accepting connections; draining \d+ open request/);
    assert.is(await connectionRefused(port), 'ECONNREFUSED');

    const responses = await Promise.all(open.map(({ socket, received }) => readToEnd(socket, received)));
    for (const [index, response] of responses.entries()) {
      const split = response.indexOf('\r\n\r\n');
      const body = response.subarray(split + 4);
      const expected = rawManifest().files[`v1/_locale/${LOCALES[index]}/countries.full.json`];
      assert.match(response.subarray(0, split).toString(), /^HTTP\/1\.1 200 /);
      assert.is(createHash('sha256').update(body).digest('hex'), expected.sha256);
    }
    assert.is((await started.exited).code, 0);
    assert.match(started.output(), 'drain: done');
  });

  // Under load on kept-alive connections: each request either reaches the gateway and is answered in
  // full, or never reaches it: a new connection refused, or reset before any answer while it waited in
  // the listen backlog as the gateway stopped listening. A request on a kept-alive connection is never
  // reset (the gateway does not close one that may carry a request on its way). The gateway logs every
  // request it read; the client must have received all of them, whole.
  shutdown('should answer in full every request it read when SIGTERM comes under load', async () => {
    const started = startGatewayProcess({ API_KEYS: KEY, DIST_DIR: builtDist(), WORKERS: workers, VERIFY_DIST: 'off' });
    const [, portText] = await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
    const paths = ['/v1/countries/BR', '/v1/phone/DE', '/v1/countries?view=full&locale=ka', '/v1/subdivisions/US?locale=fr', '/v1/countries/search?q=an'];
    const outcomes = new Map<string, number>();
    const failures: string[] = [];
    let answered = 0;
    const load = runLoad({
      port: Number(portText),
      concurrency: 16,
      maxRequests: 100_000,
      maxMs: 60_000,
      next: (index) => ({ path: paths[index % paths.length], headers: { Authorization: `Bearer ${KEY}`, 'Accept-Encoding': index % 2 ? 'br' : 'identity' } }),
      onResult: ({ target, status, headers, body, error, partial, reused }) => {
        const outcome = status === 200 ? 'answered' : error && !partial && !reused && /^(ECONNREFUSED|ECONNRESET|EPIPE)$/.test(error) ? error : 'failed';
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        if (status === 200) answered++;
        const whole = status === 200 && headers.etag === `"${createHash('sha256').update(body).digest('hex')}"`;
        if (outcome === 'failed' || (status === 200 && !whole)) failures.push(`${target.path}: ${status} ${error ?? ''}${reused ? ' (kept-alive)' : ''}`);
      },
    });
    let loadEnded = false;
    void load.done.then(() => (loadEnded = true));
    // Bounded by the load's own end: a gateway that stopped answering fails the case below rather than hanging it.
    while (answered < 1000 && failures.length === 0 && !loadEnded) await new Promise((resolve) => setTimeout(resolve, 10));
    const answeredBefore = answered;
    started.child.kill('SIGTERM');
    const { code } = await started.exited;
    load.stop();
    await load.done;

    assert.ok(
      answeredBefore >= 1000 || failures.length > 0,
      `${answeredBefore} answered before the load ended: ${JSON.stringify([...outcomes])}\n${started.output()}`,
    );
    assert.is(code, 0);
    assert.equal(failures, []);
    const logged = started.output().match(/^GET \S+ 200 [\d.]+ms/gm) ?? [];
    assert.is(logged.length, outcomes.get('answered'), JSON.stringify([...outcomes]));
    assert.not.match(started.output(), /\(aborted\)|error: /);
  });

  shutdown.run();
}
