import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DistError, openDist } from '../gateway/dist.ts';
import { startGateway, type Gateway } from './helpers/gateway.ts';
import { HOSTILE, LEAKS, rawRequest } from './helpers/hostile.ts';
import { exchange } from './helpers/raw-http.ts';

let gateway: Gateway;
const security = suite('security (hostile requests)');
security.before(async () => {
  gateway = await startGateway();
});
security.after(() => gateway.close());

security('should have at least 60 hostile requests to try', () => assert.ok(HOSTILE.length >= 60, String(HOSTILE.length)));

for (const [what, request, status, code] of HOSTILE) {
  security(`should answer ${what} with ${status}${code ? ` ${code}` : ''}, then keep serving`, async () => {
    const [reply] = await exchange(gateway.port, rawRequest(request), [request.method ?? 'GET']);
    assert.ok(reply, 'an answer');
    assert.is(reply.status, status, reply.head);
    const body = reply.body.toString('utf8');
    if (code) {
      assert.match(reply.head, /\r\ncontent-type: application\/problem\+json; charset=utf-8\r\n/i);
      const problem = JSON.parse(body);
      assert.is(problem.code, code);
      assert.is(problem.status, status);
    }
    assert.not.match(body, LEAKS);
    const good = await gateway.request('/v1/countries/BR');
    assert.is(good.status, 200);
    assert.is(good.json().code, 'BR');
  });
}

security.run();

// The manifest is input too: a key that could leave the tree stops the gateway at start.
const manifestKeys = suite('security (manifest keys)');
const UNSAFE_KEYS = ['../outside.json', 'v1/../../outside.json', '/etc/passwd', 'v1/a\\..\\b.json', 'v1/./x.json', 'v1//x.json'];
for (const key of UNSAFE_KEYS) {
  manifestKeys(`should refuse to open a dist whose manifest lists ${JSON.stringify(key)}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'country-unsafe-dist-'));
    try {
      mkdirSync(join(dir, 'v1'));
      const entry = { bytes: 2, sha256: 'a'.repeat(64), content_language: null, encodings: {}, requests: [] };
      writeFileSync(
        join(dir, 'manifest.json'),
        JSON.stringify({
          manifest_version: 1,
          api_version: 'v1',
          release: { id: 'x' },
          default_locale: 'en',
          locales: [{ tag: 'en', fallback: [] }],
          path_codes: { country: { codes: { '': ['BR'] }, spellings: { br: 'BR' }, withdrawn: {}, hints: {} } },
          search_index: 'v1/index.json',
          files: { 'v1/index.json': entry, [key]: entry },
        }),
      );
      assert.throws(
        () => openDist(dir),
        (error: Error) => error instanceof DistError && /unsafe file key/.test(error.message),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
manifestKeys.run();
