import { createServer } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { nginxMissing, startNginx, type Nginx } from '../nginx/nginx.ts';
import { ANONYMOUS, get, SAMPLE } from './helpers/answers.ts';
import { builtDist } from './helpers/dist.ts';
import { startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';
import { startGatewayProcess } from './helpers/start.ts';

const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

const AUTH = { Authorization: `Bearer ${TEST_KEY}` };
const ERRORS: [string, Record<string, string>, string][] = [
  ['/v1/countries/BR', { Authorization: '' }, 'missing_credentials'],
  ['/v1/countries/BR', { Authorization: 'Bearer wrong-key-0123456789abcdef' }, 'invalid_credentials'],
  ['/v1/countries/ZZ', {}, 'country_not_found'],
  ['/v1/phone/XYZ', {}, 'country_not_found'],
  ['/v1/subdivisions/BR/BR-XX', {}, 'subdivision_not_found'],
  ['/v1/countries?locale=%25%25', {}, 'invalid_parameter'],
  ['/v1/countries?view=huge', {}, 'invalid_parameter'],
  ['/v1/nothing-here', {}, 'not_found'],
  ['/page/missing.js', { Authorization: '' }, 'missing_credentials'],
  ['/page/', { Authorization: '' }, 'missing_credentials'],
];

const cdn = suite('nginx config (CDN layout)');
let gateway: Gateway;
let nginx: Nginx & { port: number };

cdn.before(async () => {
  assert.is(nginxMissing(), undefined, '.ci/run installs nginx-light and libnginx-mod-http-brotli-static');
  gateway = await startGateway();
  const port = await freePort();
  nginx = { ...await startNginx({ distDir: builtDist(), host: '127.0.0.1', port, keys: [TEST_KEY], searchOrigin: `http://127.0.0.1:${gateway.port}`, workers: 1 }), port };
});
cdn.after(async () => {
  await nginx?.stop();
  await gateway?.close();
});

const requests: [path: string, headers: Record<string, string>, how: string][] = [
  ...SAMPLE.map(([path, headers]): [string, Record<string, string>, string] => [path, { ...AUTH, ...headers }, 'with the key']),
  ...ANONYMOUS.map(([path, headers]): [string, Record<string, string>, string] => [path, headers, 'without a key']),
];
for (const [path, headers, how] of requests) {
  const extra = Object.entries(headers).filter(([name]) => name !== 'Authorization').map(([, value]) => value);
  const label = extra.length ? `${path} (${extra.join(', ')})` : path;
  cdn(`should answer ${label} ${how} byte for byte as the gateway`, async () => {
    const [fromGateway, fromNginx] = await Promise.all([gateway.port, nginx.port].map((port) => get(port, path, headers)));
    assert.is(fromNginx.status, fromGateway.status);
    assert.ok(fromNginx.body.equals(fromGateway.body), 'same body bytes');
    for (const header of ['etag', 'content-language', 'content-encoding', 'content-type', 'cache-control', 'vary', 'data-release']) {
      assert.is(fromNginx.headers[header], fromGateway.headers[header], header);
    }
  });
}

cdn('should revalidate with the same ETag (304)', async () => {
  const { headers } = await get(gateway.port, '/v1/countries/BR', AUTH);
  const revalidated = await get(nginx.port, '/v1/countries/BR', { ...AUTH, 'If-None-Match': headers.etag as string });
  assert.is(revalidated.status, 304);
});

for (const [path, headers, code] of ERRORS) {
  cdn(`should refuse ${path} with ${code}, as the gateway`, async () => {
    const [fromGateway, fromNginx] = await Promise.all([gateway.port, nginx.port].map((port) => get(port, path, { ...AUTH, ...headers })));
    assert.is(fromNginx.status, fromGateway.status);
    assert.is(JSON.parse(fromNginx.body.toString()).code, code);
    assert.is(JSON.parse(fromGateway.body.toString()).code, code);
    assert.match(String(fromNginx.headers['content-type']), 'application/problem+json');
    assert.is(fromNginx.headers['data-release'], fromGateway.headers['data-release']);
  });
}

cdn.run();

// The one command that serves a dist with nginx, as `npm start` serves it with the gateway.
const command = suite('npm run serve:nginx');

command('should serve the dist on loopback with a generated key it prints, search through a gateway it starts, and stop on SIGTERM', async () => {
  const port = await freePort();
  const started = startGatewayProcess({ DIST_DIR: builtDist(), PORT: String(port) }, 'nginx/serve-nginx.ts');
  try {
    const [, key] = await started.waitFor(new RegExp(`^ {2}curl -H "Authorization: Bearer ([A-Za-z0-9_-]{43})" http://127\\.0\\.0\\.1:${port}/v1/countries/BR$`, 'm'));
    const country = await get(port, '/v1/countries/BR', { Authorization: `Bearer ${key}` });
    assert.is(country.status, 200);
    assert.is(JSON.parse(country.body.toString()).code, 'BR');
    assert.is((await get(port, '/v1/countries/search?q=brasil', { Authorization: `Bearer ${key}` })).status, 200);
    assert.is((await get(port, '/v1/countries/BR', { Authorization: 'Bearer wrong-key-0123456789abcdef' })).status, 401);
    started.child.kill('SIGTERM');
    assert.is((await started.exited).code, 0);
  } finally {
    if (started.child.exitCode === null) {
      started.child.kill('SIGTERM');
      await started.exited;
    }
  }
});

command.run();
