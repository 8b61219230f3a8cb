/**
 * Seeded random requests: paths built from the API's words, codes, traversal and odd escapes, query
 * pairs with real and made-up names and values, codings, keys right and wrong, ETags. The fuzz suite
 * sends them to the gateway, the tiers suite to every tier.
 */
import { TEST_KEY } from './gateway.ts';
import type { Target } from './load.ts';

const ENDPOINTS = ['/v1/countries', '/v1/phone', '/v1/postal-code', '/v1/subdivisions', '/v1/subdivisions/BR', '/v1/address-example'];
const PREFIXES = [
  ...ENDPOINTS,
  ...ENDPOINTS,
  ...ENDPOINTS,
  '/v1/countries/search',
  '/v1/countries/search',
  '',
  '/v1',
  '/healthz',
  '/v2',
  '/v1/_locale/pt',
  '/v1/_search',
  '/v1/openapi.json',
  '/manifest.json',
];
const SEGMENTS = [
  'BR',
  'us',
  'DEU',
  '076',
  'BR-SP',
  'sp',
  'zz',
  'search',
  '..',
  '.',
  '',
  '%2e%2e',
  '%2E%2e%2f',
  '%2f',
  '%5c',
  '%00',
  '%c0%ae',
  '%c0%af',
  '%e0%80%ae',
  '%',
  '%zz',
  '%25',
  '%252e%252e',
  'manifest.json',
  'index.json',
  '_search',
  'etc',
  'passwd',
  'package.json',
  '~',
  '%ff',
];
const CODES = ['BR', 'br', 'DE', 'deu', '276', 'US', 'JP', 'ZA', 'IN', 'FR', 'GB', 'NZ', 'AQ', 'BR-SP'];
const PARAMETERS = ['locale', 'view', 'q', 'limit', 'foo', '__proto__', 'constructor', 'locale', 'q'];
const VALUES = [
  'pt',
  'pt-BR',
  'zh_TW',
  'de',
  'en-GB',
  'x-klingon',
  'iw',
  'full',
  'compact',
  'FULL',
  '20',
  '0',
  '251',
  '-1',
  'br',
  'bra',
  'são',
  '..',
  '../../manifest',
  '%00',
  '%',
  '',
  'a%20b',
  '%E2%82%AC',
];
/** Characters a request target may carry as they are (node's client refuses the rest). */
const SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@";
const CODINGS = ['br', 'gzip', 'identity', 'br;q=0, gzip', '*', 'gzip;q=abc', ''];

export function generator(random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const count = (max: number) => Math.floor(random() * (max + 1));
  const text = (length: number) => Array.from({ length }, () => pick([...SAFE])).join('');
  const escaped = (length: number) =>
    Array.from(
      { length },
      () =>
        `%${Math.floor(random() * 256)
          .toString(16)
          .padStart(2, '0')}`,
    ).join('');
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
