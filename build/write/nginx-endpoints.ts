/**
 * The endpoints in the generated nginx config, one location each, written from the endpoint table
 * (contract/endpoints.ts): the contract's gate first (the key, the method: `$cr_gate`), then each path
 * parameter by its kind, the query, and the file. Every problem but a code that names nothing (answered in
 * the endpoint's location) is an internal location of its own, reached only by a rewrite of this config or an
 * error page, never by a path a client sends.
 */
import { answerRest, ENDPOINTS, openApiPath, pathKinds, ROUTES, type Endpoint } from '../../contract/endpoints.ts';
import { CACHE_CONTROL, DATA_RELEASE } from '../../contract/headers.ts';
import { contentLanguageOf } from '../../contract/layout.ts';
import type { ManifestHead } from '../../contract/manifest.ts';
import { literal, quote } from '../../contract/nginx-placeholders.ts';
import { unknownParameter, VIEWS } from '../../contract/params.ts';
import type { PathCodeKind } from '../../contract/path-codes.ts';
import { codeVariable, rawVariable } from './nginx-path-codes.ts';
import { QUERY_PROBLEMS, queryVariable } from './nginx-query.ts';
import { countryNotFound, PROBLEM_TYPE, problemBody, statusOf, type Problem } from '../../contract/problems.ts';

/** Marks where a detail takes an nginx variable: the text between is the variable's name. */
const VARIABLE = '\u0001';
export const variable = (name: string): string => `${VARIABLE}${name}${VARIABLE}`;
/** Stand-ins for a path code and its scope's code in a detail, swapped for the nginx variables that hold them. */
const INPUT = 'QZQINPUTQZQ';
const SCOPE = 'QZQSCOPEQZQ';
const withVariables = (problem: Problem, swaps: [string, string][]): Problem => ({
  ...problem,
  detail: swaps.reduce((detail, [from, name]) => detail.replaceAll(from, variable(name)), problem.detail),
});

/**
 * Headers on every answer: the release, nosniff and CORS (__CORS_HEADERS__, written with the keys: constants when
 * every origin is allowed, so nothing is looked up for them per request).
 */
export const everyAnswer = (release: string): string[] => [
  `add_header ${DATA_RELEASE} ${release} always;`,
  'add_header X-Content-Type-Options nosniff always;',
  'include __CORS_HEADERS__;',
];

/**
 * The contract's gate in a location a client reaches: `$cr_gate` (or `$cr_gate_public`) names where the request
 * goes instead, /_elsewhere for a path in which nginx decoded an escaped slash (it names another resource than
 * the one the client wrote: none here); `$cr_gate_proxy` passes such a path on as it came.
 */
export const gate = (name = '$cr_gate'): string => `    if (${name}) { rewrite ^ ${name} last; }`;

/** An internal location answering `problem`, whose detail may hold variables (`variable`). */
export function problemLocation(uri: string, problem: Problem, release: string): string[] {
  return [`  location = ${uri} {`, '    internal;', `    default_type ${quote(PROBLEM_TYPE)};`, ...problemAnswer(problem, release), '  }'];
}

/** The headers and the return of `problem` (its detail may hold variables: `variable`), where the location's default type is the problem's. */
function problemAnswer(problem: Problem, release: string, indent = '    '): string[] {
  // JSON writes the mark as an escape: the text between two of them is the variable's name.
  const body = problemBody(problem)
    .split(JSON.stringify(VARIABLE).slice(1, -1))
    .map((part, index) => (index % 2 ? `\${${part}}` : part))
    .join('');
  return [
    ...everyAnswer(release).map((line) => `${indent}${line}`),
    ...(problem.headers ?? []).map(([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`),
    `${indent}add_header Cache-Control ${CACHE_CONTROL.none} always;`,
    `${indent}return ${statusOf(problem.code)} ${quote(body)};`,
  ];
}

/** The file an endpoint answers from: its rest with each code's variable, or the per-view map's variable. */
function restOf(endpoint: Endpoint & { answer: { kind: 'file' } }): string {
  if (typeof endpoint.answer.rest !== 'string') return `$cr_rest_${endpoint.id}`;
  return answerRest(endpoint.answer, Object.fromEntries(pathKinds(endpoint).map((kind) => [kind.name, `$${codeVariable(kind)}`])));
}

/** The file of a localized answer: the folder of the first locale of the chain that has it (`$cr_locale_dir`), one lookup. */
const localizedFile = (rest: string): string[] => [`    set $cr_rest ${rest};`, '    set $cr_file v1/$cr_locale_dir$cr_rest;'];

/**
 * The file `$cr_file` names, served where the request is: 304 where If-None-Match is its ETag as sent, the
 * file (with its .br or .gz copy where the client takes one) where the request has no If-None-Match and a
 * common Accept-Encoding; any other request goes to the /_serve location of the codings it takes, which
 * compares the ETag by the contract's rules.
 */
function serveLines(release: string, language: string | null): string[] {
  return [
    '    gzip_static on;',
    '    brotli_static on;',
    ...everyAnswer(release).map((line) => `    ${line}`),
    '    add_header ETag $cr_etag;',
    `    add_header Cache-Control ${quote(CACHE_CONTROL.keyed)};`,
    ...(language ? [`    add_header Content-Language ${language};`] : []),
    '    add_header Vary Accept-Encoding;',
    '    if ($http_if_none_match = $cr_etag) { return 304; }',
    '    if ($http_if_none_match) { rewrite ^ $cr_serve last; }',
    '    if ($cr_serve_coding) { rewrite ^ $cr_serve_coding last; }',
    '    rewrite ^ /$cr_file break;',
  ];
}

/**
 * The location of an endpoint at `match` (`~* "<regex>"` or `= <path>`): the gate, its path codes, its query, then the file (by its locale where
 * localized), served there. A file's Content-Language is its key's (contract/layout.ts): a localized answer's folder names it
 * (`$cr_dir_language`, a lookup in a map of a few hundred entries, not in the files'), any other endpoint's files have the same one, or none.
 */
function endpointLocation(endpoint: Endpoint, match: string, release: string, defaultLocale: string): string[] {
  const { answer } = endpoint;
  if (answer.kind === 'search') return [`  location ${match} {`, gate('$cr_gate_proxy'), '    proxy_pass __ORIGIN__;', '  }'];
  // The default type is a problem's, for the answers returned here: a file's type is its extension's.
  const lines = [`  location ${match} {`, gate(), `    default_type ${quote(PROBLEM_TYPE)};`];
  for (const kind of pathKinds(endpoint)) {
    lines.push(
      `    if ($cr_${kind.name}_why) { rewrite ^ /_problem/${endpoint.id}/$cr_${kind.name}_why last; }`,
      `    if ($${codeVariable(kind)} = "") {`,
      ...problemAnswer(notFoundProblem(endpoint, kind), release, '      '),
      '    }',
    );
  }
  lines.push(`    if (${queryVariable(endpoint)}) { rewrite ^ /_problem/${endpoint.id}/${queryVariable(endpoint)} last; }`);
  const rest = restOf({ ...endpoint, answer });
  const language = answer.localized ? '$cr_dir_language' : contentLanguageOf(`v1/${rest}`, defaultLocale);
  lines.push(...(answer.localized ? localizedFile(rest) : [`    set $cr_file v1/${rest};`]), ...serveLines(release, language), '  }');
  return lines;
}

/** A route's pattern as nginx reads it (`~*`: the contract's routes ignore case, as regexparam's patterns do), each path code captured into its variable. */
function routeMatch(endpoint: Endpoint, pattern: RegExp, excluded: string[][] = []): string {
  let regex = pattern.source.replace(/\\\//g, '/');
  pathKinds(endpoint).forEach((kind, index) => {
    const not = excluded[index]?.length ? `(?!(?:${excluded[index].map(literal).join('|')})(?:/|$))` : '';
    regex = regex.replace('([^/]+?)', `${not}(?<${rawVariable(kind)}>[^/]+?)`);
  });
  return `${pattern.flags.includes('i') ? '~*' : '~'} ${quote(regex)}`;
}

/** The problem of a code that names none of its kind (nor was withdrawn, nor is a hint or a file name), its code and scope from nginx's variables. */
function notFoundProblem(endpoint: Endpoint, kind: PathCodeKind): Problem {
  const notFound = kind.notFound(INPUT, { scope: SCOPE, base: endpoint.path.slice(0, endpoint.path.indexOf(':')), hints: new Map() });
  return withVariables(notFound, [[`"${INPUT}"`, `cr_quoted_${kind.name}`], ...(kind.scope ? [[SCOPE, `cr_${kind.scope}`] as [string, string]] : [])]);
}

/** The problems an endpoint may answer, each in an internal location of its own under /_problem/<id>/, and why each path code names none. */
function endpointProblems(endpoint: Endpoint, head: ManifestHead, release: string): string[] {
  const at = (name: string, problem: Problem) => problemLocation(`/_problem/${endpoint.id}/${name}`, problem, release);
  const base = endpoint.path.slice(0, endpoint.path.indexOf(':'));
  const lines: string[] = [];
  const unknown = unknownParameter(['\u0001'], openApiPath(endpoint), endpoint.query)!;
  lines.push(
    ...at('unknown_parameter', { ...unknown, detail: `${unknown.detail.replace(/^.*?; /, `${variable('cr_unknown')}; `)}${variable('cr_suggestion')}` }),
  );
  for (const [name, problem] of QUERY_PROBLEMS) if (endpoint.query.includes(name.split('_')[0] as 'locale' | 'view')) lines.push(...at(name, problem));
  for (const kind of pathKinds(endpoint)) {
    lines.push(`  location = /_problem/${endpoint.id}/${kind.name}_gone {`, '    internal;', `    rewrite ^ $cr_gone_${kind.name} last;`, '  }');
    lines.push(...at(`${kind.name}_not_found`, notFoundProblem(endpoint, kind)));
    for (const hint of Object.values(head.path_codes[kind.name].hints)) {
      lines.push(...at(`${kind.name}_hint/${hint.code}`, kind.notFound(hint.code, { scope: '', base, hints: new Map([[hint.code.toLowerCase(), hint]]) })));
    }
    // A stand-in of a code's length, which the detail names only for a file name of a code (BR.json).
    if (kind.name === 'country') lines.push(...at('json_suffix', withVariables(countryNotFound('Q1.json', base, new Map()), [['Q1', 'cr_json_code']])));
  }
  return lines;
}

/** $cr_rest_<id>: the file of each view, for an endpoint answered by one file per view. */
export function viewFileMaps(): string[] {
  return (ENDPOINTS as readonly Endpoint[]).flatMap(({ id, answer }) => {
    if (answer.kind !== 'file' || typeof answer.rest === 'string') return [];
    const files = answer.rest;
    return [`map $cr_view $cr_rest_${id} {`, `  default ${files.compact};`, ...VIEWS.map((view) => `  ${view} ${files[view]};`), '}'];
  });
}

/**
 * Every endpoint's location and the problems each may answer. A path as the API writes it (lower case) is
 * found by one prefix match (`^~ /v1/<first part>/`), which holds the routes under it (in the table's order:
 * nginx tries them so), and an endpoint without path codes by an exact match too; any other spelling of a
 * route (the routes ignore case) goes down the list of every route, as nginx tries regular expressions.
 */
export function endpointLocations(head: ManifestHead, release: string): string[] {
  const nested = (lines: string[]) => lines.map((line) => `  ${line}`);
  const groups = new Map<string, typeof ROUTES>();
  for (const route of ROUTES) {
    const prefix = `${route.endpoint.path.split('/').slice(0, 3).join('/')}/`;
    groups.set(prefix, [...(groups.get(prefix) ?? []), route]);
  }
  // A route without path codes at its own path, with or without the slash, is an exact match; under the prefix,
  // only another spelling of a longer one (`/v1/countries/Search`) can still match it.
  const exact = ROUTES.filter(({ endpoint }) => !endpoint.path.includes(':'));
  const under = (prefix: string, { endpoint }: (typeof ROUTES)[number]) => endpoint.path.includes(':') || `${endpoint.path}/` !== prefix;
  // Under a prefix no two routes match one path (a code's pattern refuses a sibling's word there, as
  // `search`), so the deepest are tried first and the words last: most requests name codes.
  const parts = (route: (typeof ROUTES)[number]) => route.endpoint.path.split('/');
  const wordsAt = (route: (typeof ROUTES)[number], routes: typeof ROUTES) =>
    parts(route)
      .filter((part) => part.startsWith(':'))
      .map((param) => {
        const at = parts(route).indexOf(param);
        return routes
          .filter((other) => !other.endpoint.path.includes(':') && parts(other).length === parts(route).length)
          .filter((other) => parts(other).every((part, index) => index === at || part === parts(route)[index]))
          .map((other) => parts(other)[at]);
      });
  const order = (route: (typeof ROUTES)[number]) => -parts(route).length * 2 - (route.endpoint.path.includes(':') ? 1 : 0);
  return [
    ...exact.flatMap(({ endpoint }) =>
      [endpoint.path, `${endpoint.path}/`].flatMap((path) => endpointLocation(endpoint, `= ${path}`, release, head.default_locale)),
    ),
    ...[...groups].flatMap(([prefix, routes]) => [
      `  location ^~ ${prefix} {`,
      ...routes
        .filter((route) => under(prefix, route))
        .sort((a, b) => order(a) - order(b))
        .flatMap((route) =>
          nested(endpointLocation(route.endpoint, routeMatch(route.endpoint, route.pattern, wordsAt(route, routes)), release, head.default_locale)),
        ),
      '    rewrite ^ /_elsewhere last;',
      '  }',
    ]),
    ...ROUTES.flatMap(({ endpoint, pattern }) => endpointLocation(endpoint, routeMatch(endpoint, pattern), release, head.default_locale)),
    ...(ENDPOINTS as readonly Endpoint[]).flatMap((endpoint) => endpointProblems(endpoint, head, release)),
  ];
}
