/**
 * The endpoints, one entry each, read by every tier (routing and resolution, plan.ts), by the build
 * (the OpenAPI document, `GET /v1`, the nginx config) and by the request log. An entry is data: its
 * path, the query parameters it reads (in the order it reads them) and the file that answers it, so
 * a new endpoint is one entry here plus the files the build writes for it.
 *
 * A request resolves in one order everywhere: each path code (an unknown one is a 404, one ISO
 * withdrew a 410), then any query name that is no parameter of the API (400), then each parameter
 * the endpoint reads (400 when malformed), then the file: the first along the locale's fallback
 * chain where the answer is localized.
 */
import { parse } from 'regexparam';
import { localizedCandidates } from './layout.ts';
import { readLimit, readLocale, readSearchText, readView, unknownParameter, type ParameterName, type ParsedQuery, type Query, type Read, type View } from './params.ts';
import { countryNotFound, subdivisionNotFound, withdrawnProblem, type Problem } from './problems.ts';
import type { ReleaseInfo } from './release.ts';

export interface Endpoint {
  /** OpenAPI operationId, and the name a generated client gives the method. */
  id: string;
  /** The path, with `:country_code` and `:subdivision_code` for its path parameters. */
  path: string;
  summary: string;
  /** The query parameters it reads, in the order it reads them. */
  query: readonly ParameterName[];
  /** Response schema title(s) of the 200 body (build/schemas/); one per view where there are two. */
  body: string | readonly string[];
  /**
   * What answers it: a file (`rest` below v1/, with `{country}`, `{subdivision}` and `{list}` for the
   * canonical codes and the list file of the view), localized or not; or a search of the country list.
   */
  answer: { kind: 'file'; rest: string; localized: boolean } | { kind: 'search' };
}

/** What answers a request: the first of `keys` that exists, a search, or a problem. */
export type Resolution =
  | { kind: 'file'; keys: string[] }
  | { kind: 'search'; text: string; listKeys: string[]; limit: number }
  | { kind: 'problem'; problem: Problem };

export const ENDPOINTS: readonly Endpoint[] = [
  { id: 'listCountries', path: '/v1/countries', summary: 'List countries, by name as a reader of the locale sorts them',
    query: ['view', 'locale'], body: ['CountryList', 'CountryListFull'], answer: { kind: 'file', rest: '{list}', localized: true } },
  // Before /v1/countries/:country_code, which would take "search" for a code.
  { id: 'searchCountries', path: '/v1/countries/search', summary: 'Search countries by code or name, in any language, case- and accent-insensitive, tolerating one typo',
    query: ['q', 'locale', 'view', 'limit'], body: ['SearchResult', 'SearchResultFull'], answer: { kind: 'search' } },
  { id: 'getCountry', path: '/v1/countries/:country_code', summary: 'Get one country: names, codes, calling code, region',
    query: ['locale'], body: 'Country', answer: { kind: 'file', rest: 'countries/{country}.json', localized: true } },
  { id: 'getPhone', path: '/v1/phone/:country_code', summary: 'Phone number metadata: patterns, examples and the formats to mask a number as it is typed',
    query: [], body: 'PhoneMetadata', answer: { kind: 'file', rest: 'phone/{country}.json', localized: false } },
  { id: 'getPostalCode', path: '/v1/postal-code/:country_code', summary: 'Postal code metadata: the pattern, the forms people type, masks and examples',
    query: [], body: 'PostalCodeMetadata', answer: { kind: 'file', rest: 'postal-code/{country}.json', localized: false } },
  { id: 'listSubdivisions', path: '/v1/subdivisions/:country_code', summary: 'List the ISO 3166-2 subdivisions of a country, in the order its forms use',
    query: ['locale'], body: 'SubdivisionList', answer: { kind: 'file', rest: 'subdivisions/{country}.json', localized: true } },
  { id: 'getSubdivision', path: '/v1/subdivisions/:country_code/:subdivision_code', summary: 'Get one subdivision',
    query: ['locale'], body: 'Subdivision', answer: { kind: 'file', rest: 'subdivisions/{country}/{subdivision}.json', localized: true } },
  { id: 'getAddressExample', path: '/v1/address-example/:country_code', summary: 'A real address, as the country writes it on an envelope, and its layout',
    query: [], body: 'AddressExample', answer: { kind: 'file', rest: 'address-example/{country}.json', localized: false } },
];

/** The list file of a view. */
export const listFile = (view: View): string => (view === 'full' ? 'countries.full.json' : 'countries.json');

/** The path before its first parameter (`/v1/countries/`), where a detail points to another code. */
const baseOf = (endpoint: Endpoint) => endpoint.path.slice(0, endpoint.path.indexOf(':'));

/** `input` (`BR-SP`, `br-sp` or `sp`) as an ISO 3166-2 code of `country`; undefined with another country's prefix. */
export function qualifiedSubdivision(country: string, input: string): string | undefined {
  const upper = input.toUpperCase();
  const code = upper.includes('-') ? upper : `${country}-${upper}`;
  return code.startsWith(`${country}-`) ? code : undefined;
}

type Params = Record<string, string>;
const READERS: Record<ParameterName, (query: Query, release: ReleaseInfo) => Read<unknown>> = {
  locale: (query, release) => readLocale(query, release.localeTags, release.defaultLocale),
  view: readView,
  q: readSearchText,
  limit: readLimit,
};
const refused = (problem: Problem): Resolution => ({ kind: 'problem', problem });

/** Resolves a request for `endpoint` with its path parameters (percent-decoded) and query. */
export function resolve(endpoint: Endpoint, params: Params, { query, names }: ParsedQuery, release: ReleaseInfo): Resolution {
  const codes: Record<string, string> = {};
  if (params.country_code !== undefined) {
    const input = params.country_code;
    const code = release.countryCodes.get(input.toLowerCase());
    if (!code) {
      const withdrawn = release.withdrawnCountries.get(input.toLowerCase());
      return refused(withdrawn ? withdrawnProblem(withdrawn) : countryNotFound(input, baseOf(endpoint), release.codeHints));
    }
    codes.country = code;
  }
  if (params.subdivision_code !== undefined) {
    const code = qualifiedSubdivision(codes.country, params.subdivision_code);
    if (!code || !release.subdivisionCodes.has(code)) {
      const withdrawn = code ? release.withdrawnSubdivisions.get(code) : undefined;
      return refused(withdrawn ? withdrawnProblem(withdrawn) : subdivisionNotFound(codes.country, params.subdivision_code));
    }
    codes.subdivision = code;
  }
  const unknown = unknownParameter(names, openApiPath(endpoint), endpoint.query);
  if (unknown) return refused(unknown);
  const read: { q: string; locale: string; view: View; limit: number } = { q: '', locale: release.defaultLocale, view: 'compact', limit: 0 };
  for (const name of endpoint.query) {
    const value = READERS[name](query, release);
    if ('problem' in value) return refused(value.problem);
    (read as Record<ParameterName, unknown>)[name] = value.value;
  }
  const chain = release.localeChains.get(read.locale.toLowerCase())!;
  if (endpoint.answer.kind === 'search') {
    return { kind: 'search', text: read.q, limit: read.limit, listKeys: localizedCandidates(chain, listFile(read.view), release.defaultLocale) };
  }
  const rest = endpoint.answer.rest.replace('{list}', listFile(read.view)).replace('{country}', codes.country).replace('{subdivision}', codes.subdivision);
  return { kind: 'file', keys: endpoint.answer.localized ? localizedCandidates(chain, rest, release.defaultLocale) : [`v1/${rest}`] };
}

/** Each endpoint's path as a pattern that matches a request path (raw: percent-escapes kept). */
export const ROUTES = ENDPOINTS.map((endpoint) => ({ endpoint, ...parse(endpoint.path) }));

/** A path part percent-decoded; as it is where an escape does not decode to UTF-8 (it then names no code). */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The endpoint a path names and its path parameters (percent-decoded); undefined when none. */
export function route(path: string): { endpoint: Endpoint; params: Params } | undefined {
  for (const { endpoint, pattern, keys } of ROUTES) {
    const match = pattern.exec(path);
    if (!match) continue;
    return { endpoint, params: Object.fromEntries(keys.map((key, index) => [key, decoded(match[index + 1])])) };
  }
  return undefined;
}

/** The OpenAPI form of an endpoint's path (`/v1/countries/{country_code}`). */
export const openApiPath = (endpoint: Endpoint): string => endpoint.path.replace(/:([a-z_]+)/g, '{$1}');
