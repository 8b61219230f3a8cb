import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';

const SLOW = 200;
const BYTE_EVERY_MS = 100;
/** A slow client gives up on its own after this many bytes (20 s): every loop here ends by itself. */
const MAX_BYTES = 200;

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
      socket, connectedAt: 0, gaveUp: false, received: [],
      closed: new Promise((closed) => socket.on('close', () => {
        clearInterval(timer);
        client.closedAt ??= performance.now();
        closed();
      })),
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

const openSlowClients = (gateway: Gateway) => Promise.all(Array.from({ length: SLOW }, () => slowClient(gateway.port)));

async function expectServed(gateway: Gateway): Promise<void> {
  for (let i = 0; i < 10; i++) assert.is((await gateway.request('/v1/phone/BR')).status, 200);
  const together = await Promise.all(Array.from({ length: 20 }, () => gateway.request('/v1/countries/BR')));
  assert.ok(together.every((reply) => reply.status === 200));
}

// Timeouts long enough that nothing is cut while the test looks: the slow clients hold every connection they opened.
const held = suite('slow clients (held open)');
let gateway: Gateway;
held.before(async () => { gateway = await startGateway({ server: { headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 } }); });
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

// Short timeouts: the server cuts what the slow clients hold, and says why when it can.
const cut = suite('slow clients (timeouts)');
const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;
const KEEP_ALIVE_TIMEOUT_MS = 300;
cut.before(async () => {
  gateway = await startGateway({
    server: { headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS },
  });
});
cut.after(() => gateway.close());

cut(`should cut each of ${SLOW} slowloris clients after headersTimeout, serving others meanwhile`, async () => {
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
    type: 'about:blank', title: 'Request Timeout', status: 408, detail: 'The request was not received in time.', code: 'request_timeout',
  });
});

cut('should close a kept-alive connection left idle past keepAliveTimeout', async () => {
  const socket = connect(gateway.port, '127.0.0.1', () => {
    socket.write(`GET /v1/phone/BR HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`);
  });
  let received = '';
  socket.on('data', (chunk) => { received += chunk; });
  await closedByServer(socket);
  assert.match(received, /^HTTP\/1\.1 200 OK\r\n/);
  assert.match(received, /\r\nConnection: keep-alive\r\n/);
});

// The fast path holds each new connection, and answers what it knows from memory: its own deadlines.
cut('should answer a connection that sends nothing within headersTimeout with a 408, no sooner', async () => {
  const connectedAt = performance.now();
  const socket = connect(gateway.port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => { received += chunk; });
  await closedByServer(socket);
  assert.ok(performance.now() - connectedAt >= HEADERS_TIMEOUT_MS, `closed after ${performance.now() - connectedAt} ms`);
  assert.match(received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
});

cut('should close a connection left idle past keepAliveTimeout after an answer from memory, no sooner', async () => {
  assert.is((await gateway.request('/v1/countries/BR')).status, 200); // the URL is known: answered from memory next
  const before = gateway.fastAnswered();
  let answeredAt = 0;
  const socket = connect(gateway.port, '127.0.0.1', () => {
    socket.write(`GET /v1/countries/BR HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`);
  });
  socket.once('data', () => { answeredAt = performance.now(); });
  await closedByServer(socket);
  assert.is(gateway.fastAnswered(), before + 1, 'answered by the fast path');
  // The answer arrives a moment after the server set its deadline, and timers count whole milliseconds.
  const slackMs = 2;
  assert.ok(performance.now() - answeredAt >= KEEP_ALIVE_TIMEOUT_MS - slackMs, `closed ${performance.now() - answeredAt} ms after the answer`);
});

cut('should close a connection whose client stops reading once requestTimeout has passed with answers waiting', async () => {
  const text = `GET /v1/countries?view=full HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`;
  const full = await gateway.request('/v1/countries?view=full');
  const count = 60; // about 60 MB of answers, far over what the socket buffers
  const before = gateway.fastAnswered();
  const socket = connect(gateway.port, '127.0.0.1', () => {
    socket.pause();
    socket.write(text.repeat(count));
  });
  let received = 0;
  socket.on('data', (chunk) => { received += chunk.length; });
  socket.on('error', () => {}); // reset: the server closed with requests unread
  // A paused socket sees nothing of the server's close; read once the server should have given up.
  await sleep(REQUEST_TIMEOUT_MS + 1000);
  assert.ok(gateway.fastAnswered() > before, 'answered by the fast path until the socket was full');
  socket.resume();
  await closedByServer(socket);
  assert.ok(received < count * full.body.length, `closed with ${received} bytes received, before every answer`);
});

cut.run();
