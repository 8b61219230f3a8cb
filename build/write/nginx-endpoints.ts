/**
 * The endpoints in the generated nginx config, one location each, written from the endpoint table
 * (contract/endpoints.ts): the contract's gate first (the key, the method: `$cr_gate`), then each path
 * parameter by its kind, the query, and the file. Every problem is an internal location of its own,
 * reached only by a rewrite of this config or an error page, never by a path a client sends.
 */
import { answerRest, ENDPOINTS, openApiPath, pathKinds, ROUTES, type Endpoint } from '../../contract/endpoints.ts';
import { CACHE_CONTROL, DATA_RELEASE } from '../../contract/headers.ts';
import type { ManifestHead } from '../../contract/manifest.ts';
import { quote } from '../../contract/nginx-placeholders.ts';
import { LANGTAG_SOURCE, MAX_TAG_LENGTH, unknownParameter, VIEWS } from '../../contract/params.ts';
import { separatorsAnyForm } from './nginx-maps.ts';
import type { PathCodeKind } from '../../contract/path-codes.ts';
import { codeVariable, rawVariable } from './nginx-path-codes.ts';
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

/** The contract's gate in a location a client reaches: `$cr_gate` (or `$cr_gate_public`) names where the request goes instead. */
export const gate = (name = '$cr_gate'): string => `    if (${name}) { rewrite ^ ${name} last; }`;

/** A path in which nginx decoded an escaped slash names another resource than the one the client wrote: none here. */
export const ESCAPED_SLASH = '    if ($cr_target = slash) { rewrite ^ /_elsewhere last; }';

/** An internal location answering `problem`, whose detail may hold variables (`variable`). */
export function problemLocation(uri: string, problem: Problem, release: string): string[] {
  // JSON writes the mark as an escape: the text between two of them is the variable's name.
  const body = problemBody(problem)
    .split(JSON.stringify(VARIABLE).slice(1, -1))
    .map((part, index) => (index % 2 ? `\${${part}}` : part))
    .join('');
  return [
    `  location = ${uri} {`,
    '    internal;',
    `    default_type ${quote(PROBLEM_TYPE)};`,
    ...everyAnswer(release).map((line) => `    ${line}`),
    ...(problem.headers ?? []).map(([name, value]) => `    add_header ${name} ${quote(value)} always;`),
    `    add_header Cache-Control ${CACHE_CONTROL.none} always;`,
    `    return ${statusOf(problem.code)} ${quote(body)};`,
    '  }',
  ];
}

/** The internal location that says why a path code names none of its kind: withdrawn, a hint, a file name, unknown. */
const unknownLocation = (kind: PathCodeKind, endpoint: Endpoint) => `/_${kind.name}_unknown/${endpoint.id}`;

/** The file an endpoint answers from: its rest with each code's variable, or the per-view map's variable. */
function restOf(endpoint: Endpoint & { answer: { kind: 'file' } }): string {
  if (typeof endpoint.answer.rest !== 'string') return `$cr_rest_${endpoint.id}`;
  return answerRest(endpoint.answer, Object.fromEntries(pathKinds(endpoint).map((kind) => [kind.name, `$${codeVariable(kind)}`])));
}

/** The variable naming where an endpoint's query sends the request instead (a problem), or "" (`queryMaps`). */
const queryVariable = (endpoint: Endpoint) => `$cr_query_${endpoint.id}`;

/**
 * `$cr_query_<id>`: the first problem of the endpoint's query, in the contract's order (an unknown name, then
 * each parameter it reads), or "". A chain of maps, each on one variable, so a request with no query is one
 * exact lookup of the empty string.
 */
export function queryMaps(): string[] {
  return (ENDPOINTS as readonly Endpoint[]).flatMap((endpoint) => {
    if (endpoint.answer.kind !== 'file') return [];
    const steps: [string, string][] = [['$cr_unknown', `"" {next}; default /_problem/${endpoint.id}/unknown_parameter;`]];
    for (const name of endpoint.query) {
      if (name === 'view')
        steps.push(['$cr_given_view', '2 /_problem/view_twice; default {next};'], ['$cr_view_check', '"1!" /_problem/view_invalid; default {next};']);
      if (name === 'locale')
        steps.push(['$cr_given_locale', '2 /_problem/locale_twice; default {next};'], ['$cr_locale_check', '10 /_problem/locale_invalid; default {next};']);
    }
    const name = queryVariable(endpoint);
    const at = (index: number) => (index === 0 ? `${name}_checked` : `${name}_${index}`);
    // A query of one parameter the endpoint reads, well-formed, is one pattern (as $cr_locale_ok and $cr_view_name read them).
    const alone = [
      ...(endpoint.query.includes('locale') ? [`~^locale=(?=[^&]{1,${MAX_TAG_LENGTH}}$)(?i)${separatorsAnyForm(LANGTAG_SOURCE.replace(/^\^/, ''))}`] : []),
      ...(endpoint.query.includes('view') ? [`~^view=(?:${VIEWS.join('|')})$`] : []),
    ];
    return [
      `map $args ${name} { "" ""; ${alone.map((pattern) => `${quote(pattern)} "";`).join(' ')} default ${at(0)}; }`,
      ...steps.map(
        ([source, entries], index) => `map ${source} ${at(index)} { ${entries.replace('{next}', index + 1 < steps.length ? at(index + 1) : '""')} }`,
      ),
    ];
  });
}

/**
 * The file along the locale's chain, in the endpoint's own location: `$cr_probe<n>` is the ETag of the file
 * tried at step n where the locale's chain has that step (empty when the file is missing), else "x"; the
 * default locale's file is always there.
 */
function localizedChain(rest: string, depth: number): string[] {
  return [
    `    set $cr_rest ${rest};`,
    `    set $cr_file v1/${depth === 0 ? '' : '$cr_l1'}$cr_rest;`,
    ...Array.from(
      { length: depth },
      (_, index) => `    if ($cr_probe${index + 1} = "") { set $cr_file v1/${index + 1 < depth ? `$cr_l${index + 2}` : ''}$cr_rest; }`,
    ),
  ];
}

/**
 * The file `$cr_file` names, served where the request is: its ETag compared, then the file with its .br or
 * .gz copy where the client takes one. A client refusing a coding goes to the /_serve location without it.
 */
function serveLines(release: string): string[] {
  return [
    '    if ($cr_serve_other) { rewrite ^ $cr_serve_other last; }',
    '    set $cr_tag $cr_etag;',
    '    gzip_static on;',
    '    brotli_static on;',
    ...everyAnswer(release).map((line) => `    ${line}`),
    '    add_header ETag $cr_tag;',
    `    add_header Cache-Control ${quote(CACHE_CONTROL.keyed)};`,
    '    add_header Content-Language $cr_language;',
    '    add_header Vary Accept-Encoding;',
    '    if ($http_if_none_match = $cr_tag) { return 304; }',
    '    if ($cr_fresh) { return 304; }',
    '    rewrite ^ /$cr_file break;',
  ];
}

/** The location of an endpoint: the gate, its path codes, its query, then the file (along the locale's chain where localized), served there. */
function endpointLocation(endpoint: Endpoint, pattern: RegExp, options: { release: string; depth: number }): string[] {
  const kinds = pathKinds(endpoint);
  let regex = pattern.source.replace(/\\\//g, '/');
  for (const kind of kinds) regex = regex.replace('([^/]+?)', `(?<${rawVariable(kind)}>[^/]+?)`);
  // The contract's routes ignore case (regexparam's patterns), so `~*`.
  const lines = [`  location ${pattern.flags.includes('i') ? '~*' : '~'} ${quote(regex)} {`, gate()];
  const { answer } = endpoint;
  if (answer.kind === 'search') return [...lines, '    proxy_pass __ORIGIN__;', '  }'];
  lines.push(ESCAPED_SLASH);
  for (const kind of kinds) lines.push(`    if ($${codeVariable(kind)} = "") { rewrite ^ ${unknownLocation(kind, endpoint)} last; }`);
  lines.push(`    if (${queryVariable(endpoint)}) { rewrite ^ ${queryVariable(endpoint)} last; }`);
  const rest = restOf({ ...endpoint, answer });
  lines.push(...(answer.localized ? localizedChain(rest, options.depth) : [`    set $cr_file v1/${rest};`]), ...serveLines(options.release), '  }');
  return lines;
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
  for (const kind of pathKinds(endpoint)) {
    // In the contract's order: withdrawn, a hint, a file name (a country code only), unknown.
    lines.push(
      `  location = ${unknownLocation(kind, endpoint)} {`,
      '    internal;',
      `    if ($cr_gone_${kind.name} != "") { rewrite ^ $cr_gone_${kind.name} last; }`,
      `    if ($cr_hint_${kind.name} != "") { rewrite ^ /_problem/${endpoint.id}/${kind.name}_hint/$cr_hint_${kind.name} last; }`,
      ...(kind.name === 'country' ? [`    if ($cr_json_code != "") { rewrite ^ /_problem/${endpoint.id}/json_suffix last; }`] : []),
      `    rewrite ^ /_problem/${endpoint.id}/${kind.name}_not_found last;`,
      '  }',
    );
    const notFound = kind.notFound(INPUT, { scope: SCOPE, base, hints: new Map() });
    lines.push(
      ...at(
        `${kind.name}_not_found`,
        withVariables(notFound, [[`"${INPUT}"`, `cr_quoted_${kind.name}`], ...(kind.scope ? [[SCOPE, `cr_${kind.scope}`] as [string, string]] : [])]),
      ),
    );
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

/** Every endpoint's location (in the table's order: nginx tries them so) and the problems each may answer; `depth` is the deepest locale chain. */
export function endpointLocations(head: ManifestHead, release: string, depth: number): string[] {
  return [
    ...ROUTES.flatMap(({ endpoint, pattern }) => endpointLocation(endpoint, pattern, { release, depth })),
    ...(ENDPOINTS as readonly Endpoint[]).flatMap((endpoint) => endpointProblems(endpoint, head, release)),
  ];
}
