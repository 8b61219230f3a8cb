/**
 * A load across a swap of releases: requests over many files in every coding, and the check that an
 * answer comes whole from the one release it names (its ETag its body's, its body a file of that
 * release). The gateway's and nginx's reload suites run it.
 */
import { createHash } from 'node:crypto';
import { builtDist } from './dist.ts';
import type { Result, Target } from './load.ts';
import { FEW_LOCALES, nextRelease } from './next-release.ts';
import type { Manifest } from '../../contract/manifest.ts';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const FOUR_CODINGS = ['br', 'gzip', 'identity', 'br;q=0, gzip'];

/** Requests over many files (so most are read from disk: CACHE_MB=1), in every coding, plus /v1 and searches. */
export function targets(codes: string[], key: string, withSearch = true): Target[] {
  const list: Target[] = [];
  codes.forEach((code, i) => {
    const coding = FOUR_CODINGS[i % FOUR_CODINGS.length];
    for (const path of [
      `/v1/countries/${code}`,
      `/v1/phone/${code}`,
      `/v1/postal-code/${code}`,
      `/v1/countries/${code}?locale=de`,
      `/v1/subdivisions/${code}?locale=fr`,
    ]) {
      list.push({ path, headers: { Authorization: `Bearer ${key}`, 'Accept-Encoding': coding } });
    }
    if (i % 10 === 0 && withSearch)
      list.push(
        { path: '/v1', headers: { Authorization: `Bearer ${key}` } },
        { path: `/v1/countries/search?q=${code.toLowerCase()}`, headers: { Authorization: `Bearer ${key}` } },
      );
  });
  return list;
}

/** Why `result` is not a whole answer from the one release it names; undefined when it is. */
export function inconsistency(result: Result, shas: Map<string, Set<string>>): string | undefined {
  const { target, status, headers, body } = result;
  if (status !== 200) return `${target.path}: ${status || result.error} ${body.toString().slice(0, 200)}`;
  const release = headers['data-release'] as string;
  const sha = sha256(body);
  if (headers.etag !== `"${sha}"`) return `${target.path}: ETag ${headers.etag} is not the body's ${sha}`;
  if (!shas.has(release)) return `${target.path}: unknown release ${release}`;
  if (target.path === '/v1' && JSON.parse(body.toString()).release.id !== release) return `/v1 of another release than ${release}`;
  if (!target.path.includes('search') && !shas.get(release)!.has(sha)) return `${target.path}: body of no file of release ${release}`;
  return undefined;
}

export const shasOf = (manifest: Manifest) => new Set(Object.values(manifest.files).map((file) => file.sha256));

/**
 * Two releases of the few-locale test dist, the old one at `distDir` and the new one in a staging tree
 * beside it as the build leaves one, whose country and phone files have the same sizes and other bytes
 * (an ETag served with the wrong release's file would show): each release's SHA-256s, and the country codes.
 */
export function oldAndNewRelease(distDir: string): { shas: Map<string, Set<string>>; codes: string[] } {
  const oldManifest = nextRelease(builtDist(), distDir, 'old-release', () => false, FEW_LOCALES);
  const newManifest = nextRelease(
    builtDist(),
    `${distDir}.tmp-${process.pid}`,
    'new-release',
    (key) => /^v1\/(countries|phone)\/[A-Z]{2}\.json$/.test(key),
    FEW_LOCALES,
  );
  return {
    shas: new Map([
      ['old-release', shasOf(oldManifest)],
      ['new-release', shasOf(newManifest)],
    ]),
    codes: [...oldManifest.path_codes.country.codes['']],
  };
}
