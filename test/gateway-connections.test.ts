import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rawManifest, startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';
import { splitResponses } from './helpers/raw-http.ts';

const SLOW = 200;
const BYTE_EVERY_MS = 100;
/** A slow client gives up on its own after this many bytes (20 s): every loop here ends by itself. */
const MAX_BYTES = 200;
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The full country lists, about 1 MB each: answers larger than what the kernel buffers for a connection. */
const fullList = (locale: string) => `/v1/countries?view=full&locale=${locale}`;
const fullListSha = (locale: string) => rawManifest().files[`v1/_locale/${locale}/countries.full.json`].sha256;
const LOCALES = ['de', 'fr', 'ja', 'ka', 'ml', 'ta', 'te', 'kn', 'km', 'ru'];

interface SlowClient {
  socket: Socket;
  /** When it connected, when the server closed it (undefined while open), and what it was sent. */
  connectedAt: number;
  closedAt?: number;
  gaveUp: boolean;
  received: Buffer[];
  closed: Promise<void>;
}

/** Slowloris: sends a request line, then its headers one byte at a time, never finishing them. */
function slowClient(port: number): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const client: SlowClient = {
      socket,
      connectedAt: 0,
      gaveUp: false,
      received: [],
      closed: new Promise((closed) =>
        socket.on('close', () => {
          clearInterval(timer);
          client.closedAt ??= performance.now();
          closed();
        }),
      ),
    };
    socket.on('data', (chunk) => client.received.push(chunk));
    socket.on('error', () => {}); // a reset after the server's answer: what was received is checked
    socket.once('error', reject);
    socket.on('connect', () => {
      client.connectedAt = performance.now();
      socket.write(`GET /v1/countries/BR HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\nX-Slow: `);
      timer = setInterval(() => {
        if (++sent > MAX_BYTES) {
          client.gaveUp = true;
          return void socket.destroy();
        }
        if (socket.writable) socket.write('a');
      }, BYTE_EVERY_MS);
      resolve(client);
    });
  });
}

/** Resolves when the server closes `socket`; gives up (and fails) after 15 s, so the test ends whatever happens. */
function closedByServer(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server did not close the connection within 15 s'));
    }, 15_000);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Connects, writes `requests` at once (then a FIN when `halfClose`), and reads nothing until `readAfterMs`;
 * resolves with every byte received once the server closed the connection.
 */
function exchangeLater(port: number, requests: string, { readAfterMs = 0, halfClose = false } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      if (halfClose) socket.end(requests);
      else socket.write(requests);
      setTimeout(() => socket.resume(), readAfterMs);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {}); // a reset, when the server gave up: what arrived is checked
    closedByServer(socket).then(() => resolve(Buffer.concat(chunks)), reject);
  });
}

/** The answers in `bytes` to GETs, each checked whole against the SHA-256 of the list it asked for. */
function expectWholeLists(bytes: Buffer, locales: string[]): void {
  const { responses, rest } = splitResponses(
    bytes,
    locales.map(() => 'GET'),
  );
  assert.is(responses.length, locales.length, `${responses.length} of ${locales.length} answers (${bytes.length} bytes)`);
  responses.forEach((response, i) => {
    assert.is(response.status, 200);
    assert.is(sha256(response.body), fullListSha(locales[i]), `answer ${i + 1} whole`);
  });
  assert.is(rest.length, 0);
}

const openSlowClients = (gateway: Gateway) => Promise.all(Array.from({ length: SLOW }, () => slowClient(gateway.port)));

async function expectServed(gateway: Gateway): Promise<void> {
  for (let i = 0; i < 10; i++) assert.is((await gateway.request('/v1/phone/BR')).status, 200);
  const together = await Promise.all(Array.from({ length: 20 }, () => gateway.request('/v1/countries/BR')));
  assert.ok(together.every((reply) => reply.status === 200));
}

let gateway: Gateway;

// Timeouts long enough that nothing is cut while the test looks: the slow clients hold every connection they opened.
const held = suite('slow clients (held open)');
held.before(async () => {
  gateway = await startGateway({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '60000' });
});
held.after(() => gateway.close());

held(`should serve a normal client while ${SLOW} slow clients hold connections open`, async () => {
  const slow = await openSlowClients(gateway);
  try {
    await expectServed(gateway);
    assert.is(slow.filter((client) => client.closedAt !== undefined).length, 0, 'every slow client still connected');
  } finally {
    for (const client of slow) client.socket.destroy();
  }
});

held.run();

// Short timeouts: the server cuts what slow, idle and stalled clients hold, and says why when it can.
const cut = suite('connection timeouts');
const HEADERS_TIMEOUT_MS = 1000;
const SEND_TIMEOUT_MS = 1500;
cut.before(async () => {
  gateway = await startGateway({
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    REQUEST_TIMEOUT_MS: '2000',
    KEEP_ALIVE_TIMEOUT_MS: '300',
    SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
  });
});
cut.after(() => gateway.close());

cut(`should cut each of ${SLOW} slowloris clients after HEADERS_TIMEOUT_MS, serving others meanwhile`, async () => {
  const slow = await openSlowClients(gateway);
  await expectServed(gateway);
  await Promise.all(slow.map((client) => client.closed));
  for (const client of slow) {
    assert.not.ok(client.gaveUp, 'closed by the server, not by the client giving up');
    // Never before the timeout (the server counts from the first byte, after the client's connect).
    assert.ok(client.closedAt! - client.connectedAt >= HEADERS_TIMEOUT_MS, `closed after ${client.closedAt! - client.connectedAt} ms`);
    // A byte sent as the server closes may reset the connection before its answer is read; what arrives is a 408.
    const received = Buffer.concat(client.received).toString();
    if (received) assert.match(received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
  }
  await expectServed(gateway);
});

cut('should answer a client that stops in the middle of its headers with a 408 request_timeout problem', async () => {
  const socket = connect(gateway.port, '127.0.0.1', () => socket.write('GET /v1/countries/BR HTTP/1.1\r\nHost: x\r\n'));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  await closedByServer(socket);
  const [head, body] = Buffer.concat(chunks).toString().split('\r\n\r\n');
  assert.match(head, /^HTTP\/1\.1 408 Request Timeout\r\n/);
  assert.match(head, /\r\nContent-Type: application\/problem\+json; charset=utf-8\r\n/);
  assert.match(head, /\r\nConnection: close(\r\n|$)/);
  assert.match(head, /\r\nData-Release: \S+/);
  assert.equal(JSON.parse(body), {
    type: 'about:blank',
    title: 'Request Timeout',
    status: 408,
    detail: 'The request was not received in time.',
    code: 'request_timeout',
  });
});

cut('should close a kept-alive connection left idle past KEEP_ALIVE_TIMEOUT_MS', async () => {
  const received = await exchangeLater(gateway.port, get('/v1/phone/BR'));
  assert.match(received.toString(), /^HTTP\/1\.1 200 OK\r\n/);
  assert.match(received.toString(), /\r\nConnection: keep-alive\r\n/);
});

cut('should close clients that never read after SEND_TIMEOUT_MS, letting go of every connection', async () => {
  const clients = 50;
  // Each asks for ten different lists, about 10 MB in all, and reads none of it.
  const sockets = await Promise.all(
    Array.from(
      { length: clients },
      () =>
        new Promise<{ socket: Socket; closed: Promise<number> }>((resolve) => {
          const socket = connect(gateway.port, '127.0.0.1', () => {
            socket.pause();
            socket.write(LOCALES.map((locale) => get(fullList(locale))).join(''));
            const started = performance.now();
            const closed = closedByServer(socket).then(() => performance.now() - started);
            closed.catch(() => {}); // awaited below; a failed assertion before then must not leave it unhandled
            resolve({ socket, closed });
          });
          socket.on('error', () => {}); // the server resets what it gives up on
        }),
    ),
  );
  const connections = () => new Promise<number>((resolve) => gateway.serving.server.getConnections((_, count) => resolve(count)));
  // The server accepts what the kernel has queued at its own pace (slower on a busy machine): wait, within the timeout, until it holds every client.
  for (const until = performance.now() + SEND_TIMEOUT_MS; (await connections()) < clients && performance.now() < until; ) await sleep(50);
  assert.ok((await connections()) >= clients, 'held while within the timeout');
  // A paused socket sees nothing of the server's close: the count tells when it has let go of them.
  for (const until = performance.now() + SEND_TIMEOUT_MS + 5000; (await connections()) > 0 && performance.now() < until; ) await sleep(100);
  assert.is(await connections(), 0, 'every connection closed by the server');
  for (const { socket } of sockets) socket.resume();
  const lifetimes = await Promise.all(sockets.map(({ closed }) => closed));
  assert.ok(
    lifetimes.every((ms) => ms >= SEND_TIMEOUT_MS),
    `closed after ${Math.min(...lifetimes).toFixed(0)} ms at the soonest`,
  );
  await expectServed(gateway);
});

cut.run();

// A client that stops reading for longer than the keep-alive timeout (but not the send timeout) gets
// every byte of its answers once it reads again: an idle close never drops what is still buffered.
const paused = suite('paused readers');
paused.before(async () => {
  gateway = await startGateway({ KEEP_ALIVE_TIMEOUT_MS: '300', SEND_TIMEOUT_MS: '10000' });
});
paused.after(() => gateway.close());

for (const count of [1, LOCALES.length]) {
  paused(`should send ${count} large answer(s) whole to a client that pauses past KEEP_ALIVE_TIMEOUT_MS, then reads`, async () => {
    const locales = LOCALES.slice(0, count);
    // node:http closes an idle kept-alive connection a second after its Keep-Alive: timeout says.
    const received = await exchangeLater(gateway.port, locales.map((locale) => get(fullList(locale))).join(''), { readAfterMs: 300 + 1000 + 1500 });
    expectWholeLists(received, locales);
  });
}

paused.run();

// Requests sent together, then a FIN (the client half-closes: it has nothing more to send): every
// one is answered in full before the server closes, whether its body is read from disk or memory.
const pipelined = suite('pipelined requests, then a half-close');
for (const cache of ['64', '1']) {
  pipelined(`should answer 40 pipelined requests for large bodies followed by a FIN, every one whole (CACHE_MB=${cache})`, async () => {
    gateway = await startGateway({ CACHE_MB: cache });
    try {
      const same = Array.from({ length: 40 }, () => 'de');
      expectWholeLists(await exchangeLater(gateway.port, same.map((locale) => get(fullList(locale))).join(''), { halfClose: true }), same);
      const different = Array.from({ length: 40 }, (_, i) => LOCALES[i % LOCALES.length]);
      expectWholeLists(await exchangeLater(gateway.port, different.map((locale) => get(fullList(locale))).join(''), { halfClose: true }), different);
      const searches = Array.from({ length: 40 }, (_, i) => get(`/v1/countries/search?q=an&view=full&locale=${LOCALES[i % LOCALES.length]}`)).join('');
      const { responses } = splitResponses(
        await exchangeLater(gateway.port, searches, { halfClose: true }),
        Array.from({ length: 40 }, () => 'GET'),
      );
      assert.is(responses.filter((response) => response.status === 200 && JSON.parse(response.body.toString()).count > 0).length, 40);
    } finally {
      await gateway.close();
    }
  });
}

pipelined.run();
