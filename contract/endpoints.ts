/**
 * The endpoints: the one place an endpoint is described. Every output derives from this table: routing
 * and resolution on every tier (plan.ts), the files the build writes (build/write/generate.ts, with one
 * body function per endpoint in build/write/answers.ts), the OpenAPI document, `GET /v1`, the nginx
 * config, the request log and the tests' list of operations. A new endpoint is an entry here, its body
 * function, its response schema (build/schemas/) and the dataset it reads (docs/adding-an-endpoint.md).
 *
 * A request resolves in one order everywhere: each path code by its kind (path-codes.ts: an unknown
 * code is a 404, a withdrawn one a 410), then any query name that is no parameter of the API (400),
 * then each parameter the endpoint reads (400 when malformed), then the file: the first along the
 * locale's fallback chain where the answer is localized.
 */
import { parse } from 'regexparam';
import { localizedCandidates } from './layout.ts';
import {
  readLimit,
  readLocale,
  readSearchText,
  readView,
  unknownParameter,
  type ParameterName,
  type ParsedQuery,
  type Query,
  type Read,
  type View,
} from './params.ts';
import { kindOfParam, spellingOf, type PathCodeKind } from './path-codes.ts';
import { withdrawnProblem, type Problem } from './problems.ts';
import type { ReleaseInfo } from './release.ts';

/** What answers an endpoint: precomputed files, or a search of another endpoint's files (the country list). */
export type Answer =
  /**
   * `rest` below v1/, with `{<kind>}` for each path code's canonical form (`countries/{country}.json`);
   * one per view where the endpoint reads `view`. Localized: one file per locale where it differs from its fallback's.
   */
  { kind: 'file'; rest: string | Readonly<Record<View, string>>; localized: boolean } | { kind: 'search'; of: string };

export interface Endpoint {
  /** OpenAPI operationId, and the name a generated client gives the method. */
  id: string;
  /** The path, with `:<param>` for each path code (path-codes.ts names the kinds). */
  path: string;
  /** One line: the OpenAPI summary and `GET /v1`'s description. */
  summary: string;
  /** The query parameters it reads, in the order it reads them. */
  query: readonly ParameterName[];
  /** Response schema title (build/schemas/) of the 200 body; one per view where it reads `view`. */
  body: string | Readonly<Record<View, string>>;
  answer: Answer;
}

/** What answers a request: the first of `keys` that exists, a search, or a problem. */
export type Resolution =
  | { kind: 'file'; keys: string[] }
  | { kind: 'search'; text: string; listKeys: string[]; limit: number }
  | { kind: 'problem'; problem: Problem };

const LIST_FILES = { compact: 'countries.json', full: 'countries.full.json' } as const;

export const ENDPOINTS = [
  {
    id: 'listCountries',
    path: '/v1/countries',
    summary: 'List countries, by name as a reader of the locale sorts them',
    query: ['view', 'locale'],
    body: { compact: 'CountryList', full: 'CountryListFull' },
    answer: { kind: 'file', rest: LIST_FILES, localized: true },
  },
  // Before /v1/countries/:country_code, which would take "search" for a code.
  {
    id: 'searchCountries',
    path: '/v1/countries/search',
    summary: 'Search countries by code, name, capital or currency code, in any language, case- and accent-insensitive, tolerating one typo in a name',
    query: ['q', 'locale', 'view', 'limit'],
    body: { compact: 'SearchResult', full: 'SearchResultFull' },
    answer: { kind: 'search', of: 'listCountries' },
  },
  {
    id: 'getCountry',
    path: '/v1/countries/:country_code',
    summary: 'Get one country: names, codes, calling code, region, currencies, time zones, languages, capitals and conventions',
    query: ['locale'],
    body: 'Country',
    answer: { kind: 'file', rest: 'countries/{country}.json', localized: true },
  },
  {
    id: 'getPhone',
    path: '/v1/phone/:country_code',
    summary: 'Phone number metadata: patterns, examples and the formats to mask a number as it is typed',
    query: [],
    body: 'PhoneMetadata',
    answer: { kind: 'file', rest: 'phone/{country}.json', localized: false },
  },
  {
    id: 'getPostalCode',
    path: '/v1/postal-code/:country_code',
    summary: 'Postal code metadata: the pattern, the forms people type, masks and examples',
    query: [],
    body: 'PostalCodeMetadata',
    answer: { kind: 'file', rest: 'postal-code/{country}.json', localized: false },
  },
  {
    id: 'listSubdivisions',
    path: '/v1/subdivisions/:country_code',
    summary: 'List the ISO 3166-2 subdivisions of a country, in the order its forms use',
    query: ['locale'],
    body: 'SubdivisionList',
    answer: { kind: 'file', rest: 'subdivisions/{country}.json', localized: true },
  },
  {
    id: 'getSubdivision',
    path: '/v1/subdivisions/:country_code/:subdivision_code',
    summary: 'Get one subdivision',
    query: ['locale'],
    body: 'Subdivision',
    answer: { kind: 'file', rest: 'subdivisions/{country}/{subdivision}.json', localized: true },
  },
  {
    id: 'getAddressExample',
    path: '/v1/address-example/:country_code',
    summary: 'A real address, as the country writes it on an envelope, and its layout',
    query: [],
    body: 'AddressExample',
    answer: { kind: 'file', rest: 'address-example/{country}.json', localized: false },
  },
  {
    id: 'listCurrencies',
    path: '/v1/currencies',
    summary: 'List the currencies in use: code, name, symbols, minor units, the countries using each',
    query: ['locale'],
    body: 'CurrencyList',
    answer: { kind: 'file', rest: 'currencies.json', localized: true },
  },
  {
    id: 'getCurrency',
    path: '/v1/currencies/:currency_code',
    summary: 'One currency in use; a code out of use answers 410 with what replaced it',
    query: ['locale'],
    body: 'Currency',
    answer: { kind: 'file', rest: 'currencies/{currency}.json', localized: true },
  },
] as const satisfies readonly Endpoint[];

/** The endpoints answered from files, which the build writes a body function for. */
export type FileEndpointId = Extract<(typeof ENDPOINTS)[number], { answer: { kind: 'file' } }>['id'];

/** The endpoint of `id`. */
export const endpointById = (id: string): Endpoint | undefined => (ENDPOINTS as readonly Endpoint[]).find((endpoint) => endpoint.id === id);

const KINDS = new Map<Endpoint, readonly PathCodeKind[]>();
/** The kinds of the path codes an endpoint takes, in path order (each scope before the codes it scopes). */
export function pathKinds(endpoint: Endpoint): readonly PathCodeKind[] {
  let kinds = KINDS.get(endpoint);
  if (!kinds) {
    kinds = [...endpoint.path.matchAll(/:([a-z_]+)/g)].map(([, param]) => {
      const kind = kindOfParam(param);
      if (!kind) throw new Error(`${endpoint.path}: :${param} is no kind of path code (contract/path-codes.ts)`);
      return kind;
    });
    KINDS.set(endpoint, kinds);
  }
  return kinds;
}

/** The file an answer is in for `view` (below v1/, placeholders filled from `codes`). */
export function answerRest(answer: Extract<Answer, { kind: 'file' }>, codes: Readonly<Record<string, string>>, view: View = 'compact'): string {
  const rest = typeof answer.rest === 'string' ? answer.rest : answer.rest[view];
  return rest.replace(/\{([a-z]+)\}/g, (_, name: string) => codes[name]);
}

/** The path before its first parameter (`/v1/countries/`), where a detail points to another code. */
const baseOf = (endpoint: Endpoint) => endpoint.path.slice(0, endpoint.path.indexOf(':'));

type Params = Record<string, string>;
const READERS: Record<ParameterName, (query: Query, release: ReleaseInfo) => Read<unknown>> = {
  locale: (query, release) => readLocale(query, release.localeTags, release.defaultLocale),
  view: readView,
  q: readSearchText,
  limit: readLimit,
};
const refused = (problem: Problem): Resolution => ({ kind: 'problem', problem });

/** The canonical code of each path code in `params`, by kind name, or the problem of the first that names none. */
function resolveCodes(endpoint: Endpoint, params: Params, release: ReleaseInfo): { codes: Record<string, string> } | { problem: Problem } {
  const codes: Record<string, string> = {};
  for (const kind of pathKinds(endpoint)) {
    const input = params[kind.param];
    const table = release.pathCodes.get(kind.name)!;
    const scope = kind.scope ? codes[kind.scope] : '';
    const spelling = spellingOf(input, scope);
    const code = table.spellings.get(spelling);
    if (code === undefined) {
      const withdrawn = table.withdrawn.get(spelling);
      return { problem: withdrawn ? withdrawnProblem(withdrawn) : kind.notFound(input, { scope, base: baseOf(endpoint), hints: table.hints }) };
    }
    codes[kind.name] = code;
  }
  return { codes };
}

/** Resolves a request for `endpoint` with its path parameters (percent-decoded) and query. */
export function resolve(endpoint: Endpoint, params: Params, { query, names }: ParsedQuery, release: ReleaseInfo): Resolution {
  const resolved = resolveCodes(endpoint, params, release);
  if ('problem' in resolved) return refused(resolved.problem);
  const unknown = unknownParameter(names, openApiPath(endpoint), endpoint.query);
  if (unknown) return refused(unknown);
  const read: { q: string; locale: string; view: View; limit: number } = { q: '', locale: release.defaultLocale, view: 'compact', limit: 0 };
  for (const name of endpoint.query) {
    const value = READERS[name](query, release);
    if ('problem' in value) return refused(value.problem);
    (read as Record<ParameterName, unknown>)[name] = value.value;
  }
  const chain = release.localeChains.get(read.locale.toLowerCase())!;
  const { answer } = endpoint;
  if (answer.kind === 'search') {
    const list = endpointById(answer.of)!.answer as Extract<Answer, { kind: 'file' }>;
    return { kind: 'search', text: read.q, limit: read.limit, listKeys: localizedCandidates(chain, answerRest(list, {}, read.view), release.defaultLocale) };
  }
  const rest = answerRest(answer, resolved.codes, read.view);
  return { kind: 'file', keys: answer.localized ? localizedCandidates(chain, rest, release.defaultLocale) : [`v1/${rest}`] };
}

/** Each endpoint's path as a pattern that matches a request path (raw: percent-escapes kept). */
export const ROUTES = (ENDPOINTS as readonly Endpoint[]).map((endpoint) => ({ endpoint, ...parse(endpoint.path) }));

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

// A table naming a parameter that is no kind fails when it is loaded, not on a request.
for (const endpoint of ENDPOINTS as readonly Endpoint[]) pathKinds(endpoint);
