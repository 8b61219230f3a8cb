import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PROBLEMS, statusOf, type ProblemCode } from '../contract/problems.ts';
import { rawManifest, startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';
import { runLoad, type Result, type Target } from './helpers/load.ts';
import { prng } from './helpers/prng.ts';

const SEED = 0x5eed;
const REQUESTS = 3000;

const ENDPOINTS = ['/v1/countries', '/v1/phone', '/v1/postal-code', '/v1/subdivisions', '/v1/subdivisions/BR', '/v1/address-example'];
const PREFIXES = [...ENDPOINTS, ...ENDPOINTS, ...ENDPOINTS, '/v1/countries/search', '/v1/countries/search', '', '/v1', '/healthz', '/v2',
  '/v1/_locale/pt', '/v1/_search', '/v1/openapi.json', '/manifest.json'];
const SEGMENTS = ['BR', 'us', 'DEU', '076', 'BR-SP', 'sp', 'zz', 'search', '..', '.', '', '%2e%2e', '%2E%2e%2f', '%2f', '%5c', '%00', '%c0%ae',
  '%c0%af', '%e0%80%ae', '%', '%zz', '%25', '%252e%252e', 'manifest.json', 'index.json', '_search', 'etc', 'passwd', 'package.json', '~', '%ff'];
const CODES = ['BR', 'br', 'DE', 'deu', '276', 'US', 'JP', 'ZA', 'IN', 'FR', 'GB', 'NZ', 'AQ', 'BR-SP'];
const PARAMETERS = ['locale', 'view', 'q', 'limit', 'foo', '__proto__', 'constructor', 'locale', 'q'];
const VALUES = ['pt', 'pt-BR', 'zh_TW', 'de', 'en-GB', 'x-klingon', 'iw', 'full', 'compact', 'FULL', '20', '0', '251', '-1', 'br',
  'bra', 'são', '..', '../../manifest', '%00', '%', '', 'a%20b', '%E2%82%AC'];
/** Characters a request target may carry as they are (node's client refuses the rest). */
const SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@";
const CODINGS = ['br', 'gzip', 'identity', 'br;q=0, gzip', '*', 'gzip;q=abc', ''];

function generator(random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const count = (max: number) => Math.floor(random() * (max + 1));
  const text = (length: number) => Array.from({ length }, () => pick([...SAFE])).join('');
  const escaped = (length: number) => Array.from({ length }, () => `%${Math.floor(random() * 256).toString(16).padStart(2, '0')}`).join('');
  const piece = () => {
    const kind = random();
    if (kind < 0.55) return pick(SEGMENTS);
    if (kind < 0.75) return text(1 + count(12));
    if (kind < 0.9) return escaped(1 + count(6));
    return text(100 + count(400));
  };

  return (): Target => {
    let path = pick(PREFIXES);
    // Mostly one segment, often a real code, so that many requests reach a file and its parameters.
    const segments = pick([0, 1, 1, 1, 1, 1, 2, 3]);
    for (let i = 0; i < segments; i++) path += (random() < 0.1 ? '//' : '/') + (i === 0 && random() < 0.8 ? pick(CODES) : piece());
    if (path === '') path = '/';
    if (random() < 0.6) {
      const pairs = Array.from({ length: count(4) }, () => {
        const name = random() < 0.85 ? pick(PARAMETERS) : piece();
        return random() < 0.1 ? name : `${name}=${random() < 0.7 ? pick(VALUES) : piece()}`;
      });
      path += `?${pairs.join(random() < 0.1 ? '&&' : '&')}`;
    }
    const headers: Record<string, string> = { 'Accept-Encoding': pick(CODINGS) };
    const key = random();
    if (key < 0.9) headers.Authorization = `Bearer ${TEST_KEY}`;
    else if (key < 0.95) headers.Authorization = `Bearer ${text(20)}`;
    if (random() < 0.05) headers['If-None-Match'] = random() < 0.5 ? '*' : text(30);
    return { path, headers };
  };
}

// Marks of files outside the API: manifest.json, the search index, /etc/passwd, package.json.
const LEAKS = /manifest_version|"normalization"|root:x:0|"devDependencies"/;

let fileShas: Set<string>;
/** Why `result` breaks a property; undefined when it holds. */
function violation({ target, status, headers, body, error }: Result): string | undefined {
  if (status === 0) return `no answer (${error})`;
  if (status >= 500) return `status ${status}`;
  if (LEAKS.test(body.toString('latin1'))) return 'the body is a file from outside dist';
  if (status === 304) return body.length === 0 ? undefined : 'a 304 with a body';
  // The form page's files are the only answers not in JSON; they are checked as files of the manifest below.
  const page = status === 200 && /^text\/(?:html|css|javascript); charset=utf-8$/.test(String(headers['content-type']));
  let json: any;
  try {
    json = page ? {} : JSON.parse(body.toString('utf8'));
  } catch {
    return 'the body is not JSON';
  }
  if (status >= 400) {
    if (headers['content-type'] !== 'application/problem+json; charset=utf-8') return `a ${status} of type ${headers['content-type']}`;
    if (!(json.code in PROBLEMS) || json.status !== status) return `a ${status} with code ${json.code}`;
    return undefined;
  }
  if (target.path.startsWith('/healthz')) return json.status === 'ok' ? undefined : 'a health check not ok';
  const sha = createHash('sha256').update(body).digest('hex');
  if (headers.etag !== `"${sha}"`) return `ETag ${headers.etag} is not the body's SHA-256`;
  if (!target.path.startsWith('/v1/countries/search?') && !fileShas.has(sha)) return 'a 200 whose body is no file of the manifest';
  return undefined;
}

let gateway: Gateway;
const fuzz = suite('fuzz (random paths and queries)');
fuzz.before(async () => {
  gateway = await startGateway();
  fileShas = new Set(Object.values<any>(rawManifest().files).map((file) => file.sha256));
});
fuzz.after(() => gateway.close());

const targets = Array.from({ length: REQUESTS }, generator(prng(SEED)));

fuzz(`should answer ${REQUESTS} random requests (seed ${SEED}) without a 5xx, in JSON (the page's files aside), never with a file outside dist`, async () => {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  await runLoad({
    port: gateway.port, concurrency: 8, maxRequests: REQUESTS, maxMs: 120_000,
    next: (index) => targets[index],
    onResult: (result) => {
      statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
      const problem = violation(result);
      if (problem && failures.length < 20) failures.push(`${problem}: GET ${result.target.path} ${JSON.stringify(result.target.headers)}`);
    },
  }).done;
  assert.equal(failures, []);
  assert.is([...statuses.values()].reduce((sum, n) => sum + n, 0), REQUESTS);
  // The generator reaches every kind of answer, or it proves little.
  for (const status of [200, 400, 401, 404]) assert.ok((statuses.get(status) ?? 0) >= 30, `${status}: ${JSON.stringify([...statuses])}`);
  assert.is((await gateway.request('/v1/countries/BR')).status, 200);
});

fuzz.run();
