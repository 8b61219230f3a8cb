import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { get, SAMPLE } from './helpers/answers.ts';
import { builtDist } from './helpers/dist.ts';
import { startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';

const NGINX = '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

/** nginx from Debian's package, serving the built dist with the config the build emitted. */
async function startNginx(dist: string, origin: number): Promise<{ port: number; stop: () => void }> {
  assert.ok(existsSync(NGINX) && existsSync(BROTLI_MODULE), 'nginx-light and libnginx-mod-http-brotli-static are installed by .ci/run');
  const work = mkdtempSync(join(tmpdir(), 'country-nginx-'));
  const port = await freePort();
  writeFileSync(join(work, 'keys.conf'), `"Bearer ${TEST_KEY}" ok;\n`);
  const site = readFileSync(join(dist, 'v1/_cdn/nginx.conf'), 'utf8')
    .replaceAll('__DIST_ROOT__', dist).replaceAll('__LISTEN__', `127.0.0.1:${port}`)
    .replaceAll('__KEYS__', join(work, 'keys.conf')).replaceAll('__ORIGIN__', `http://127.0.0.1:${origin}`);
  writeFileSync(join(work, 'site.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(work, temp));
  writeFileSync(join(work, 'nginx.conf'), [
    `load_module ${BROTLI_MODULE};`,
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;', 'daemon off;', `pid ${work}/nginx.pid;`, `error_log ${work}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {', '  access_log off;',
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${work}/${temp};`),
    `  include ${work}/site.conf;`, '}',
  ].join('\n'));
  const check = spawnSync(NGINX, ['-t', '-p', work, '-c', join(work, 'nginx.conf')], { encoding: 'utf8' });
  assert.is(check.status, 0, check.stderr);
  const child: ChildProcess = spawn(NGINX, ['-p', work, '-c', join(work, 'nginx.conf')], { stdio: 'ignore' });
  const stop = () => { child.kill('SIGQUIT'); rmSync(work, { recursive: true, force: true }); };
  for (let tries = 0; tries < 100; tries++) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
    if (up) return { port, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  stop();
  throw new Error(`nginx did not start: ${readFileSync(join(work, 'error.log'), 'utf8')}`);
}

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
];

const cdn = suite('nginx config (CDN layout)');
let gateway: Gateway;
let nginx: { port: number; stop: () => void };

cdn.before(async () => {
  gateway = await startGateway();
  try {
    nginx = await startNginx(builtDist(), gateway.port);
  } catch (error) {
    console.error(error);
    throw error;
  }
});
cdn.after(async () => {
  nginx?.stop();
  await gateway?.close();
});

for (const [path, headers] of SAMPLE) {
  const label = Object.keys(headers).length ? `${path} (${Object.values(headers).join(', ')})` : path;
  cdn(`should answer ${label} byte for byte as the gateway`, async () => {
    const [fromGateway, fromNginx] = await Promise.all([gateway.port, nginx.port].map((port) => get(port, path, { ...AUTH, ...headers })));
    assert.is(fromNginx.status, fromGateway.status);
    assert.ok(fromNginx.body.equals(fromGateway.body), 'same body bytes');
    for (const header of ['etag', 'content-language', 'content-encoding', 'content-type', 'data-release']) {
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
