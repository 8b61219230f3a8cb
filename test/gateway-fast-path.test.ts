import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseSimple } from '../gateway/simple-request.ts';
import { rawManifest, startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';
import { exchange, splitResponses, withoutDate } from './helpers/raw-http.ts';

const AUTH = `Authorization: Bearer ${TEST_KEY}`;
const request = (target: string, headers: string[] = [AUTH], method = 'GET') => `${method} ${target} HTTP/1.1\r\nHost: x\r\n${headers.map((line) => `${line}\r\n`).join('')}\r\n`;
const etagOf = (key: string) => `"${rawManifest().files[key].sha256}"`;

// Every pair of gateways serves the same dist: `fast` as serve.ts does, `plain` with node:http and the app alone.
let fast: Gateway;
let plain: Gateway;
const bothBefore = async (): Promise<void> => {
  [fast, plain] = await Promise.all([startGateway(), startGateway({ fastPath: false })]);
};
const bothAfter = async (): Promise<void> => { await Promise.all([fast.close(), plain.close()]); };

/** The request on `fast` after it has been taught the URL, whether the fast path answered, and the same on `plain`. */
async function compare(text: string, method: string): Promise<{ fastBytes: string; plainBytes: string; answeredFast: boolean }> {
  await exchange(fast.port, text, [method]);
  const before = fast.fastAnswered();
  const [fastReply] = await exchange(fast.port, text, [method]);
  const answeredFast = fast.fastAnswered() === before + 1;
  const [plainReply] = await exchange(plain.port, text, [method]);
  assert.ok(fastReply && plainReply, 'both answered');
  return { fastBytes: withoutDate(fastReply.bytes), plainBytes: withoutDate(plainReply.bytes), answeredFast };
}

const ANSWERED: [what: string, text: () => string, method?: string][] = [
  ['a country', () => request('/v1/countries/BR')],
  ['a HEAD of a country', () => request('/v1/countries/BR', [AUTH], 'HEAD')],
  ['a country in brotli', () => request('/v1/countries/BR', [AUTH, 'Accept-Encoding: br'])],
  ['a country in gzip, br refused', () => request('/v1/countries/BR', [AUTH, 'Accept-Encoding: gzip, br;q=0'])],
  ['the list (a body joined to its head)', () => request('/v1/countries')],
  ['the full list (a body written after its head)', () => request('/v1/countries?view=full')],
  ['the full list in German, gzip', () => request('/v1/countries?view=full&locale=de', [AUTH, 'Accept-Encoding: gzip'])],
  ['a 304 for a matching If-None-Match', () => request('/v1/countries/BR', [AUTH, `If-None-Match: ${etagOf('v1/countries/BR.json')}`])],
  ['a 304 for a weak ETag among others', () => request('/v1/countries/BR', [AUTH, `If-None-Match: "x", W/${etagOf('v1/countries/BR.json')}`])],
  ['a 200 for an If-None-Match that does not match', () => request('/v1/countries/BR', [AUTH, 'If-None-Match: "other"'])],
  ['a subdivision falling back from pt-PT', () => request('/v1/subdivisions/BR/BR-SP?locale=pt-PT')],
  ['phone metadata by alpha-3 code', () => request('/v1/phone/bra')],
  ['the index of the API', () => request('/v1')],
  ['a search', () => request('/v1/countries/search?q=germny')],
  ['a HEAD of a search', () => request('/v1/countries/search?q=germny', [AUTH], 'HEAD')],
  ['an unknown country (404)', () => request('/v1/countries/ZZ')],
  ['a HEAD of an unknown country', () => request('/v1/countries/ZZ', [AUTH], 'HEAD')],
  ['an unknown path (404)', () => request('/v2/nothing')],
  ['a malformed locale (400)', () => request('/v1/countries?locale=!!')],
  ['a search without text (400)', () => request('/v1/countries/search?q=')],
  ['no key (401)', () => request('/v1/countries/BR', [])],
  ['a Basic credential (401)', () => request('/v1/countries/BR', ['Authorization: Basic dXNlcjpwYXNz'])],
  ['an unknown key (401)', () => request('/v1/countries/BR', ['Authorization: Bearer not-the-key-0123456789'])],
  ['an empty Authorization (401)', () => request('/v1/countries/BR', ['Authorization:'])],
  ['headers in lower case, with odd spacing', () => request('/v1/countries/BR', [`authorization:   Bearer ${TEST_KEY}  `, 'accept-encoding:br'])],
  ['headers that change nothing', () => request('/v1/countries/BR', [AUTH, 'User-Agent: t/1', 'Accept: */*', 'Accept-Language: de', 'Connection: keep-alive', 'X-Empty:'])],
  ['an Origin', () => request('/v1/countries/BR', [AUTH, 'Origin: https://app.example.com'])],
];

const same = suite('fast path (answers as node:http does)');
same.before(bothBefore);
same.after(bothAfter);
for (const [what, text, method = text().slice(0, 4).trim()] of ANSWERED) {
  same(`should answer ${what} from memory, byte for byte as node:http and the app do`, async () => {
    const { fastBytes, plainBytes, answeredFast } = await compare(text(), method);
    assert.ok(answeredFast, 'answered by the fast path');
    assert.fixture(fastBytes, plainBytes);
  });
}
same.run();

const HANDED_OVER: [what: string, text: string | (() => string), method?: string][] = [
  ['a POST', 'POST /v1/countries/BR HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n'],
  ['an OPTIONS preflight', request('/v1/countries/BR', ['Origin: https://a.example', 'Access-Control-Request-Method: GET'], 'OPTIONS')],
  ['HTTP/1.0', `GET /v1/countries/BR HTTP/1.0\r\nHost: x\r\n${AUTH}\r\n\r\n`],
  ['Connection: close', request('/v1/countries/BR', [AUTH, 'Connection: close'])],
  ['a GET with Content-Length', request('/v1/countries/BR', [AUTH, 'Content-Length: 0'])],
  ['a GET with Transfer-Encoding', request('/v1/countries/BR', [AUTH, 'Transfer-Encoding: chunked']) + '0\r\n\r\n'],
  ['Expect', request('/v1/countries/BR', [AUTH, 'Expect: 100-continue'])],
  ['Upgrade', request('/v1/countries/BR', [AUTH, 'Connection: Upgrade', 'Upgrade: websocket'])],
  ['no Host', `GET /v1/countries/BR HTTP/1.1\r\n${AUTH}\r\n\r\n`],
  ['two Hosts', request('/v1/countries/BR', [AUTH, 'Host: y'])],
  ['two Authorizations', request('/v1/countries/BR', [AUTH, AUTH])],
  ['two If-None-Match', request('/v1/countries/BR', [AUTH, 'If-None-Match: "a"', 'If-None-Match: "b"'])],
  ['a folded header', request('/v1/countries/BR', [AUTH, 'X-A: b', ' c'])],
  ['a space before a colon', request('/v1/countries/BR', [AUTH, 'X-A : b'])],
  ['a byte above 0x7e in a value', request('/v1/countries/BR', [AUTH, 'X-A: \xe9'])],
  ['an absolute-form target', `GET http://x/v1/countries/BR HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n\r\n`],
  ['the health check', 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['the health check with a query', 'GET /healthz?probe=1 HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['a head over 8 KiB', request('/v1/countries/BR', [AUTH, `X-Long: ${'a'.repeat(9000)}`])],
  ['a bare LF', `GET /v1/countries/BR HTTP/1.1\nHost: x\n${AUTH}\n\n`],
];

const over = suite('fast path (hands over what it does not fully understand)');
over.before(bothBefore);
over.after(bothAfter);
for (const [what, text, method = 'GET'] of HANDED_OVER) {
  over(`should leave ${what} to node:http, which answers as it does alone`, async () => {
    const { fastBytes, plainBytes, answeredFast } = await compare(typeof text === 'string' ? text : text(), method);
    assert.not.ok(answeredFast, 'not answered by the fast path');
    assert.fixture(fastBytes, plainBytes);
  });
}

over('should answer pipelined requests in order, the first from memory, the rest by node:http from the first it leaves', async () => {
  const known = request('/v1/countries/FR');
  await exchange(fast.port, known);
  const pipelined = [known, request('/v1/countries/FR', [AUTH], 'HEAD'), request(`/v1/countries/FR?seen=${Date.now()}`), known];
  const methods = ['GET', 'HEAD', 'GET', 'GET'];
  const before = fast.fastAnswered();
  const fastReplies = await exchange(fast.port, pipelined.join(''), methods);
  assert.is(fast.fastAnswered() - before, 2);
  const plainReplies = await exchange(plain.port, pipelined.join(''), methods);
  assert.equal(fastReplies.map((reply) => withoutDate(reply.bytes)), plainReplies.map((reply) => withoutDate(reply.bytes)));
});

over('should hand over a request that arrives in pieces, and node:http answers it whole', async () => {
  const text = request('/v1/countries/BR');
  await exchange(fast.port, text);
  const before = fast.fastAnswered();
  const [reply] = await exchange(fast.port, [text.slice(0, 20), text.slice(20)]);
  assert.is(reply.status, 200);
  assert.is(JSON.parse(reply.body.toString()).code, 'BR');
  assert.ok(fast.fastAnswered() - before <= 1, 'answered once at most');
});
over.run();

const pressure = suite('fast path (a client that does not read)');
pressure.before(async () => { fast = await startGateway(); });
pressure.after(() => fast.close());

pressure('should stop reading while its answers wait, then answer every pipelined request whole and in order', async () => {
  const text = request('/v1/countries?view=full');
  // Every answer has the same length (a Date is always 29 characters).
  const [{ bytes: { length: answerSize } }] = await exchange(fast.port, text);
  const count = 60; // about 60 MB of answers, far over what the socket buffers
  const replies = await new Promise<Buffer>((resolve, reject) => {
    const socket = connect(fast.port, '127.0.0.1', async () => {
      socket.pause();
      socket.write(text.repeat(count));
      await sleep(300);
      const chunks: Buffer[] = [];
      let size = 0;
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= count * answerSize) { socket.destroy(); resolve(Buffer.concat(chunks)); }
      });
      socket.resume();
    });
    socket.on('error', reject);
  });
  const { responses } = splitResponses(replies, Array(count).fill('GET'));
  assert.is(responses.length, count);
  for (const reply of responses) {
    assert.is(reply.status, 200);
    assert.is(`"${createHash('sha256').update(reply.body).digest('hex')}"`, etagOf('v1/countries.full.json'));
  }
});
pressure.run();

const parse = suite('parseSimple');
const SIMPLE: [head: string, simple: boolean][] = [
  ['GET /v1 HTTP/1.1\r\nHost: x', true],
  ['HEAD /v1?locale=de HTTP/1.1\r\nhost:x\r\nAuthorization: Bearer k', true],
  ['GET /v1 HTTP/1.1', false],
  ['get /v1 HTTP/1.1\r\nHost: x', false],
  ['GET  /v1 HTTP/1.1\r\nHost: x', false],
  ['GET /v1 HTTP/1.1 \r\nHost: x', false],
  ['GET /v1 http/1.1\r\nHost: x', false],
  ['GET * HTTP/1.1\r\nHost: x', false],
  ['GET /v1\x00 HTTP/1.1\r\nHost: x', false],
  ['GET /v1 HTTP/1.1\r\nHost: x\r\n', false],
  ['GET /v1 HTTP/1.1\r\nHost: x\r\nConnection: Keep-Alive', true],
  ['GET /v1 HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, Upgrade', false],
  ['GET /v1 HTTP/1.1\r\nHost: x\r\nTE: trailers', false],
  ['GET /v1 HTTP/1.1\r\nHost: x\r\nProxy-Connection: keep-alive', false],
  ['GET /v1 HTTP/1.1\r\nHost: x\r\nX\tY: z', false],
  ['GET /v1 HTTP/1.1\r\nHost: x\r\nX-Y: a\tb', true],
  ['GET /v1 HTTP/1.1\r\nHost: x\r\nX-Y: a\rb', false],
  ['GET /v1 HTTP/1.1\r\nHost: x\r\nOrigin: a\r\nOrigin: b', false],
  ['GET /v1 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\nAccept-Encoding: gzip', false],
];
for (const [head, simple] of SIMPLE) {
  parse(`should take ${JSON.stringify(head)} as ${simple ? 'simple' : 'not simple'}`, () => {
    assert.is(parseSimple(head) !== undefined, simple);
  });
}
parse('should read the method, target and the headers that matter, values without surrounding whitespace', () => {
  assert.equal(parseSimple('HEAD /v1/phone/BR?x=1 HTTP/1.1\r\nHOST: x\r\nauthorization:  Bearer k \r\nIf-None-Match: "e"\r\nAccept-Encoding: br\r\nOrigin: https://a\r\nUser-Agent: u'), {
    method: 'HEAD', url: '/v1/phone/BR?x=1', authorization: 'Bearer k', ifNoneMatch: '"e"', acceptEncoding: 'br', origin: 'https://a',
  });
});
parse.run();
