/**
 * Memory under the worst case: requests every large file of dist (each locale's full and compact
 * country lists, in every coding) so each worker's body cache fills to its bound, and a search in
 * every locale and view (each keeps a parsed list), then reads RSS; checks that files pushed out of
 * the cache still come back exact (their SHA-256 is the manifest's).
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Dist } from '../gateway/dist.ts';
import { fetchRaw } from './verify.ts';

const CODINGS: Record<string, string>[] = [{}, { 'Accept-Encoding': 'br' }, { 'Accept-Encoding': 'gzip' }];

export async function fillCaches(port: number, key: string, dist: Dist, rss: () => number): Promise<{ requests: number; bytes: number; peakRss: number }> {
  const locales = [...new Set(dist.release.localeChains.keys())];
  const paths = locales.flatMap((locale) => [`/v1/countries?view=full&locale=${locale}`, `/v1/countries?locale=${locale}`]);
  let requests = 0;
  let bytes = 0;
  let peakRss = 0;
  const check = async (path: string, headers: Record<string, string>) => {
    const answer = await fetchRaw(port, path, { Authorization: `Bearer ${key}`, ...headers });
    if (answer.status !== 200) throw new Error(`fill: ${path} answered ${answer.status}`);
    const coding = answer.headers['content-encoding'];
    const plain = coding === 'br' ? brotliDecompressSync(answer.body) : coding === 'gzip' ? gunzipSync(answer.body) : answer.body;
    if (`"${createHash('sha256').update(plain).digest('hex')}"` !== answer.headers.etag)
      throw new Error(`fill: ${path} (${coding ?? 'identity'}) does not match its ETag`);
    requests++;
    bytes += answer.body.length;
  };
  const searches = locales.flatMap((locale) => [`/v1/countries/search?q=an&view=full&locale=${locale}`, `/v1/countries/search?q=an&locale=${locale}`]);
  const search = async (path: string) => {
    const answer = await fetchRaw(port, path, { Authorization: `Bearer ${key}` });
    if (answer.status !== 200 || !(JSON.parse(answer.body.toString('utf8')).count > 0)) throw new Error(`fill: ${path} answered ${answer.status}`);
    requests++;
    bytes += answer.body.length;
  };
  // Two passes, 8 at a time: the second finds the first pass's files evicted and reads them again.
  for (let pass = 0; pass < 2; pass++) {
    const queue: (readonly [string, Record<string, string>] | string)[] = [
      ...searches,
      ...paths.flatMap((path) => CODINGS.map((headers) => [path, headers] as const)),
    ];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          await (typeof next === 'string' ? search(next) : check(...next));
          if (requests % 50 === 0) peakRss = Math.max(peakRss, rss());
        }
      }),
    );
  }
  return { requests, bytes, peakRss: Math.max(peakRss, rss()) };
}
