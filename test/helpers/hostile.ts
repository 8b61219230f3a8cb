/**
 * Hostile or malformed requests, as raw bytes (no client normalizes them), with what each must get:
 * the security suite sends them to the gateway, the tiers suite to every tier.
 */
import { TEST_KEY } from './gateway.ts';

// Marks of files outside the API: manifest.json, the search index, /etc/passwd, package.json.
export const LEAKS = /manifest_version|"normalization"|root:x:0|"devDependencies"/;
const LONG = 'a'.repeat(9000);

export interface Hostile {
  target: string;
  method?: string;
  /** Header lines besides Host (and Authorization, unless `auth` is given). */
  headers?: string[];
  /** The Authorization line's value; null sends none. Defaults to the test key. */
  auth?: string | null;
  /** The whole request as sent, when it is not even a request line and headers. */
  raw?: string;
}

/**
 * Hostile or malformed requests, sent as raw bytes (no client normalizes them): what each must get.
 * A parameter of the API that an endpoint does not use is ignored (200, no code); everything else
 * is a 4xx problem.
 */
export const HOSTILE: [what: string, request: Hostile, status: number, code: string | undefined][] = [
  // Traversal, in every encoding: a path reaches a file only through the manifest, so none leaves dist.
  ['dot segments to the manifest', { target: '/v1/../manifest.json' }, 404, 'not_found'],
  ['dot segments to /etc/passwd', { target: '/v1/../../../../etc/passwd' }, 404, 'not_found'],
  ['the manifest by name', { target: '/manifest.json' }, 404, 'not_found'],
  ['a dist file by its file name', { target: '/v1/countries.json' }, 404, 'not_found'],
  ['the search index by its file name', { target: '/v1/_search/index.json' }, 404, 'not_found'],
  ['the search index by its path', { target: '/v1/_search/index' }, 404, 'not_found'],
  ['a localized file by its file name', { target: '/v1/_locale/pt/countries/BR.json' }, 404, 'not_found'],
  ['dot segments after a code', { target: '/v1/countries/BR/../../manifest.json' }, 404, 'not_found'],
  ['%2f-encoded slashes in a code', { target: '/v1/countries/..%2f..%2fmanifest' }, 404, 'country_not_found'],
  ['%2F-encoded slashes to /etc/passwd', { target: '/v1/countries/..%2F..%2F..%2F..%2Fetc%2Fpasswd' }, 404, 'country_not_found'],
  ['%2e-encoded dots and slashes', { target: '/v1/countries/%2e%2e%2f%2e%2e%2fmanifest.json' }, 404, 'country_not_found'],
  ['%2E-encoded dot segments', { target: '/v1/countries/%2E%2E/%2E%2E/manifest.json' }, 404, 'not_found'],
  ['%2e%2e at the root', { target: '/%2e%2e/%2e%2e/etc/passwd' }, 404, 'not_found'],
  ['%5c-encoded backslashes', { target: '/v1/countries/..%5c..%5cmanifest' }, 404, 'country_not_found'],
  ['%2e and %5c together', { target: '/v1/countries/%2e%2e%5c%2e%2e%5cmanifest.json' }, 404, 'country_not_found'],
  ['raw backslashes', { target: '/v1\\..\\manifest.json' }, 404, 'not_found'],
  ['double-encoded dots and slash', { target: '/v1/countries/%252e%252e%252fmanifest' }, 404, 'country_not_found'],
  ['triple-encoded dots and slash', { target: '/v1/countries/%25252e%25252e%25252f' }, 404, 'country_not_found'],
  ['a double-encoded backslash', { target: '/v1/phone/..%255c..%255cmanifest' }, 404, 'country_not_found'],
  ['an encoded NUL before an extension', { target: '/v1/countries/BR%00.json' }, 404, 'country_not_found'],
  ['an encoded NUL after a code', { target: '/v1/countries/BR%00' }, 404, 'country_not_found'],
  ['overlong UTF-8 dots and slash (2 bytes)', { target: '/v1/countries/%c0%ae%c0%ae%c0%afmanifest' }, 404, 'country_not_found'],
  ['overlong UTF-8 dots (3 bytes)', { target: '/v1/countries/%e0%80%ae%e0%80%ae' }, 404, 'country_not_found'],
  ['an overlong UTF-8 slash between segments', { target: '/v1/phone/%c0%af..%c0%afmanifest.json' }, 404, 'country_not_found'],
  ['traversal in a subdivision code', { target: '/v1/subdivisions/BR/..%2f..%2f..%2fmanifest' }, 404, 'subdivision_not_found'],
  ['traversal in a country code of subdivisions', { target: '/v1/subdivisions/..%2F..%2F_search/index' }, 404, 'country_not_found'],
  ['traversal to package.json', { target: '/v1/address-example/%2e%2e%2f%2e%2e%2fpackage.json' }, 404, 'country_not_found'],
  ['a ".." code (a dot segment: /v1/)', { target: '/v1/phone/..' }, 404, 'not_found'],
  ['a "." code (a dot segment: /v1/phone/)', { target: '/v1/phone/.' }, 404, 'not_found'],
  ['a path after a file', { target: '/v1/openapi.json/..%2f..%2fmanifest.json' }, 404, 'not_found'],
  ['an absolute-form target with dot segments', { target: 'http://x/v1/../manifest.json' }, 404, 'not_found'],
  ['an absolute-form target with a key as its user', { target: `http://${TEST_KEY}@x/v1/../manifest.json`, auth: null }, 401, 'missing_credentials'],
  ['the asterisk target', { target: '*' }, 404, 'not_found'],
  ['traversal in locale', { target: '/v1/countries?locale=../../manifest' }, 400, 'invalid_parameter'],
  ['encoded traversal in locale', { target: '/v1/countries?locale=..%2f..%2fetc' }, 400, 'invalid_parameter'],
  ['traversal in view', { target: '/v1/countries?view=../full' }, 400, 'invalid_parameter'],
  ['a NUL in view', { target: '/v1/countries?view=full%00' }, 400, 'invalid_parameter'],
  ['a NUL in locale', { target: '/v1/countries/BR?locale=pt%00' }, 400, 'invalid_parameter'],
  // Invalid percent-encoding and bytes HTTP does not allow in a request line.
  ['a lone % as a code', { target: '/v1/countries/%' }, 404, 'country_not_found'],
  ['%zz as a code', { target: '/v1/countries/%zz' }, 404, 'country_not_found'],
  ['a truncated escape', { target: '/v1/countries/%E0%A4%A' }, 404, 'country_not_found'],
  ['%zz as a locale', { target: '/v1/countries?locale=%zz' }, 400, 'invalid_parameter'],
  ['a lone % as a view', { target: '/v1/countries?view=%' }, 400, 'invalid_parameter'],
  ['invalid UTF-8 as the search text', { target: '/v1/countries/search?q=%ff%fe' }, 400, 'invalid_parameter'],
  ['a raw NUL in the request line', { target: '/v1/countries/BR\0' }, 400, 'bad_request'],
  ['a raw control byte in the path', { target: '/v1/countries/B\x01R' }, 400, 'bad_request'],
  ['a raw DEL in the path', { target: '/v1/countries/B\x7fR' }, 400, 'bad_request'],
  ['a raw space in the path', { target: '/v1/countries/B R' }, 400, 'bad_request'],
  ['a raw non-ASCII byte in the path', { target: '/v1/countries/\u00e9' }, 400, 'bad_request'],
  // Size: an 8 KiB request target at most (as nginx), 16 KiB of request line and headers (Node's limit).
  ['a path over 8 KiB', { target: `/v1/countries/${LONG}` }, 414, 'uri_too_long'],
  ['a query over 8 KiB', { target: `/v1/countries/BR?x=${LONG}` }, 414, 'uri_too_long'],
  ['a request line over 16 KiB', { target: `/v1/countries/BR?x=${LONG}${LONG}` }, 431, 'headers_too_large'],
  ['a long code under the limit', { target: `/v1/countries/${LONG.slice(0, 8000)}` }, 404, 'country_not_found'],
  ['a long search text under the limit', { target: `/v1/countries/search?q=${LONG.slice(0, 8000)}` }, 400, 'invalid_parameter'],
  ['a long locale', { target: `/v1/countries?locale=${'pt-'.repeat(100)}br` }, 400, 'invalid_parameter'],
  ['one header over 16 KiB', { target: '/v1/countries/BR', headers: [`X-Big: ${LONG}${LONG}`] }, 431, 'headers_too_large'],
  [
    'many headers over 16 KiB together',
    { target: '/v1/countries/BR', headers: Array.from({ length: 400 }, (_, i) => `X-Header-${i}: ${'v'.repeat(40)}`) },
    431,
    'headers_too_large',
  ],
  // Repeated and unknown parameters.
  ['locale twice', { target: '/v1/countries?locale=pt&locale=en' }, 400, 'invalid_parameter'],
  ['the same locale twice', { target: '/v1/countries/BR?locale=pt&locale=pt' }, 400, 'invalid_parameter'],
  ['view twice', { target: '/v1/countries?view=full&view=full' }, 400, 'invalid_parameter'],
  ['q twice', { target: '/v1/countries/search?q=a&q=b' }, 400, 'invalid_parameter'],
  ['limit twice', { target: '/v1/countries/search?q=br&limit=1&limit=2' }, 400, 'invalid_parameter'],
  ['a view in the wrong case', { target: '/v1/countries?view=FULL' }, 400, 'invalid_parameter'],
  ['a limit in exponent form', { target: '/v1/countries/search?q=br&limit=1e2' }, 400, 'invalid_parameter'],
  ['a negative limit', { target: '/v1/countries/search?q=br&limit=-1' }, 400, 'invalid_parameter'],
  ['markup as a locale', { target: '/v1/countries?locale=%3Cscript%3E' }, 400, 'invalid_parameter'],
  ['an unknown parameter', { target: '/v1/countries/BR?foo=bar' }, 400, 'unknown_parameter'],
  ['prototype names as parameters', { target: '/v1/countries?__proto__=x&constructor=y&__proto__[view]=full' }, 400, 'unknown_parameter'],
  ['a parameter of the API the endpoint does not use (ignored)', { target: '/v1/phone/BR?locale=de&view=full' }, 200, undefined],
  ['the key as a parameter, not a header', { target: `/v1/countries/BR?api_key=${TEST_KEY}`, auth: null }, 401, 'missing_credentials'],
  // Malformed Authorization.
  ['no Authorization', { target: '/v1/countries/BR', auth: null }, 401, 'missing_credentials'],
  ['an empty Authorization', { target: '/v1/countries/BR', auth: '' }, 401, 'missing_credentials'],
  ['only Proxy-Authorization', { target: '/v1/countries/BR', auth: null, headers: [`Proxy-Authorization: Bearer ${TEST_KEY}`] }, 401, 'missing_credentials'],
  ['a key without a scheme', { target: '/v1/countries/BR', auth: TEST_KEY }, 400, 'invalid_request'],
  ['the Basic scheme', { target: '/v1/countries/BR', auth: 'Basic dXNlcjpwYXNz' }, 400, 'invalid_request'],
  ['the Token scheme', { target: '/v1/countries/BR', auth: `Token ${TEST_KEY}` }, 400, 'invalid_request'],
  ['a scheme and no key', { target: '/v1/countries/BR', auth: 'Bearer' }, 400, 'invalid_request'],
  ['a scheme and an empty key', { target: '/v1/countries/BR', auth: 'Bearer    ' }, 400, 'invalid_request'],
  ['a key with spaces', { target: '/v1/countries/BR', auth: `Bearer ${TEST_KEY.slice(0, 10)} ${TEST_KEY.slice(10)}` }, 400, 'invalid_request'],
  ['a key and more', { target: '/v1/countries/BR', auth: `Bearer ${TEST_KEY} ${TEST_KEY}` }, 400, 'invalid_request'],
  ['a tab after the scheme', { target: '/v1/countries/BR', auth: `Bearer\t${TEST_KEY}` }, 400, 'invalid_request'],
  ['two keys with a comma', { target: '/v1/countries/BR', auth: `Bearer ${TEST_KEY},${TEST_KEY}` }, 400, 'invalid_request'],
  ['a key with a non-ASCII byte', { target: '/v1/countries/BR', auth: 'Bearer k\u00e9y-0123456789abcdef' }, 400, 'invalid_request'],
  ['a wrong key of the right length', { target: '/v1/countries/BR', auth: `Bearer ${'x'.repeat(TEST_KEY.length)}` }, 401, 'invalid_credentials'],
  ['a 10,000-character key', { target: '/v1/countries/BR', auth: `Bearer ${LONG.slice(0, 10_000)}` }, 401, 'invalid_credentials'],
  [
    'a wrong key first, the right one second',
    { target: '/v1/countries/BR', auth: 'Bearer wrong-key-0123456789abcdef', headers: [`Authorization: Bearer ${TEST_KEY}`] },
    400,
    'invalid_request',
  ],
  ['a NUL in the key', { target: '/v1/countries/BR', auth: `Bearer ${TEST_KEY}\0` }, 400, 'bad_request'],
  ['no key on a path that does not exist', { target: '/v1/../manifest.json', auth: null }, 401, 'missing_credentials'],
  // Methods other than GET, HEAD and OPTIONS, and requests HTTP/1.1 does not allow.
  ['POST', { target: '/v1/countries/BR', method: 'POST', headers: ['Content-Length: 2'], raw: '{}' }, 405, 'method_not_allowed'],
  ['PUT', { target: '/v1/countries/BR', method: 'PUT' }, 405, 'method_not_allowed'],
  ['PATCH', { target: '/v1/countries/BR', method: 'PATCH' }, 405, 'method_not_allowed'],
  ['DELETE', { target: '/v1/countries/BR', method: 'DELETE' }, 405, 'method_not_allowed'],
  ['TRACE', { target: '/v1/countries/BR', method: 'TRACE' }, 405, 'method_not_allowed'],
  ['PROPFIND', { target: '/v1/countries/BR', method: 'PROPFIND' }, 405, 'method_not_allowed'],
  ['CONNECT', { target: 'example.com:443', method: 'CONNECT' }, 405, 'method_not_allowed'],
  ['POST without a key', { target: '/v1/countries/BR', method: 'POST', auth: null }, 401, 'missing_credentials'],
  ['an unknown method', { target: '/v1/countries/BR', method: 'FOO' }, 400, 'bad_request'],
  ['a method in lower case', { target: '/v1/countries/BR', method: 'get' }, 400, 'bad_request'],
  ['no Host in HTTP/1.1', { target: '/v1/countries/BR', headers: ['Host:'] }, 400, 'bad_request'],
  [
    'Content-Length and Transfer-Encoding together',
    { target: '/v1/countries/BR', method: 'POST', headers: ['Content-Length: 4', 'Transfer-Encoding: chunked'], raw: '0\r\n\r\n' },
    400,
    'bad_request',
  ],
  ['a Content-Length that is not a number', { target: '/v1/countries/BR', headers: ['Content-Length: abc'] }, 400, 'bad_request'],
  ['a header line without a colon', { target: '/v1/countries/BR', headers: ['NoColon'] }, 400, 'bad_request'],
  ['a header name with a space', { target: '/v1/countries/BR', headers: ['Bad Name: x'] }, 400, 'bad_request'],
  ['a folded header line', { target: '/v1/countries/BR', headers: ['X-Folded: a', ' b'] }, 400, 'bad_request'],
];

/** The request as bytes; `headers` may drop Host with a bare "Host:" line. */
export function rawRequest({ target, method = 'GET', headers = [], auth = `Bearer ${TEST_KEY}`, raw = '' }: Hostile): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`];
  if (!headers.includes('Host:')) lines.push('Host: x');
  if (auth !== null) lines.push(`Authorization: ${auth}`);
  lines.push(...headers.filter((line) => line !== 'Host:'));
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${raw}`, 'latin1');
}
