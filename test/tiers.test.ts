/**
 * One contract, every tier: one corpus of requests sent to the gateway, to nginx with the generated
 * config and to the edge on workerd (the Worker as wrangler bundles it), each answer compared by what
 * a client reads, bodies after decoding. A difference passes only where an exception below names it
 * with its reason, and an exception that no request shows any more fails too, so the list stays the
 * truth (docs/nginx.md, "Tiers"; docs/edge.md).
 */
import { METHODS } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startNginx, type Nginx } from '../nginx/nginx.ts';
import type { LocalEdge } from '../edge/node/local.ts';
import { ANONYMOUS, SAMPLE } from './helpers/answers.ts';
import { requirePackages } from './helpers/debian-packages.ts';
import { builtDist } from './helpers/dist.ts';
import { generator } from './helpers/fuzz.ts';
import { startEdge } from './helpers/edge.ts';
import { distFile, startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';
import { HOSTILE, rawRequest, type Hostile } from './helpers/hostile.ts';
import { testSnapshot } from './helpers/kept-snapshot.ts';
import { keylessRequests } from './helpers/keyless.ts';
import { prng } from './helpers/prng.ts';
import { freePort } from './helpers/start.ts';
import { ask, differences, type Answer, type Tier } from './helpers/tiers.ts';

const FUZZED = 2500;
const etag = () => `"${JSON.parse(distFile('manifest.columns.json').toString()).files.sha256.slice(0, 64)}"`;

/** Requests the tiers were once found to answer differently, and the like. */
const TABLE: [string, Hostile][] = [
  ['locale twice', { target: '/v1/countries?locale=de&locale=fr' }],
  ['an empty locale', { target: '/v1/countries?locale=' }],
  ['a locale without a value', { target: '/v1/countries?locale' }],
  ['view in capitals', { target: '/v1/countries?view=FULL' }],
  ['an empty view', { target: '/v1/countries?view=' }],
  ['view twice', { target: '/v1/countries?view=full&view=compact' }],
  ['a locale over 64 characters', { target: `/v1/countries?locale=de-${'x'.repeat(70)}` }],
  ['a private-use locale', { target: '/v1/countries?locale=x-private' }],
  ['a grandfathered locale', { target: '/v1/countries?locale=i-klingon' }],
  ['a locale with an escaped hyphen', { target: '/v1/countries?locale=pt%2DBR' }],
  ['a locale with an underscore', { target: '/v1/countries/JP?locale=zh_Hant_HK' }],
  ['an unknown parameter', { target: '/v1/countries?lang=de' }],
  ['a parameter one letter off', { target: '/v1/countries?locle=de' }],
  ['a parameter in capitals', { target: '/v1/countries/BR?Locale=de' }],
  ["a parameter under another API's name", { target: '/v1/countries/search?query=peru' }],
  ['a parameter no name is near', { target: '/v1/countries?x=1' }],
  ['an unknown parameter on a file of no locale', { target: '/v1/phone/BR?fields=x' }],
  ['a parameter the endpoint ignores', { target: '/v1/phone/BR?locale=de' }],
  ['two Authorization headers', { target: '/v1/countries/BR', headers: [`Authorization: Bearer ${TEST_KEY}`] }],
  ['the key in capitals', { target: '/v1/countries/BR', auth: `bearer ${TEST_KEY.toUpperCase()}` }],
  ['the scheme in capitals', { target: '/v1/countries/BR', auth: `BEARER ${TEST_KEY}` }],
  ['a health check without a key', { target: '/healthz', auth: null }],
  ['a health check by POST', { target: '/healthz', method: 'POST', headers: ['Content-Length: 0'] }],
  ['DELETE', { target: '/v1/countries/BR', method: 'DELETE' }],
  [
    'OPTIONS from a browser',
    { target: '/v1/countries/BR', method: 'OPTIONS', auth: null, headers: ['Origin: https://a.example', 'Access-Control-Request-Method: GET'] },
  ],
  ['OPTIONS without a preflight', { target: '/v1/countries/BR', method: 'OPTIONS', auth: null }],
  ['HEAD of a file', { target: '/v1/countries/BR', method: 'HEAD' }],
  ['HEAD of a problem', { target: '/v1/countries/ZZ', method: 'HEAD' }],
  ['UK for GB', { target: '/v1/countries/UK' }],
  ['EL for GR, in phone', { target: '/v1/phone/el' }],
  ['a file name for a code', { target: '/v1/countries/BR.json' }],
  ['a subdivision without its prefix', { target: '/v1/subdivisions/br/sp?locale=pt' }],
  ['a subdivision of another country', { target: '/v1/subdivisions/BR/US-CA' }],
  ['a withdrawn subdivision without its prefix', { target: '/v1/subdivisions/kz/ast' }],
  ['a trailing slash', { target: '/v1/countries/BR/' }],
  ['/v1/ with a slash', { target: '/v1/' }],
  ['doubled slashes', { target: '//v1//countries' }],
  // Issue 34's differences between the tiers, each answered one way everywhere.
  ['an escaped slash after a code', { target: '/v1/countries/BR%2F' }],
  ['an escaped slash between a country and a subdivision', { target: '/v1/subdivisions/BR%2FSP' }],
  ['search in capitals', { target: '/v1/countries/SEARCH?q=peru' }],
  ['search by a currency code', { target: '/v1/countries/search?q=EUR&limit=50' }],
  ['search by a capital', { target: '/v1/countries/search?q=canberra' }],
  ["search by a capital in the reader's locale", { target: '/v1/countries/search?q=%D0%9F%D0%B0%D1%80%D0%B8%D0%B6&locale=ru' }],
  ['search by two letters of a currency code', { target: '/v1/countries/search?q=eu' }],
  ['a key followed by a tab', { target: '/v1/countries/BR', auth: `Bearer ${TEST_KEY}\t` }],
  ['TRACE without a key', { target: '/v1/countries/BR', method: 'TRACE', auth: null }],
  ['TRACE with a key', { target: '/v1/countries/BR', method: 'TRACE' }],
  ['a Range', { target: '/v1/countries/BR', headers: ['Range: bytes=0-9'] }],
  ['a Range past the end', { target: '/v1/countries/BR', headers: ['Range: bytes=99999-'] }],
  ['a Range with If-Range', { target: '/v1/countries/BR', headers: ['Range: bytes=0-9', 'If-Range: "x"'] }],
  ['br refused with an upper-case Q', { target: '/v1/countries', headers: ['Accept-Encoding: br;Q=0'] }],
  ['identity refused', { target: '/v1/countries/BR', headers: ['Accept-Encoding: identity;q=0'] }],
  ['a Host with a slash', { target: '/v1/countries/BR', headers: ['Host:', 'Host: a/b'] }],
  ['a Host with an at sign', { target: '/v1/countries/BR', headers: ['Host:', 'Host: a@b'] }],
  ['a Host with a tab', { target: '/v1/countries/BR', headers: ['Host:', 'Host: a\tb'] }],
  ['two Authorization headers, the first empty', { target: '/v1/countries/BR', auth: '', headers: [`Authorization: Bearer ${TEST_KEY}`] }],
  ['an Expect no server meets', { target: '/v1/countries/BR', headers: ['Expect: junk'] }],
  ['an Expect no server meets, without a key', { target: '/v1/countries/BR', auth: null, headers: ['Expect: junk'] }],
];

const revalidations = (): [string, Hostile][] => [
  ['If-None-Match listing another ETag first', { target: '/v1/countries/BR', headers: [`If-None-Match: "x", ${etag()}`] }],
  ['If-None-Match with its ETag weak', { target: '/v1/countries/BR', headers: [`If-None-Match: W/${etag()}`] }],
  ['If-None-Match: *', { target: '/v1/countries/BR', headers: ['If-None-Match: *'] }],
  ['two If-None-Match headers, the second naming its ETag', { target: '/v1/countries/BR', headers: ['If-None-Match: "x"', `If-None-Match: ${etag()}`] }],
];

const asHostile = ([path, headers]: [string, Record<string, string>], auth: string | null): Hostile => ({
  target: path,
  auth,
  headers: Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
});

/** The target as a client sends it: characters beyond ASCII percent-encoded in UTF-8. */
const encoded = (target: string) => target.replace(/\P{ASCII}+/gu, (text) => encodeURIComponent(text));

function corpus(): [string, Hostile][] {
  const next = generator(prng(0x7135));
  const fuzzed = Array.from({ length: FUZZED }, (_, index): [string, Hostile] => {
    const { path: raw, headers = {} } = next();
    const path = encoded(raw);
    const { Authorization: auth, ...rest } = headers;
    return [`fuzz ${index}`, { target: path, auth: auth ?? null, headers: Object.entries(rest).map(([name, value]) => `${name}: ${value}`) }];
  });
  return [
    ...TABLE,
    ...revalidations(),
    ...SAMPLE.map((sample): [string, Hostile] => [`sample ${sample[0]}`, asHostile(sample, `Bearer ${TEST_KEY}`)]),
    ...ANONYMOUS.map((sample): [string, Hostile] => [`anonymous ${sample[0]}`, asHostile(sample, null)]),
    ...HOSTILE.map(([what, request]): [string, Hostile] => [`hostile: ${what}`, request]),
    ...fuzzed,
  ];
}

/** Where a tier cannot answer as the gateway does: which tier, the reason, and the requests it concerns. */
interface Exception {
  tier: string;
  reason: string;
  applies: (request: Hostile, answers: [gateway: Answer, other: Answer]) => boolean;
}

const pathOf = (target: string) => target.replace(/^https?:\/\/[^/]*/i, '').split('?')[0];
/** Whether the path's dot segments (`..`, `%2e%2e`) would climb above the root. */
function climbs(path: string): boolean {
  let depth = 0;
  for (const segment of path.split('/').slice(1)) {
    const dots = segment.replace(/%2e/gi, '.');
    depth += dots === '..' ? -1 : dots === '.' ? 0 : 1;
    if (depth < 0) return true;
  }
  return false;
}

const EXCEPTIONS: Exception[] = [
  {
    tier: 'nginx',
    reason: 'nginx decodes every escape of a path before it matches it: %2F is a slash there, and the path names another resource (404 either way)',
    applies: (request) => /%2f/i.test(pathOf(request.target)),
  },
  {
    tier: 'nginx',
    reason:
      'nginx refuses a path it cannot decode (%00, a % without two hex digits) or that climbs above the root, an asterisk target and a target with a user, with 400 bad_request; the other tiers find nothing there (404), or refuse a missing key first (401)',
    applies: (request, [, other]) =>
      other.code === 'bad_request' &&
      (/%00|%(?![0-9a-f]{2})/i.test(pathOf(request.target)) ||
        climbs(pathOf(request.target)) ||
        request.target === '*' ||
        /^https?:\/\/[^/]*@/i.test(request.target)),
  },
  {
    tier: 'nginx',
    reason: 'node:http refuses a raw byte beyond ASCII in the request target (400 bad_request); nginx reads it (clients send such characters percent-encoded)',
    applies: (request) => /\P{ASCII}/u.test(request.target),
  },
  {
    tier: 'nginx',
    reason: 'a request line over 16 KiB: node:http answers 431 headers_too_large, nginx 414 uri_too_long',
    applies: (request) => request.target.length > 16 * 1024 - 64,
  },
  {
    tier: 'nginx',
    reason:
      'nginx refuses a second Authorization header itself (400 bad_request); the gateway and the edge call it a malformed credential (400 invalid_request)',
    applies: (request) => request.auth !== null && (request.headers ?? []).some((line) => /^authorization:/i.test(line)),
  },
  {
    tier: 'nginx',
    reason: 'nginx refuses CONNECT (400 bad_request); node:http hands it to the gateway, which answers 405',
    applies: (request) => request.method === 'CONNECT',
  },
  {
    tier: 'nginx',
    reason: 'node:http refuses a method it does not know (400 bad_request); nginx answers it 405 method_not_allowed',
    applies: (request) => request.method !== undefined && !METHODS.includes(request.method),
  },
  {
    tier: 'nginx',
    reason: 'nginx skips a header line without a colon; node:http refuses the request (400 bad_request)',
    applies: (request) => (request.headers ?? []).some((line) => line !== 'Host:' && !line.includes(':')),
  },
  {
    tier: 'nginx',
    reason: 'a query name percent-encoded: the gateway decodes it (so %6Cocale is locale), nginx reads it as sent',
    applies: (request) => /[?&][^=&]*%/.test(request.target),
  },
  {
    tier: 'nginx',
    reason: 'nginx refuses a Host holding a slash or a tab itself (400 bad_request); the gateway and the edge answer the target and ignore the Host',
    applies: (request, [, other]) => other.code === 'bad_request' && (request.headers ?? []).some((line) => /^host: .*[/\t]/i.test(line)),
  },
  {
    tier: 'nginx',
    reason: 'nginx 1.22 refuses a second If-None-Match line itself (400 bad_request); the gateway and the edge read the first',
    applies: (request, [, other]) => other.code === 'bad_request' && (request.headers ?? []).filter((line) => /^if-none-match:/i.test(line)).length > 1,
  },
  // workerd's HTTP parser, before the Worker runs. On the CDN, Cloudflare's front line reads the request before workerd does.
  {
    tier: 'edge',
    reason: 'workerd cannot take an absolute-form or asterisk request target: it answers 500 in plain text itself, without calling the Worker',
    applies: (request, [, other]) => !request.target.startsWith('/') && request.method !== 'CONNECT' && other.status === 500 && other.code === undefined,
  },
  {
    tier: 'edge',
    reason:
      'workerd passes a raw space, control byte, DEL or byte beyond ASCII in the path on to the Worker percent-encoded (404 country_not_found), where node:http refuses the request (400 bad_request); a raw NUL it refuses with 400 in plain text',
    applies: (request) => /[\p{Cc} \P{ASCII}]/u.test(request.target),
  },
  {
    tier: 'edge',
    reason:
      'workerd refuses a malformed header line (no colon, a space in the name, a NUL in the value) or a missing Host with 400 in plain text and a Content-Length that is no number with 500, and takes a folded line or Content-Length with Transfer-Encoding, which node:http refuses (400 bad_request)',
    applies: (request) =>
      (request.headers ?? []).some(
        (line) =>
          (line === 'Host:' && !(request.headers ?? []).some((other) => /^host: ./i.test(other))) ||
          !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+: [^\0]*$/.test(line) ||
          /^content-length: *\D/i.test(line),
      ) ||
      (request.headers ?? []).some((line) => /^transfer-encoding:/i.test(line)) ||
      /\0/.test(request.auth ?? ''),
  },
  {
    tier: 'edge',
    reason:
      'workerd answers 415 in plain text itself when Accept-Encoding refuses identity and names no coding it makes; the other tiers send the file as it is',
    applies: (request, [, other]) => other.status === 415 && (request.headers ?? []).some((line) => /^accept-encoding:.*identity *; *q=0/i.test(line)),
  },
  {
    tier: 'edge',
    reason: 'workerd drops an empty Authorization line, so a second one reaches the Worker alone and is read; the gateway reads the first (empty: 401)',
    applies: (request) => request.auth === '' && (request.headers ?? []).some((line) => /^authorization:/i.test(line)),
  },
  {
    tier: 'edge',
    reason:
      'workerd answers a method it does not know (or in lower case) with 501, and CONNECT with 500, in plain text itself; node:http refuses the first (400 bad_request) and the gateway answers CONNECT 405',
    applies: (request, [, other]) =>
      request.method !== undefined && (request.method === 'CONNECT' || !METHODS.includes(request.method)) && other.code === undefined,
  },
];

/** Runs `each` over the cases, 8 at a time, so every tier is asked in parallel without a flood. */
async function eachAtOnce(cases: [string, Hostile][], each: (entry: [string, Hostile]) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < cases.length) await each(cases[next++]);
    }),
  );
}

const tiersSuite = suite('tiers (one corpus, every tier)');
let gateway: Gateway;
let nginx: Nginx | undefined;
let edge: LocalEdge | undefined;
let edgeStarting: Promise<LocalEdge> | undefined;
let tiers: Tier[];
tiersSuite.before(async () => {
  requirePackages('nginx-light', 'libnginx-mod-http-brotli-static');
  // workerd starts in its own process while this one finds (or makes) nginx's snapshot of the dist.
  edgeStarting = startEdge().then((started) => (edge = started));
  edgeStarting.catch(() => undefined); // awaited below: a failure to start fails the hook there
  gateway = await startGateway();
  const port = await freePort();
  nginx = await startNginx({
    distDir: builtDist(),
    snapshot: testSnapshot(),
    host: '127.0.0.1',
    port,
    keys: [TEST_KEY],
    searchOrigin: `http://127.0.0.1:${gateway.port}`,
    workers: 1,
  });
  const edgeStarted = await edgeStarting;
  tiers = [
    { name: 'gateway', port: gateway.port },
    { name: 'nginx', port },
    { name: 'edge', port: edgeStarted.port },
  ];
});
tiersSuite.after(async () => {
  await edgeStarting?.catch(() => undefined);
  await edge?.stop();
  await nginx?.stop();
  await gateway?.close();
});

tiersSuite('should answer every request of the corpus alike on every tier, but for the exceptions named', async () => {
  const cases = corpus();
  const unexplained: string[] = [];
  const used = new Map<Exception, number>();
  await eachAtOnce(cases, async ([name, request]) => {
    const bytes = rawRequest(request);
    const answers = await Promise.all(tiers.map((tier) => ask(tier, bytes, request.method ?? 'GET')));
    if (answers[0].headers['x-content-type-options'] !== 'nosniff') unexplained.push(`gateway, ${name}: no X-Content-Type-Options: nosniff`);
    for (let i = 1; i < tiers.length; i++) {
      const found = differences(answers[0], answers[i]);
      if (found.length === 0) continue;
      const exception = EXCEPTIONS.find((candidate) => candidate.tier === tiers[i].name && candidate.applies(request, [answers[0], answers[i]]));
      if (exception) used.set(exception, (used.get(exception) ?? 0) + 1);
      else {
        const bodies = found.includes('body') ? ` (${[answers[0], answers[i]].map((answer) => answer.body.toString('utf8', 0, 200)).join(' / ')})` : '';
        unexplained.push(`${tiers[i].name}, ${name} (${request.method ?? 'GET'} ${request.target.slice(0, 120)}): ${found.join('; ').slice(0, 300)}${bodies}`);
      }
    }
  });
  console.log(
    `  ${cases.length} requests to ${tiers.map((tier) => tier.name).join(', ')}; exceptions: ${EXCEPTIONS.map((exception) => `${exception.tier} ${used.get(exception) ?? 0}`).join(', ') || 'none'}`,
  );
  assert.equal(unexplained.slice(0, 40), [], `${unexplained.length} unexplained differences`);
  for (const exception of EXCEPTIONS) assert.ok(used.has(exception), `no request shows the exception any more: ${exception.reason}`);
});

tiersSuite('should refuse every request without a key that names an internal step of a tier in its query (401 on every tier)', async () => {
  const cases = keylessRequests(builtDist());
  const wrong: string[] = [];
  await eachAtOnce(cases, async ([name, request]) => {
    const bytes = rawRequest(request);
    // workerd cannot take an absolute-form target at all (an exception above): the edge is asked in origin form only.
    for (const tier of tiers.filter((candidate) => candidate.name !== 'edge' || request.target.startsWith('/'))) {
      const answer = await ask(tier, bytes, 'GET');
      if (answer.status !== 401 || answer.code !== 'missing_credentials')
        wrong.push(`${tier.name}, ${name} (${request.target}): ${answer.status} ${answer.code}`);
    }
  });
  console.log(`  ${cases.length} requests without a key to ${tiers.map((tier) => tier.name).join(', ')}; ${wrong.length} not refused`);
  assert.equal(wrong.slice(0, 40), [], `${wrong.length} answers other than 401 missing_credentials`);
});

tiersSuite.run();
