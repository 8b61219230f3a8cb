/**
 * The endpoints in the generated nginx config, one location each, written from the endpoint table
 * (contract/endpoints.ts): the contract's gate first (the key, the method: `$cr_gate`), then each path
 * parameter by its kind, the query, and the file. Every problem is an internal location of its own,
 * reached only by a rewrite of this config or an error page, never by a path a client sends.
 */
import { ENDPOINTS, openApiPath, ROUTES, type Endpoint } from '../../contract/endpoints.ts';
import { CACHE_CONTROL, DATA_RELEASE } from '../../contract/headers.ts';
import type { ManifestHead } from '../../contract/manifest.ts';
import { quote } from '../../contract/nginx-placeholders.ts';
import { unknownParameter } from '../../contract/params.ts';
import { countryNotFound, problemBody, statusOf, subdivisionNotFound, type Problem } from '../../contract/problems.ts';

/** Marks where a detail takes an nginx variable: the text between is the variable's name. */
const VARIABLE = '\u0001';
export const variable = (name: string): string => `${VARIABLE}${name}${VARIABLE}`;
/** Stand-ins for the path codes in a detail, swapped for the nginx variables that hold them. */
const COUNTRY = 'Q1';
const SUBDIVISION = 'Q2Q2';
const withVariables = (problem: Problem, swaps: [string, string][]): Problem =>
  ({ ...problem, detail: swaps.reduce((detail, [from, name]) => detail.replaceAll(from, variable(name)), problem.detail) });

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
  const body = problemBody(problem).split(JSON.stringify(VARIABLE).slice(1, -1)).map((part, index) => (index % 2 ? `\${${part}}` : part)).join('');
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

/**
 * Each kind of path parameter: the capture its location names, the map that gives the canonical code
 * ("" for none), and the internal location that says why there is none (withdrawn, a hint, unknown).
 */
const PATH_KINDS: Record<string, { capture: string; code: string; unknown: (endpoint: Endpoint) => string }> = {
  country_code: { capture: 'cr_country_raw', code: '$cr_country', unknown: (endpoint) => `/_country_unknown/${endpoint.id}` },
  subdivision_code: { capture: 'cr_subdivision_raw', code: '$cr_subdivision', unknown: () => '/_subdivision_unknown' },
};

/** The location of an endpoint: the gate, its path codes, its query, then the file (along the locale's chain where localized). */
function endpointLocation(endpoint: Endpoint, pattern: RegExp): string[] {
  const names = [...endpoint.path.matchAll(/:([a-z_]+)/g)].map((match) => match[1]);
  let regex = pattern.source.replace(/\\\//g, '/');
  for (const name of names) regex = regex.replace('([^/]+?)', `(?<${PATH_KINDS[name].capture}>[^/]+?)`);
  // The contract's routes ignore case (regexparam's patterns), so `~*`.
  const lines = [`  location ${pattern.flags.includes('i') ? '~*' : '~'} ${quote(regex)} {`, gate()];
  if (endpoint.answer.kind === 'search') return [...lines, '    proxy_pass __ORIGIN__;', '  }'];
  lines.push(ESCAPED_SLASH);
  for (const name of names) lines.push(`    if (${PATH_KINDS[name].code} = "") { rewrite ^ ${PATH_KINDS[name].unknown(endpoint)} last; }`);
  lines.push(`    if ($cr_unknown != "") { rewrite ^ /_problem/${endpoint.id}/unknown_parameter last; }`);
  for (const name of endpoint.query) {
    if (name === 'view') lines.push('    if ($cr_given_view = 2) { rewrite ^ /_problem/view_twice last; }', '    if ($cr_view_check = "1!") { rewrite ^ /_problem/view_invalid last; }');
    if (name === 'locale') lines.push('    if ($cr_given_locale = 2) { rewrite ^ /_problem/locale_twice last; }', '    if ($cr_locale_check = 10) { rewrite ^ /_problem/locale_invalid last; }');
  }
  const rest = endpoint.answer.rest.replace('{list}', '$cr_list').replace('{country}', '$cr_country').replace('{subdivision}', '$cr_subdivision');
  if (endpoint.answer.localized) lines.push(`    set $cr_rest ${rest};`, '    rewrite ^ $cr_localized last;', '  }');
  else lines.push(`    set $cr_file v1/${rest};`, '    rewrite ^ $cr_serve last;', '  }');
  return lines;
}

/** The problems an endpoint may answer, each in an internal location of its own under /_problem/<id>/. */
function endpointProblems(endpoint: Endpoint, head: ManifestHead, release: string): string[] {
  const at = (name: string, problem: Problem) => problemLocation(`/_problem/${endpoint.id}/${name}`, problem, release);
  const base = endpoint.path.slice(0, endpoint.path.indexOf(':'));
  const lines: string[] = [];
  const unknown = unknownParameter(['\u0001'], openApiPath(endpoint), endpoint.query)!;
  lines.push(...at('unknown_parameter', { ...unknown, detail: `${unknown.detail.replace(/^.*?; /, `${variable('cr_unknown')}; `)}${variable('cr_suggestion')}` }));
  if (endpoint.path.includes(':country_code')) {
    // Why a country code names no country, in the contract's order: withdrawn, a hint, a file name, unknown.
    lines.push(
      `  location = /_country_unknown/${endpoint.id} {`,
      '    internal;',
      '    if ($cr_gone != "") { rewrite ^ /_gone/$cr_gone last; }',
      `    if ($cr_hint != "") { rewrite ^ /_problem/${endpoint.id}/hint/$cr_hint last; }`,
      `    if ($cr_json_code != "") { rewrite ^ /_problem/${endpoint.id}/json_suffix last; }`,
      `    rewrite ^ /_problem/${endpoint.id}/country_not_found last;`,
      '  }',
    );
    lines.push(...at('country_not_found', withVariables(countryNotFound(COUNTRY, base, new Map()), [[`"${COUNTRY}"`, 'cr_quoted_country']])));
    lines.push(...at('json_suffix', withVariables(countryNotFound(`${COUNTRY}.json`, base, new Map()), [[COUNTRY, 'cr_json_code']])));
    for (const hint of Object.values(head.code_hints)) lines.push(...at(`hint/${hint.code}`, countryNotFound(hint.code, base, new Map([[hint.code.toLowerCase(), hint]]))));
  }
  return lines;
}

/** Why a subdivision code names none: withdrawn, or unknown. */
function subdivisionUnknown(release: string): string[] {
  return [
    '  location = /_subdivision_unknown {',
    '    internal;',
    '    if ($cr_gone_subdivision != "") { rewrite ^ /_gone/$cr_gone_subdivision last; }',
    '    rewrite ^ /_problem/subdivision_not_found last;',
    '  }',
    ...problemLocation('/_problem/subdivision_not_found',
      withVariables(subdivisionNotFound(COUNTRY, SUBDIVISION), [[`"${SUBDIVISION}"`, 'cr_quoted_subdivision'], [COUNTRY, 'cr_country']]), release),
  ];
}

/** Every endpoint's location (in the table's order: nginx tries them so) and the problems each may answer. */
export function endpointLocations(head: ManifestHead, release: string): string[] {
  return [
    ...ROUTES.flatMap(({ endpoint, pattern }) => endpointLocation(endpoint, pattern)),
    ...ENDPOINTS.flatMap((endpoint) => endpointProblems(endpoint, head, release)),
    ...subdivisionUnknown(release),
  ];
}
