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
import { unknownParameter, VIEWS } from '../../contract/params.ts';
import type { PathCodeKind } from '../../contract/path-codes.ts';
import { codeVariable, rawVariable } from './nginx-path-codes.ts';
import { countryNotFound, problemBody, statusOf, type Problem } from '../../contract/problems.ts';

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

/** Headers on every answer: the release, nosniff and CORS (the CORS values come from __CORS__, written with the keys). */
export const everyAnswer = (release: string): string[] => [
  `add_header ${DATA_RELEASE} ${release} always;`,
  'add_header X-Content-Type-Options nosniff always;',
  'add_header Access-Control-Allow-Origin $cr_allow_origin always;',
  'add_header Access-Control-Expose-Headers $cr_expose always;',
  'add_header Vary $cr_vary_origin always;',
];

/** The contract's gate in a location a client reaches: `$cr_gate` (or `$cr_gate_public`) names where the request goes instead. */
export const gate = (name = '$cr_gate'): string => `    if (${name}) { rewrite ^ ${name} last; }`;

/** A path in which nginx decoded an escaped slash names another resource than the one the client wrote: none here. */
export const ESCAPED_SLASH = '    if ($cr_escaped_slash) { rewrite ^ /_elsewhere last; }';

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
    '    default_type application/problem+json;',
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

/** The location of an endpoint: the gate, its path codes, its query, then the file (along the locale's chain where localized). */
function endpointLocation(endpoint: Endpoint, pattern: RegExp): string[] {
  const kinds = pathKinds(endpoint);
  let regex = pattern.source.replace(/\\\//g, '/');
  for (const kind of kinds) regex = regex.replace('([^/]+?)', `(?<${rawVariable(kind)}>[^/]+?)`);
  // The contract's routes ignore case (regexparam's patterns), so `~*`.
  const lines = [`  location ${pattern.flags.includes('i') ? '~*' : '~'} ${quote(regex)} {`, gate()];
  const { answer } = endpoint;
  if (answer.kind === 'search') return [...lines, '    proxy_pass __ORIGIN__;', '  }'];
  lines.push(ESCAPED_SLASH);
  for (const kind of kinds) lines.push(`    if ($${codeVariable(kind)} = "") { rewrite ^ ${unknownLocation(kind, endpoint)} last; }`);
  lines.push(`    if ($cr_unknown != "") { rewrite ^ /_problem/${endpoint.id}/unknown_parameter last; }`);
  for (const name of endpoint.query) {
    if (name === 'view')
      lines.push(
        '    if ($cr_given_view = 2) { rewrite ^ /_problem/view_twice last; }',
        '    if ($cr_view_check = "1!") { rewrite ^ /_problem/view_invalid last; }',
      );
    if (name === 'locale')
      lines.push(
        '    if ($cr_given_locale = 2) { rewrite ^ /_problem/locale_twice last; }',
        '    if ($cr_locale_check = 10) { rewrite ^ /_problem/locale_invalid last; }',
      );
  }
  const rest = restOf({ ...endpoint, answer });
  if (answer.localized) lines.push(`    set $cr_rest ${rest};`, '    rewrite ^ $cr_localized last;', '  }');
  else lines.push(`    set $cr_file v1/${rest};`, '    rewrite ^ $cr_serve last;', '  }');
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

/** Every endpoint's location (in the table's order: nginx tries them so) and the problems each may answer. */
export function endpointLocations(head: ManifestHead, release: string): string[] {
  return [
    ...ROUTES.flatMap(({ endpoint, pattern }) => endpointLocation(endpoint, pattern)),
    ...(ENDPOINTS as readonly Endpoint[]).flatMap((endpoint) => endpointProblems(endpoint, head, release)),
  ];
}
