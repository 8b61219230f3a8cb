import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { statusOf, type ProblemCode } from '../contract/problems.ts';
import { builtDist } from './helpers/dist.ts';
import { startGateway, type Gateway, type RequestOptions } from './helpers/gateway.ts';
import { partialCopy } from './helpers/next-release.ts';

// One request provoking each problem code (contract/problems.ts; internal_error has its own suite below).
const PROVOKE: [code: string, path: string, options?: RequestOptions][] = [
  ['missing_credentials', '/v1/countries', { key: null }],
  ['invalid_credentials', '/v1/countries', { key: 'not-the-key-0123456789abcdef' }],
  ['invalid_parameter', '/v1/countries?view=huge'],
  ['country_not_found', '/v1/countries/ZZ'],
  ['subdivision_not_found', '/v1/subdivisions/BR/XX'],
  ['not_found', '/v2/countries'],
  ['method_not_allowed', '/v1/countries', { method: 'DELETE' }],
];

let gateway: Gateway;
const errors = suite('errors');
errors.before(async () => {
  gateway = await startGateway();
});
errors.after(() => gateway.close());

for (const [code, path, options] of PROVOKE) {
  errors(`should answer ${code} as an RFC 9457 problem with status ${statusOf(code as ProblemCode)}`, async () => {
    const reply = await gateway.request(path, options);
    const status = statusOf(code as ProblemCode);
    assert.is(reply.status, status);
    assert.is(reply.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.is(reply.headers['cache-control'], 'no-store');
    const problem = reply.json();
    assert.equal(Object.keys(problem), ['type', 'title', 'status', 'detail', 'code']);
    assert.is(problem.status, status);
    assert.is(problem.code, code);
    assert.is(problem.type, 'about:blank');
    assert.type(problem.title, 'string');
    assert.ok(problem.detail.length > 10);
  });
}

errors('should name the allowed values of view and the methods of a 405', async () => {
  assert.match((await gateway.request('/v1/countries?view=huge')).json().detail, 'compact, full');
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    const reply = await gateway.request('/v1/countries/BR', { method });
    assert.is(reply.status, 405, method);
    assert.is(reply.headers.allow, 'GET, HEAD, OPTIONS');
  }
});

errors('should answer a HEAD that fails with the status and headers but no body', async () => {
  const reply = await gateway.request('/v1/countries/ZZ', { method: 'HEAD' });
  assert.is(reply.status, 404);
  assert.is(reply.headers['content-type'], 'application/problem+json; charset=utf-8');
  assert.is(reply.body.length, 0);
});

errors('should not reflect odd path input in a detail', async () => {
  const reply = await gateway.request('/v1/countries/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  assert.is(reply.status, 404);
  assert.not.match(reply.body.toString(), 'script');
});

// The same request gets the same answer each time, to GET and to HEAD.
const REPEATED = ['/v1/countries/ZZ', '/v1/countries?view=huge', '/v1/countries/BR?locale=%zz', '/v1/subdivisions/BR/XX', '/v2/countries', '/v1/countries/BR'];
for (const path of REPEATED) {
  errors(`should answer ${path} the same the second and third time, to GET and HEAD`, async () => {
    const first = await gateway.request(path);
    const head = await gateway.request(path, { method: 'HEAD' });
    const again = await gateway.request(path);
    assert.is(again.status, first.status);
    assert.is(head.status, first.status);
    assert.is(head.body.length, 0);
    assert.equal(again.body, first.body);
    const { date: _date, ...headers } = first.headers;
    const { date: _again, ...againHeaders } = again.headers;
    assert.equal(againHeaders, headers);
  });
}

errors.run();

// Codes ISO withdrew (ISO 3166-3 for countries, ISO 3166-2 newsletters for subdivisions): 410 and where they went.
const WITHDRAWN: [path: string, replacedBy: string[], detail: string][] = [
  ['/v1/countries/ZR', ['CD'], 'ZR (Zaire, Republic of) was withdrawn from ISO 3166 on 1997-07-14; use CD.'],
  ['/v1/countries/zar', ['CD'], 'ZR (Zaire, Republic of)'],
  ['/v1/countries/BU', ['MM'], 'BU (Burma'],
  ['/v1/countries/YU?locale=de', ['ME', 'RS'], 'use ME or RS.'],
  ['/v1/countries/AN', ['BQ', 'CW', 'SX'], 'Netherlands Antilles'],
  // CS was Czechoslovakia until 1993, then Serbia and Montenegro: the code answers for its last holder, the numbers for each.
  ['/v1/countries/CS', ['ME', 'RS'], 'Serbia and Montenegro'],
  ['/v1/countries/200', ['CZ', 'SK'], 'Czechoslovakia'],
  ['/v1/phone/SU', ['AM', 'AZ', 'BY', 'EE', 'GE', 'KG', 'KZ', 'LT', 'LV', 'MD', 'RU', 'TJ', 'TM', 'UA', 'UZ'], 'USSR'],
  ['/v1/subdivisions/DD', ['DE'], 'German Democratic Republic'],
  ['/v1/subdivisions/KZ/KZ-AST', ['KZ-71'], 'KZ-AST (Nur-Sultan) was withdrawn from ISO 3166 on 2022-11-29; use KZ-71.'],
  ['/v1/subdivisions/KZ/ast?locale=ru', ['KZ-71'], 'KZ-AST'],
  // A currency no country uses on the data's record date: its last day as tender, and what took its place.
  ['/v1/currencies/BGN', ['EUR'], 'BGN (Bulgarian Lev) was last legal tender on 2026-01-31; use EUR.'],
  ['/v1/currencies/hrk', ['EUR'], 'HRK (Croatian Kuna)'],
  ['/v1/currencies/ANG', ['AWG', 'USD', 'XCG'], 'ANG (Netherlands Antillean Guilder) was last legal tender on 2025-06-30'],
  ['/v1/currencies/SLL', ['SLE'], 'SLL'],
  ['/v1/currencies/VEF', ['VES'], 'VEF'],
  ['/v1/subdivisions/in/IN-OR', ['IN-OD'], 'Odisha'],
  ['/v1/subdivisions/GB/NTH', ['GB-NNH', 'GB-WNH'], 'Northamptonshire'],
];

// What a person reads when a request is almost right: the detail says what to send instead.
const TEXTS: [path: string, status: number, code: string, detail: string][] = [
  ['/v1/countries/BR.json', 404, 'country_not_found', 'Paths take no .json suffix: ask for /v1/countries/BR.'],
  ['/v1/countries/UK', 404, 'country_not_found', 'UK is not an ISO 3166-1 code; the United Kingdom is GB: ask for /v1/countries/GB.'],
  ['/v1/phone/EL', 404, 'country_not_found', 'EL is not an ISO 3166-1 code; Greece is GR: ask for /v1/phone/GR.'],
  ['/v1/countries/ZZ', 404, 'country_not_found', 'No country has the code "ZZ"; codes are ISO 3166-1 alpha-2, alpha-3 or numeric (BR, BRA, 076).'],
  ['/v1/countries?lang=de', 400, 'unknown_parameter', '"lang" is not a parameter of this API; /v1/countries takes view and locale. Did you mean locale?'],
  ['/v1/countries?locle=de', 400, 'unknown_parameter', '"locle" is not a parameter of this API; /v1/countries takes view and locale. Did you mean locale?'],
  [
    '/v1/countries/search?query=peru',
    400,
    'unknown_parameter',
    '"query" is not a parameter of this API; /v1/countries/search takes q, locale, view and limit. Did you mean q?',
  ],
  ['/v1/countries?fields=name', 400, 'unknown_parameter', '"fields" is not a parameter of this API; /v1/countries takes view and locale.'],
  ['/v1/phone/BR?x=1', 400, 'unknown_parameter', '"x" is not a parameter of this API; /v1/phone/{country_code} takes no parameters.'],
  ['/v1/countries?view=huge', 400, 'invalid_parameter', 'view must be one of: compact, full.'],
];

const texts = suite('errors: texts a person reads');
texts.before(async () => {
  gateway = await startGateway();
});
texts.after(() => gateway.close());

for (const [path, status, code, detail] of TEXTS) {
  texts(`should answer ${path} with ${status} ${code} saying what to send`, async () => {
    const problem = (await gateway.request(path)).json();
    assert.is(problem.status, status);
    assert.is(problem.code, code);
    assert.is(problem.detail, detail);
  });
}

texts.run();

const withdrawn = suite('errors: withdrawn codes');
withdrawn.before(async () => {
  gateway = await startGateway();
});
withdrawn.after(() => gateway.close());

for (const [path, replacedBy, detail] of WITHDRAWN) {
  withdrawn(`should answer ${path} with 410 code_withdrawn naming ${replacedBy.join(', ')}`, async () => {
    const reply = await gateway.request(path);
    assert.is(reply.status, 410);
    assert.is(reply.headers['content-type'], 'application/problem+json; charset=utf-8');
    const problem = reply.json();
    assert.equal(Object.keys(problem), ['type', 'title', 'status', 'detail', 'code', 'replaced_by', 'withdrawn']);
    assert.is(problem.code, 'code_withdrawn');
    assert.is(problem.title, 'Gone');
    assert.equal(problem.replaced_by, replacedBy);
    assert.match(problem.withdrawn, /^\d{4}(-\d{2}-\d{2})?$/);
    assert.ok(problem.detail.includes(detail), problem.detail);
  });
}

// Codes that were withdrawn once and given out again, and codes that never existed, are not gone.
for (const [path, status] of [
  ['/v1/countries/BY', 200],
  ['/v1/countries/GE', 200],
  ['/v1/subdivisions/KZ/KZ-71', 200],
  ['/v1/subdivisions/IN/IN-OD', 200],
  ['/v1/countries/QQ', 404],
  ['/v1/subdivisions/KZ/KZ-XYZ', 404],
  ['/v1/subdivisions/RU/KZ-AST', 404],
  ['/v1/currencies/eur', 200],
  ['/v1/currencies/XCG', 200],
  ['/v1/currencies/XYZ', 404],
] as const) {
  withdrawn(`should answer ${path} with ${status}`, async () => {
    assert.is((await gateway.request(path)).status, status);
  });
}

withdrawn.run();

// A dist whose files are damaged after start (VERIFY_DIST aside): the gateway answers 500
// internal_error, logs the cause, and keeps serving.
const internal = suite('internal_error');
let scratch: string;
internal.before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'country-broken-dist-'));
  const dist = join(scratch, 'dist');
  partialCopy(builtDist(), dist);
  unlinkSync(join(dist, 'v1/countries/BR.json'));
  unlinkSync(join(dist, 'v1/phone/BR.json')); // not written through the hard link
  writeFileSync(join(dist, 'v1/phone/BR.json'), '{"truncated":');
  gateway = await startGateway({ DIST_DIR: dist });
});
internal.after(async () => {
  await gateway.close();
  rmSync(scratch, { recursive: true, force: true });
});

for (const [what, path] of [
  ['a missing file', '/v1/countries/BR'],
  ['a file whose size differs from the manifest', '/v1/phone/BR'],
]) {
  internal(`should answer ${what} with 500 internal_error and no stack`, async () => {
    const reply = await gateway.request(path);
    assert.is(reply.status, 500);
    const problem = reply.json();
    assert.is(problem.code, 'internal_error');
    assert.is(reply.headers.etag, undefined, 'no header of the file that failed');
    assert.is(reply.headers['content-language'], undefined);
    assert.is(reply.headers['cache-control'], 'no-store');
    assert.not.match(reply.body.toString(), /at |\.ts|node:|\/tmp\//);
    assert.ok(
      gateway.logs.some((line) => line.startsWith('error: GET') && line.includes('.ts:')),
      'the stack goes to the log',
    );
  });
}

internal('should keep serving after an internal error', async () => {
  assert.is((await gateway.request('/v1/countries/BR')).status, 500);
  assert.is((await gateway.request('/healthz')).status, 200);
  assert.is((await gateway.request('/v1/countries/ZZ')).status, 404);
});

internal.run();
