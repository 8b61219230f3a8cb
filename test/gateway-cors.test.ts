import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startGateway, type Gateway } from './helpers/gateway.ts';

const ORIGIN = 'https://app.example.com';
const preflight = (origin: string) => ({
  method: 'OPTIONS',
  key: null,
  headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
});
let gateway: Gateway;

const anyOrigin = suite('cors (default: any origin)');
anyOrigin.before(async () => {
  gateway = await startGateway();
});
anyOrigin.after(() => gateway.close());

anyOrigin('should answer a preflight without a key, allowing Authorization', async () => {
  const reply = await gateway.request('/v1/countries/BR', preflight(ORIGIN));
  assert.is(reply.status, 204);
  assert.is(reply.headers['access-control-allow-origin'], '*');
  assert.match(reply.headers['access-control-allow-methods']!, 'GET');
  assert.match(reply.headers['access-control-allow-headers']!, 'Authorization');
  assert.ok(Number(reply.headers['access-control-max-age']) > 0);
  assert.is(reply.body.length, 0);
});

const STATUSES: [string, number, Record<string, any>?][] = [
  ['/v1/countries/BR', 200],
  ['/v1/countries/BR', 401, { key: null }],
  ['/v1/countries/ZZ', 404],
  ['/v1/countries?view=x', 400],
];
for (const [path, status, options] of STATUSES) {
  anyOrigin(`should put CORS headers on a ${status} too`, async () => {
    const reply = await gateway.request(path, { ...options, headers: { Origin: ORIGIN } });
    assert.is(reply.status, status);
    assert.is(reply.headers['access-control-allow-origin'], '*');
    assert.match(reply.headers['access-control-expose-headers']!, /ETag.*Content-Language/);
  });
}

anyOrigin('should answer a plain OPTIONS with 204 and Allow', async () => {
  const reply = await gateway.request('/v1/countries', { method: 'OPTIONS', key: null });
  assert.is(reply.status, 204);
  assert.is(reply.headers.allow, 'GET, HEAD, OPTIONS');
  assert.is(reply.headers['access-control-allow-methods'], undefined);
});

anyOrigin.run();

const listed = suite('cors (CORS_ORIGINS list)');
listed.before(async () => {
  gateway = await startGateway({ CORS_ORIGINS: `${ORIGIN}, http://localhost:5173` });
});
listed.after(() => gateway.close());

listed('should echo an allowed origin and vary on Origin', async () => {
  const reply = await gateway.request('/v1/countries/BR', { headers: { Origin: ORIGIN } });
  assert.is(reply.headers['access-control-allow-origin'], ORIGIN);
  assert.is(reply.headers.vary, 'Origin, Accept-Encoding');
  const preflightReply = await gateway.request('/v1/countries/BR', preflight('http://localhost:5173'));
  assert.is(preflightReply.headers['access-control-allow-origin'], 'http://localhost:5173');
});

listed('should give another origin no CORS headers, yet still vary on Origin', async () => {
  for (const origin of ['https://evil.example.com', 'https://app.example.com.evil.net', 'null']) {
    const reply = await gateway.request('/v1/countries/BR', { headers: { Origin: origin } });
    assert.is(reply.status, 200);
    assert.is(reply.headers['access-control-allow-origin'], undefined, origin);
    assert.match(reply.headers.vary!, 'Origin');
    const preflightReply = await gateway.request('/v1/countries/BR', preflight(origin));
    assert.is(preflightReply.headers['access-control-allow-origin'], undefined);
    assert.is(preflightReply.headers['access-control-allow-headers'], undefined);
  }
});

listed('should vary on Origin on errors as well', async () => {
  const reply = await gateway.request('/v1/countries/BR', { key: null, headers: { Origin: ORIGIN } });
  assert.is(reply.status, 401);
  assert.is(reply.headers['access-control-allow-origin'], ORIGIN);
  assert.is(reply.headers.vary, 'Origin');
});

listed.run();
