/**
 * What is measured, and the answer each workload must get from every server before it is timed:
 * the status, and for a file the exact bytes of the dist file (or its precompressed copy) as a plain
 * read gives them. Search has no file: its expected body is the contract's answer from the search index
 * and the English list, which is also what nginx serves for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseQuery, SEARCH_LIMIT } from '../contract/params.ts';
import { searchableList, searchBody as answerSearch } from '../contract/search-answer.ts';
import { keyedPlan } from '../contract/plan.ts';
import { CountrySearch } from '../contract/search.ts';
import { openDist } from '../gateway/dist.ts';

export interface Workload {
  name: string;
  /** Path and query, as sent. */
  path: string;
  headers: Record<string, string>;
  /** Send the bench's key (true) or a wrong one. */
  validKey: boolean;
  status: number;
  /** The exact body every server must send; undefined where each server answers with its own error body. */
  body?: Buffer;
  /** The file a static server sends for it (absolute path), with its coding, and the ETag a 304 matches. */
  file?: string;
  coding?: 'br';
  etag?: string;
}

export const SMALL = 'small file';

export function workloads(distDir: string, searchFile: string): { list: Workload[]; searchBody: Buffer } {
  const dist = openDist(distDir);
  const read = (key: string) => readFileSync(join(distDir, key));
  const fileKey = (key: string) => ({ file: join(distDir, key), body: read(key) });
  const etagOf = (key: string) => `"${dist.files.get(key)!.sha256}"`;

  /** The file the contract answers a request with. */
  const fileOf = (path: string, locale?: string) => {
    const planned = keyedPlan({ method: 'GET', path, search: parseQuery(locale ? `locale=${locale}` : '') }, dist.release);
    if (planned.kind !== 'file') throw new Error(`${path} is answered by no file`);
    return planned.keys.find((key) => dist.files.has(key))!;
  };
  const small = fileOf('/v1/countries/BR');
  const subdivision = fileOf('/v1/subdivisions/BR/BR-SP', 'pt-PT');

  const index = JSON.parse(read(dist.release.searchIndex).toString('utf8'));
  const english = searchableList(read('v1/countries.json'), () => ['en']);
  const query = 'germny';
  const searchBody = Buffer.from(answerSearch(new CountrySearch(index).find(query, english.options), english, query, SEARCH_LIMIT.default));

  const list: Workload[] = [
    { name: SMALL, path: '/v1/countries/BR', headers: {}, validKey: true, status: 200, ...fileKey(small) },
    { name: 'list', path: '/v1/countries', headers: {}, validKey: true, status: 200, ...fileKey('v1/countries.json') },
    {
      name: 'list, br',
      path: '/v1/countries',
      headers: { 'Accept-Encoding': 'br' },
      validKey: true,
      status: 200,
      ...fileKey('v1/countries.json.br'),
      coding: 'br',
    },
    {
      name: '304 revalidation',
      path: '/v1/countries/BR',
      headers: { 'If-None-Match': etagOf(small) },
      validKey: true,
      status: 304,
      body: Buffer.alloc(0),
      file: join(distDir, small),
      etag: etagOf(small),
    },
    { name: 'subdivision, pt-PT', path: '/v1/subdivisions/BR/BR-SP?locale=pt-PT', headers: {}, validKey: true, status: 200, ...fileKey(subdivision) },
    { name: 'search', path: `/v1/countries/search?q=${query}`, headers: {}, validKey: true, status: 200, body: searchBody, file: searchFile },
    { name: '404', path: '/v1/countries/ZZ', headers: {}, validKey: true, status: 404 },
    { name: '401', path: '/v1/countries/BR', headers: {}, validKey: false, status: 401 },
  ];
  return { list, searchBody };
}
