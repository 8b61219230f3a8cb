import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PROBLEMS } from '../contract/problems.ts';
import { rawManifest, startGateway, type Gateway } from './helpers/gateway.ts';
import { runLoad, type Result } from './helpers/load.ts';
import { generator } from './helpers/fuzz.ts';
import { LEAKS } from './helpers/hostile.ts';
import { prng } from './helpers/prng.ts';

const SEED = 0x5eed;
const REQUESTS = 3000;

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
  fileShas = new Set(Object.values(rawManifest().files).map((file) => file.sha256));
});
fuzz.after(() => gateway.close());

const targets = Array.from({ length: REQUESTS }, generator(prng(SEED)));

fuzz(`should answer ${REQUESTS} random requests (seed ${SEED}) without a 5xx, in JSON (the page's files aside), never with a file outside dist`, async () => {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  await runLoad({
    port: gateway.port,
    concurrency: 8,
    maxRequests: REQUESTS,
    maxMs: 120_000,
    next: (index) => targets[index],
    onResult: (result) => {
      statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
      const problem = violation(result);
      if (problem && failures.length < 20) failures.push(`${problem}: GET ${result.target.path} ${JSON.stringify(result.target.headers)}`);
    },
  }).done;
  assert.equal(failures, []);
  assert.is(
    [...statuses.values()].reduce((sum, n) => sum + n, 0),
    REQUESTS,
  );
  // The generator reaches every kind of answer, or it proves little.
  for (const status of [200, 400, 401, 404]) assert.ok((statuses.get(status) ?? 0) >= 30, `${status}: ${JSON.stringify([...statuses])}`);
  assert.is((await gateway.request('/v1/countries/BR')).status, 200);
});

fuzz.run();
