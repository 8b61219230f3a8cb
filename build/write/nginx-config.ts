/**
 * A CDN-ready nginx configuration for a built dist (written to dist as v1/_cdn/nginx.conf), generated
 * from the contract (contract/): the same pipeline as plan.ts (preflight, health, public files, key,
 * method, endpoints, other paths), the same problems byte for byte, ETags, caching headers, CORS and
 * precompressed copies. Search needs the index in memory, so it is passed to a gateway, whose answer
 * goes back as it is. `npm run serve:nginx` runs it (nginx/nginx.ts); or include it in nginx's
 * http {} block after replacing the placeholders. What nginx cannot do alike is listed in docs/nginx.md ("Tiers").
 */
import { answerRest, ENDPOINTS, openApiPath, pathKinds, ROUTES, type Endpoint } from '../../contract/endpoints.ts';
import { CACHE_CONTROL, DATA_RELEASE, HEADERS_TOO_LARGE, healthBody, MAX_HEADER_BYTES, MAX_URL_LENGTH, URI_TOO_LONG } from '../../contract/headers.ts';
import { isPublicFile, staticRequest } from '../../contract/layout.ts';
import type { ManifestFile, ManifestHead } from '../../contract/manifest.ts';
import { BAD_REQUEST, METHOD_NOT_ALLOWED, NOT_FOUND, problemBody, REFUSALS, statusOf, withdrawnProblem, countryNotFound, ALLOWED_METHODS, type Problem } from '../../contract/problems.ts';
import { PATH_CODE_KINDS } from '../../contract/path-codes.ts';
import { VIEWS } from '../../contract/params.ts';
import { readLocale, readView, unknownParameter } from '../../contract/params.ts';
import { quote } from '../../contract/nginx-placeholders.ts';
import {
  authMap, codeVariable, freshMap, givenMaps, goneLocation, jsonSuffixMap, localeMaps, localeValidityMap, methodMap, pathCodeMaps, rawVariable,
  unknownParameterMaps, viewMap,
} from './nginx-maps.ts';

/** Marks where a detail takes an nginx variable: the text between is the variable's name. */
const VARIABLE = '\u0001';
const variable = (name: string) => `${VARIABLE}${name}${VARIABLE}`;
/** Stand-ins for a path code and its scope's code in a detail, swapped for the nginx variables that hold them. */
const INPUT = 'QZQINPUTQZQ';
const SCOPE = 'QZQSCOPEQZQ';
const COUNTRY = 'Q1';
const withVariables = (problem: Problem, swaps: [string, string][]): Problem =>
  ({ ...problem, detail: swaps.reduce((detail, [from, name]) => detail.replaceAll(from, variable(name)), problem.detail) });

/** Headers on every answer: the release and CORS (the CORS values come from __CORS__, written with the keys). */
const everyAnswer = (release: string) => [
  `add_header ${DATA_RELEASE} ${release} always;`,
  'add_header Access-Control-Allow-Origin $cr_allow_origin always;',
  'add_header Access-Control-Expose-Headers $cr_expose always;',
  'add_header Vary $cr_vary_origin always;',
];

/** An internal location answering `problem`, whose detail may hold variables (`variable`). */
function problemLocation(uri: string, problem: Problem, release: string): string[] {
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

/** The problems an endpoint may answer, each in an internal location of its own under /_problem/<id>/. */
function endpointProblems(endpoint: Endpoint, head: ManifestHead, release: string): string[] {
  const at = (name: string, problem: Problem) => problemLocation(`/_problem/${endpoint.id}/${name}`, problem, release);
  const base = endpoint.path.slice(0, endpoint.path.indexOf(':'));
  const lines: string[] = [];
  const unknown = unknownParameter(['\u0001'], openApiPath(endpoint), endpoint.query)!;
  lines.push(...at('unknown_parameter', { ...unknown, detail: `${unknown.detail.replace(/^.*?; /, `${variable('cr_unknown')}; `)}${variable('cr_suggestion')}` }));
  for (const kind of pathKinds(endpoint)) {
    const notFound = kind.notFound(INPUT, { scope: SCOPE, base, hints: new Map() });
    lines.push(...at(`${kind.name}_not_found`, withVariables(notFound, [[`"${INPUT}"`, `cr_quoted_${kind.name}`], [SCOPE, kind.scope ? `cr_${kind.scope}` : '']])));
    for (const hint of Object.values(head.path_codes[kind.name].hints)) {
      lines.push(...at(`${kind.name}_hint/${hint.code}`, kind.notFound(hint.code, { scope: '', base, hints: new Map([[hint.code.toLowerCase(), hint]]) })));
    }
  }
  if (endpoint.path.includes(':country_code')) {
    lines.push(...at('json_suffix', withVariables(countryNotFound(`${COUNTRY}.json`, base, new Map()), [[COUNTRY, 'cr_json_code']])));
  }
  return lines;
}

/** The shared problems: refusals of the key, method, parameters, paths, withdrawn codes. */
function sharedProblems(head: ManifestHead, release: string): string[] {
  const invalid = (read: { problem?: Problem } | object) => (read as { problem: Problem }).problem;
  const problems: [string, Problem][] = [
    ...Object.entries(REFUSALS).map(([name, problem]): [string, Problem] => [`refused/${name}`, problem]),
    ['method_not_allowed', { ...METHOD_NOT_ALLOWED('GET'), detail: METHOD_NOT_ALLOWED('GET').detail.replace('GET', variable('cr_method')) }],
    ['not_found', NOT_FOUND],
    ['locale_invalid', invalid(readLocale({ locale: '%' }, new Map(), 'en'))],
    ['locale_twice', invalid(readLocale({ locale: ['a', 'b'] }, new Map(), 'en'))],
    ['view_invalid', invalid(readView({ view: '%' }))],
    ['view_twice', invalid(readView({ view: ['a', 'b'] }))],
  ];
  const withdrawn = PATH_CODE_KINDS.flatMap((kind) => Object.entries(head.path_codes[kind.name].withdrawn).map(([spelling, entry]) => [goneLocation(kind, spelling), entry] as const));
  return [
    ...problems.flatMap(([name, problem]) => problemLocation(`/_problem/${name}`, problem, release)),
    ...withdrawn.flatMap(([location, entry]) => problemLocation(location, withdrawnProblem(entry), release)),
  ];
}

/** The location of an endpoint: its checks in the contract's order, then the file along the locale's chain. */
function endpointLocation(endpoint: Endpoint, pattern: RegExp): string[] {
  const kinds = pathKinds(endpoint);
  let regex = pattern.source.replace(/\\\//g, '/');
  for (const kind of kinds) regex = regex.replace('([^/]+?)', `(?<${rawVariable(kind)}>[^/]+?)`);
  const problem = (name: string) => `rewrite ^ /_problem/${endpoint.id}/${name} last;`;
  const shared = (name: string) => `rewrite ^ /_problem/${name} last;`;
  const lines = [`  location ~ ${quote(regex)} {`];
  if (endpoint.answer.kind === 'search') return [...lines, '    proxy_pass __ORIGIN__;', '  }'];
  for (const kind of kinds) {
    lines.push(`    if ($cr_gone_${kind.name} != "") { rewrite ^ $cr_gone_${kind.name} last; }`);
    lines.push(`    if ($cr_hint_${kind.name} != "") { rewrite ^ /_problem/${endpoint.id}/${kind.name}_hint/$cr_hint_${kind.name} last; }`);
    if (kind.name === 'country') lines.push(`    if ($cr_json_code != "") { ${problem('json_suffix')} }`);
    lines.push(`    if ($${codeVariable(kind)} = "") { ${problem(`${kind.name}_not_found`)} }`);
  }
  lines.push(`    if ($cr_unknown != "") { ${problem('unknown_parameter')} }`);
  for (const name of endpoint.query) {
    if (name === 'view') lines.push(`    if ($cr_given_view = 2) { ${shared('view_twice')} }`, `    if ($cr_view_check = "1!") { ${shared('view_invalid')} }`);
    if (name === 'locale') lines.push(`    if ($cr_given_locale = 2) { ${shared('locale_twice')} }`, `    if ($cr_locale_check = 10) { ${shared('locale_invalid')} }`);
  }
  const codes = Object.fromEntries(kinds.map((kind) => [kind.name, `$${codeVariable(kind)}`]));
  const rest = typeof endpoint.answer.rest === 'string' ? answerRest(endpoint.answer, codes) : `$cr_rest_${endpoint.id}`;
  lines.push(`    set $cr_rest ${rest};`, `    rewrite ^ ${endpoint.answer.localized ? '/_localized' : `/_serve/v1/${rest}`} last;`, '  }');
  return lines;
}

/** $cr_rest_<id>: the file of each view, for an endpoint answered by one file per view. */
function viewFileMaps(): string[] {
  return ENDPOINTS.flatMap((endpoint) => {
    const { answer } = endpoint as Endpoint;
    if (answer.kind !== 'file' || typeof answer.rest === 'string') return [];
    const files = answer.rest;
    return [`map $cr_view $cr_rest_${endpoint.id} {`, `  default ${files.compact};`, ...VIEWS.map((view) => `  ${view} ${files[view]};`), '}'];
  });
}

function fileMaps(files: Record<string, ManifestFile>): string[] {
  const lines = ['map $uri $cr_etag {', '  default "";'];
  for (const [path, file] of Object.entries(files)) lines.push(`  /_serve/${path} ${quote(`"${file.sha256}"`)};`);
  lines.push('}', 'map $uri $cr_language {', '  default "";');
  for (const [path, file] of Object.entries(files)) if (file.content_language) lines.push(`  /_serve/${path} ${file.content_language};`);
  lines.push('}', 'map $uri $cr_cache_control {', `  default ${quote(CACHE_CONTROL.keyed)};`);
  for (const path of Object.keys(files)) if (isPublicFile(path)) lines.push(`  /_serve/${path} ${quote(CACHE_CONTROL.public)};`);
  lines.push('}');
  return lines;
}

export function nginxConfig(head: ManifestHead, files: Record<string, ManifestFile>): string {
  const release = head.release.id;
  const statics = head.static_files.map((key) => [staticRequest(key)!, key] as const);
  const depth = Math.max(...head.locales.map(({ fallback = [] }) => fallback.length + 1));
  return [
    '# Country Reference API on nginx: generated by `npm run build` from the contract; do not edit.',
    '# Include inside http {} after replacing: __DIST_ROOT__ (absolute path of this dist folder), __LISTEN__',
    '# (listen address), __KEYS__ (a file of lines `"~^[Bb][Ee][Aa][Rr][Ee][Rr] +<key, regex-escaped>$" ok;`),',
    '# __CORS__ (the CORS maps: see nginx/nginx.ts), __ORIGIN__ (a gateway URL for /v1/countries/search).',
    '# Needs ngx_http_brotli_static_module for the .br copies.',
    'map_hash_max_size 1048576;',
    'map_hash_bucket_size 256;',
    ...authMap(),
    'include __CORS__;',
    // nginx's own refusals (a request it cannot parse) are sent to a problem's location: no step of the pipeline applies.
    'map "$request_uri|$uri" $cr_internal { default 0; "~^(?!/_problem/)[^|]*\\|/_problem/" 1; }',
    // What no key is needed for: preflights, health and the public files, each by its method.
    'map "$cr_internal:$request_method:$uri" $cr_open {',
    '  default "";',
    '  "~^1:" internal;',
    '  "~^0:OPTIONS:" preflight;',
    '  "~^0:(?:GET|HEAD):/healthz$" health;',
    ...statics.filter(([, key]) => isPublicFile(key)).map(([request]) => `  ${quote(`~^0:(?:GET|HEAD):${request.replace(/[.]/g, '\\.')}$`)} file;`),
    '}',
    `map $request_uri $cr_uri_too_long { default 0; ${quote(`~^.{${MAX_URL_LENGTH + 1}}`)} 1; }`,
    'map "$cr_open:$cr_auth" $cr_refused { default ""; "~^:(missing|malformed|unknown)$" $1; }',
    'map "$cr_open:$request_method" $cr_not_allowed { default 0; "~^:(?!(?:GET|HEAD)$)" 1; }',
    ...givenMaps(),
    ...unknownParameterMaps(),
    ...localeValidityMap(),
    'map "$cr_given_locale$cr_locale_ok" $cr_locale_check { default ok; 10 10; }',
    ...localeMaps(head),
    ...viewMap(),
    'map "$cr_given_view$cr_view_name" $cr_view_check { default ok; "1!" "1!"; }',
    'map "$cr_given_view:$cr_view_name" $cr_view { default $cr_view_name; "~^0:" compact; }',
    ...viewFileMaps(),
    ...pathCodeMaps(head),
    ...jsonSuffixMap(),
    ...methodMap(),
    ...freshMap(),
    ...fileMaps(files),
    'server {',
    '  listen __LISTEN__;',
    '  root __DIST_ROOT__;',
    '  merge_slashes off;',
    '  types { application/json json; text/html html; text/css css; text/javascript js; }',
    '  default_type application/json;',
    '  charset utf-8;',
    '  charset_types application/json application/problem+json text/css text/javascript;',
    '  etag off;',
    '  if_modified_since off;',
    '  server_tokens off;',
    // As node:http: 16 KiB for the request line and headers, and a header line nginx cannot read refused, not skipped.
    `  large_client_header_buffers 1 ${MAX_HEADER_BYTES / 1024}k;`,
    '  ignore_invalid_headers off;',
    // The contract's pipeline: preflight, health and public files need no key; then the key, then the method.
    '  if ($cr_uri_too_long) { rewrite ^ /_problem/uri_too_long last; }',
    '  if ($cr_open = preflight) { rewrite ^ /_preflight last; }',
    '  if ($cr_refused != "") { rewrite ^ /_problem/refused/$cr_refused last; }',
    '  if ($cr_not_allowed) { rewrite ^ /_problem/method_not_allowed last; }',
    '  error_page 400 = /_problem/bad_request;',
    '  error_page 405 = /_problem/method_not_allowed;',
    '  error_page 414 = /_problem/uri_too_long;',
    '  error_page 494 = /_problem/headers_too_large;',
    '  error_page 500 502 503 504 = /_problem/internal_error;',
    '  location = /_preflight {',
    '    internal;',
    ...everyAnswer(release).map((line) => `    ${line}`),
    `    add_header Allow ${quote(ALLOWED_METHODS)} always;`,
    '    add_header Access-Control-Allow-Methods $cr_preflight_methods always;',
    '    add_header Access-Control-Allow-Headers $cr_preflight_headers always;',
    '    add_header Access-Control-Max-Age $cr_preflight_max_age always;',
    '    return 204;',
    '  }',
    '  location = /healthz {',
    '    default_type "application/json";',
    ...everyAnswer(release).map((line) => `    ${line}`),
    `    add_header Cache-Control ${CACHE_CONTROL.none} always;`,
    `    return 200 ${quote(healthBody(release))};`,
    '  }',
    ...statics.map(([request, key]) => `  location = ${request} { rewrite ^ /_serve/${key} last; }`),
    ...ROUTES.flatMap(({ endpoint, pattern }) => endpointLocation(endpoint, pattern)),
    '  # The first file along the locale\'s fallback chain, as the contract lists them.',
    '  location = /_localized {',
    '    internal;',
    ...Array.from({ length: depth }, (_, index) => index === 0
      ? `    set $cr_file v1/$cr_l1$cr_rest;`
      : `    if (!-f $document_root/$cr_file) { set $cr_file v1/$cr_l${index + 1}$cr_rest; }`),
    '    if (!-f $document_root/$cr_file) { set $cr_file v1/$cr_rest; }',
    '    rewrite ^ /_serve/$cr_file last;',
    '  }',
    '  location ^~ /_serve/ {',
    '    internal;',
    '    alias __DIST_ROOT__/;',
    '    gzip_static on;',
    '    brotli_static on;',
    ...everyAnswer(release).map((line) => `    ${line}`),
    '    add_header ETag $cr_etag;',
    '    add_header Cache-Control $cr_cache_control;',
    '    add_header Content-Language $cr_language;',
    '    add_header Vary Accept-Encoding;',
    '    if ($cr_fresh) { return 304; }',
    '  }',

    '  location / { rewrite ^ /_problem/not_found last; }',
    ...sharedProblems(head, release),
    ...problemLocation('/_problem/bad_request', BAD_REQUEST, release),
    ...problemLocation('/_problem/uri_too_long', URI_TOO_LONG, release),
    ...problemLocation('/_problem/headers_too_large', HEADERS_TOO_LARGE, release),
    ...problemLocation('/_problem/internal_error', { code: 'internal_error', detail: 'The server could not answer this request.' }, release),
    ...ENDPOINTS.flatMap((endpoint) => endpointProblems(endpoint, head, release)),
    '}',
    '',
  ].join('\n');
}
