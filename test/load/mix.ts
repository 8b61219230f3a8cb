/**
 * The soak's request mix, drawn from a dist's manifest with a seeded PRNG: every endpoint, codes in
 * every form and case, every locale and alias (and unsupported and malformed ones), views, searches,
 * compressed and conditional requests, and each kind of error. Each request says what it must get.
 */
import { createHash } from 'node:crypto';
import type { Result, Target } from '../helpers/load.ts';
import { prng } from '../helpers/prng.ts';

export interface Expected extends Target {
  status: number;
  /** For a 200 answered by a file: its manifest key is not known here, only that it is one. */
  file: boolean;
}

const SEARCHES = ['bra', 'united', 'ger', 'zeal', 'an', 'kor', 'deutschland', 'são tomé', 'côte', 'jap', 'us', '076', 'ind', 'países'];
const MALFORMED_LOCALES = ['abcdefghi', '123', 'a', 'pt--br', '../x'];
const CODINGS = ['br, gzip', 'gzip', '', 'br;q=0, gzip;q=0.5', 'deflate'];

export function requestMix(manifest: any, key: string, seed: number): () => Expected {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const aliases = Object.keys(manifest.path_codes.country.spellings);
  const locales = [...manifest.locales.map((locale: { tag: string }) => locale.tag), ...Object.keys(manifest.locale_aliases), 'xx-YY', 'en-ZZ'];
  const subdivisions = Object.keys(manifest.files).flatMap((file) => /^v1\/subdivisions\/([A-Z]{2})\/([A-Z0-9-]+)\.json$/.exec(file)?.slice(1, 3) ?? []);
  const phones = Object.keys(manifest.files).filter((file) => /^v1\/phone\/[A-Z]{2}\.json$/.test(file));
  const auth = { Authorization: `Bearer ${key}` };
  const code = () => {
    const alias = pick(aliases);
    return random() < 0.5 ? alias.toUpperCase() : alias;
  };
  const locale = () => `locale=${encodeURIComponent(pick(locales))}`;
  const ok = (path: string, file = true): Expected => ({ path, headers: { ...auth, 'Accept-Encoding': pick(CODINGS) }, status: 200, file });

  const kinds: (() => Expected)[] = [
    () => ok(`/v1/countries?${locale()}${random() < 0.5 ? '&view=full' : ''}`),
    () => ok(`/v1/countries/${code()}${random() < 0.5 ? `?${locale()}` : ''}`),
    () => ok(`/v1/countries/${code()}`),
    () => ok(`/v1/phone/${code()}`),
    () => ok(`/v1/postal-code/${code()}`),
    () => ok(`/v1/address-example/${code()}`),
    () => ok(`/v1/subdivisions/${code()}?${locale()}`),
    () => {
      const at = 2 * Math.floor(random() * (subdivisions.length / 2));
      const [country, subdivision] = [subdivisions[at], subdivisions[at + 1]];
      return ok(`/v1/subdivisions/${country.toLowerCase()}/${random() < 0.5 ? subdivision : subdivision.slice(3)}?${locale()}`);
    },
    () => ok(`/v1/countries/search?q=${encodeURIComponent(pick(SEARCHES))}&limit=${1 + Math.floor(random() * 50)}&${locale()}`, false),
    () => ok(pick(['/v1', '/v1/openapi.json'])),
    () => ({ path: '/healthz', status: 200, file: false }),
    () => {
      const file = pick(phones);
      return {
        path: `/${file.slice(0, -'.json'.length)}`,
        headers: { ...auth, 'If-None-Match': `"${manifest.files[file].sha256}"` },
        status: 304,
        file: false,
      };
    },
    // Errors, which must be answered as such under load as well.
    () => ({ path: `/v1/countries/${code()}`, status: 401, file: false }),
    () => ({ path: '/v1/phone/BR', headers: { Authorization: 'Bearer not-a-key-0123456789abcdef' }, status: 401, file: false }),
    () => ({
      path: pick(['/v1/countries/ZZ', '/v1/phone/XYZ', '/v1/subdivisions/BR/XX', '/v2/countries', '/v1/../manifest.json']),
      headers: auth,
      status: 404,
      file: false,
    }),
    () => ({
      path: pick([`/v1/countries?locale=${pick(MALFORMED_LOCALES)}`, '/v1/countries?view=huge', '/v1/countries/search?q=br&limit=0', '/v1/countries/search']),
      headers: auth,
      status: 400,
      file: false,
    }),
    () => ({ path: '/v1/countries/BR', method: pick(['POST', 'DELETE', 'PUT']), headers: auth, status: 405, file: false }),
  ];
  return () => pick(kinds)();
}

/** Why `result` is not what `expected` asked for; undefined when it is. */
export function mismatch(expected: Expected, result: Result, shas: Set<string>): string | undefined {
  if (result.status !== expected.status) return `${result.status || result.error}, expected ${expected.status}`;
  if (result.status === 304 || expected.method === 'HEAD') return undefined;
  let json: any;
  try {
    json = JSON.parse(result.body.toString('utf8'));
  } catch {
    return 'the body is not JSON';
  }
  if (result.status >= 400) return json.status === result.status && typeof json.code === 'string' ? undefined : 'not a problem document';
  if (expected.path === '/healthz') return json.status === 'ok' ? undefined : 'not healthy';
  const sha = createHash('sha256').update(result.body).digest('hex');
  if (result.headers.etag !== `"${sha}"`) return "the ETag is not the body's SHA-256";
  if (expected.file && !shas.has(sha)) return 'the body is no file of the manifest';
  return undefined;
}
