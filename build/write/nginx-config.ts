/**
 * A CDN-ready nginx configuration for a built dist (written to dist as v1/_cdn/nginx.conf), generated
 * from the contract (contract/): the same pipeline as plan.ts (preflight, health, public files, key,
 * method, endpoints, other paths), the same problems byte for byte, ETags, caching headers, CORS and
 * precompressed copies. Search needs the index in memory, so it is passed to a gateway, whose answer
 * goes back as it is. `npm run serve:nginx` runs it (nginx/nginx.ts); or include it in nginx's
 * http {} block after replacing the placeholders. What nginx cannot do alike is listed in docs/nginx.md ("Tiers").
 */
import { CACHE_CONTROL, HEADERS_TOO_LARGE, healthBody, MAX_HEADER_BYTES, MAX_URL_LENGTH, URI_TOO_LONG } from '../../contract/headers.ts';
import { contentTypeOf, isPublicFile, JSON_TYPE, staticRequest } from '../../contract/layout.ts';
import type { ManifestFile, ManifestHead } from '../../contract/manifest.ts';
import { BAD_REQUEST, METHOD_NOT_ALLOWED, NOT_FOUND, REFUSALS, withdrawnProblem, ALLOWED_METHODS, type Problem } from '../../contract/problems.ts';
import { TOO_MANY_PARAMETERS } from '../../contract/params.ts';
import { quote } from '../../contract/nginx-placeholders.ts';
import { PATH_CODE_KINDS } from '../../contract/path-codes.ts';
import { endpointLocations, everyAnswer, gate, problemLocation, variable, viewFileMaps } from './nginx-endpoints.ts';
import { queryMaps } from './nginx-query.ts';
import {
  TYPED_EXTENSIONS,
  authMap,
  codingMaps,
  freshMap,
  gateMaps,
  givenMaps,
  jsonSuffixMap,
  localeMaps,
  localeValidityMap,
  methodMap,
  oneParameterMap,
  unknownParameterMaps,
  viewMap,
} from './nginx-maps.ts';
import { goneLocation, pathCodeMaps, unknownCodeMaps } from './nginx-path-codes.ts';

/** The shared problems: refusals of the key, method, parameters, paths, withdrawn codes. */
function sharedProblems(head: ManifestHead, release: string): string[] {
  const problems: [string, Problem][] = [
    ...Object.entries(REFUSALS).map(([name, problem]): [string, Problem] => [`refused/${name}`, problem]),
    ['method_not_allowed', { ...METHOD_NOT_ALLOWED('GET'), detail: METHOD_NOT_ALLOWED('GET').detail.replace('GET', variable('cr_method')) }],
    ['not_found', NOT_FOUND],
    ['too_many_parameters', TOO_MANY_PARAMETERS],
    ['bad_request', BAD_REQUEST],
    ['uri_too_long', URI_TOO_LONG],
    ['headers_too_large', HEADERS_TOO_LARGE],
    ['internal_error', { code: 'internal_error', detail: 'The server could not answer this request.' }],
  ];
  const withdrawn = PATH_CODE_KINDS.flatMap((kind) =>
    Object.entries(head.path_codes[kind.name].withdrawn).map(([spelling, entry]) => [goneLocation(kind, spelling), entry] as const),
  );
  return [
    ...problems.flatMap(([name, problem]) => problemLocation(`/_problem/${name}`, problem, release)),
    ...withdrawn.flatMap(([location, entry]) => problemLocation(location, withdrawnProblem(entry), release)),
  ];
}

/** /_serve and its variants without the codings a client refused ($cr_serve): the file, or 304 where If-None-Match names it (a static file's, or an endpoint's for a client refusing a coding). */
function serveLocations(release: string): string[] {
  const variants: [string, boolean, boolean][] = [
    ['/_serve', true, true],
    ['/_serve/gzip', false, true],
    ['/_serve/br', true, false],
    ['/_serve/identity', false, false],
  ];
  return variants.flatMap(([uri, br, gzip]) => [
    `  location = ${uri} {`,
    '    internal;',
    `    gzip_static ${gzip ? 'on' : 'off'};`,
    `    brotli_static ${br ? 'on' : 'off'};`,
    ...everyAnswer(release).map((line) => `    ${line}`),
    '    add_header ETag $cr_etag;',
    '    add_header Cache-Control $cr_cache_control;',
    '    add_header Content-Language $cr_language;',
    '    add_header Vary Accept-Encoding;',
    // The one ETag a client sends back, compared as it is; any other If-None-Match by the contract's rules.
    '    if ($http_if_none_match = $cr_etag) { return 304; }',
    '    if ($cr_fresh) { return 304; }',
    '    rewrite ^ /$cr_file break;',
    '  }',
  ]);
}

/** The headers of each file, by its key ($cr_file, set once, before any of them is read): exact lookups in hashed maps. */
function fileMaps(files: Record<string, ManifestFile>): string[] {
  const lines = ['map $cr_file $cr_etag {', '  default "";'];
  for (const [path, file] of Object.entries(files)) lines.push(`  ${path} ${quote(`"${file.sha256}"`)};`);
  lines.push('}', 'map $cr_file $cr_language {', '  default "";');
  for (const [path, file] of Object.entries(files)) if (file.content_language) lines.push(`  ${path} ${file.content_language};`);
  lines.push('}', 'map $cr_file $cr_cache_control {', `  default ${quote(CACHE_CONTROL.keyed)};`);
  for (const path of Object.keys(files)) if (isPublicFile(path)) lines.push(`  ${path} ${quote(CACHE_CONTROL.public)};`);
  lines.push('}');
  return lines;
}

export function nginxConfig(head: ManifestHead, files: Record<string, ManifestFile>): string {
  const release = head.release.id;
  const statics = head.static_files.map((key) => [staticRequest(key)!, key] as const);
  return [
    '# Country Reference API on nginx: generated by `npm run build` from the contract; do not edit.',
    '# Include inside http {} after replacing: __DIST_ROOT__ (absolute path of this dist folder), __LISTEN__',
    '# (listen address), __KEYS__ (a file of lines `"~^[Bb][Ee][Aa][Rr][Ee][Rr] +<key, regex-escaped>[ \\\\t]*$" ok;`),',
    '# __CORS__ (the CORS maps: see nginx/nginx.ts), __CORS_HEADERS__ (the CORS headers, included in each location),',
    '# __ORIGIN__ (a gateway URL for /v1/countries/search).',
    '# Needs ngx_http_brotli_static_module for the .br copies.',
    'map_hash_max_size 1048576;',
    'map_hash_bucket_size 256;',
    ...authMap(),
    'include __CORS__;',
    ...gateMaps(MAX_URL_LENGTH, [...new Set(Object.values(files).flatMap((file) => file.requests ?? []))]),
    ...oneParameterMap(),
    ...givenMaps(),
    ...unknownParameterMaps(),
    ...localeValidityMap(head),
    'map "$cr_given_locale$cr_locale_ok" $cr_locale_check { default ok; 10 10; }',
    'map $cr_locale_ok $cr_locale_alone { 1 ""; default locale_invalid; }',
    ...localeMaps(head, files),
    ...viewMap(),
    'map "$cr_given_view$cr_view_name" $cr_view_check { default ok; "1!" "1!"; }',
    'map "$cr_given_view:$cr_view_name" $cr_view { default $cr_view_name; "0:!" compact; }',
    ...viewFileMaps(),
    ...queryMaps(),
    ...pathCodeMaps(head),
    ...unknownCodeMaps(head),
    ...jsonSuffixMap(),
    ...methodMap(),
    ...freshMap(),
    ...codingMaps(),
    ...fileMaps(files),
    'server {',
    '  listen __LISTEN__;',
    '  root __DIST_ROOT__;',
    '  merge_slashes off;',
    // Each type whole, its charset written in: no charset filter to run on every answer.
    `  types { ${TYPED_EXTENSIONS.map((extension) => `${quote(contentTypeOf(`page/.${extension}`))} ${extension};`).join(' ')} }`,
    `  default_type ${quote(JSON_TYPE)};`,
    '  etag off;',
    '  if_modified_since off;',
    // No tier answers a part of a file: Range is ignored, as the gateway and the edge ignore it.
    '  max_ranges 0;',
    '  server_tokens off;',
    // A snapshot never changes while served (nginx/snapshot.ts): what a file lookup found holds.
    '  open_file_cache max=20000 inactive=60s;',
    '  open_file_cache_valid 1h;',
    '  open_file_cache_errors on;',
    // As node:http: 16 KiB for the request line and headers, and a header line nginx cannot read refused, not skipped.
    `  large_client_header_buffers 1 ${MAX_HEADER_BYTES / 1024}k;`,
    '  ignore_invalid_headers off;',
    // No rewrite at the server level: an error page's redirect runs that level again, and a step there could
    // not tell it from the client's request. Each location a client reaches applies the contract's gate itself.
    '  error_page 400 = /_problem/bad_request;',
    '  error_page 404 405 = /_elsewhere;',
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
    gate('$cr_gate_public'),
    `    default_type ${quote(JSON_TYPE)};`,
    ...everyAnswer(release).map((line) => `    ${line}`),
    `    add_header Cache-Control ${CACHE_CONTROL.none} always;`,
    `    return 200 ${quote(healthBody(release))};`,
    '  }',
    ...statics.flatMap(([request, key]) => [
      `  location = ${request} {`,
      gate(isPublicFile(key) ? '$cr_gate_public' : '$cr_gate'),
      `    set $cr_file ${key};`,
      '    rewrite ^ $cr_serve last;',
      '  }',
    ]),
    ...endpointLocations(head, release),
    // The file: its ETag compared, then served by its key (with its .br or .gz copy where the client takes one).
    ...serveLocations(release),
    // A path that names nothing, or a location only this config may enter: the gate (by the request line's
    // method, which an error page's redirect does not change), then 404.
    '  location / { rewrite ^ /_elsewhere last; }',
    '  location = /_elsewhere {',
    '    internal;',
    gate('$cr_gate_line'),
    '    rewrite ^ /_problem/not_found last;',
    '  }',
    ...sharedProblems(head, release),
    '}',
    '',
  ].join('\n');
}
