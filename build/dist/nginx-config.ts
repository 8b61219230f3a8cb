/**
 * A CDN-ready nginx configuration for a built dist (written to dist as v1/_cdn/nginx.conf): the same
 * URLs, query variants (locale with RFC 4647 lookup and fallback chains, view), ETags, caching headers
 * and precompressed copies as the gateway, behind the same bearer keys (the form page and the OpenAPI
 * document without one, as the gateway). `npm run serve:nginx` runs it
 * (nginx/nginx.ts); or include it in nginx's http {} block after replacing the placeholders. Search
 * needs the index in memory, so it is proxied to a gateway. Answers are `Cache-Control: private`, as
 * the gateway's: a shared cache must not hand a keyed answer to a caller without the key (RFC 9111
 * section 3.5); a CDN that checks the key itself before its cache sets its own policy (README). The
 * files anyone may read are `public`.
 * Limits: subdivision codes must be given in canonical form (BR-SP), and CORS is left to the CDN.
 */
import { isPublicFile, type WithdrawnCode } from '../../gateway/manifest.ts';
import { problemParts, withdrawnProblem } from '../../gateway/problem.ts';
import type { Datasets } from '../validate/validate-data.ts';
import { withdrawnCodes } from './manifest.ts';
import type { ManifestFile } from './writer.ts';

const PROBLEMS: Record<string, [number, string, string]> = {
  missing_credentials: [401, 'Unauthorized', 'Send Authorization: Bearer <key>.'],
  invalid_credentials: [401, 'Unauthorized', 'The bearer key is malformed or unknown.'],
  invalid_parameter: [400, 'Bad Request', 'A query parameter is malformed (locale must be a BCP 47 tag; view is compact or full).'],
  country_not_found: [404, 'Not Found', 'No country has this code.'],
  subdivision_not_found: [404, 'Not Found', 'The country has no such subdivision.'],
  not_found: [404, 'Not Found', 'No such resource.'],
};

const quote = (text: string) => `"${text.replace(/[\\"]/g, '\\$&')}"`;
const tagPattern = (tag: string) => tag.split('-').map((part) => part.replace(/[^A-Za-z0-9]/g, '')).join('[-_]');

function localeMaps(locales: Datasets['locales']): string[] {
  const chains = new Map<string, string[]>(locales.locales.map((locale: any) => [locale.tag, [locale.tag, ...locale.fallback]]));
  const requestTags: [string, string][] = [
    ...locales.locales.map((locale: any): [string, string] => [locale.tag, locale.tag]),
    ...Object.entries<string>(locales.aliases),
  ];
  // nginx tries regexes in order: the most specific tag first is RFC 4647 lookup by truncation.
  requestTags.sort(([a], [b]) => b.split('-').length - a.split('-').length || (a < b ? -1 : 1));
  const lines = ['map $arg_locale $cr_locale {', '  "" en;'];
  for (const [from, to] of requestTags) lines.push(`  "~*^${tagPattern(from)}(?:[-_][A-Za-z0-9]{1,8})*$" ${to};`);
  lines.push('  "~^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$" en;', '  default "!";', '}');
  const directory = (tag: string) => (tag === 'en' ? '""' : `"_locale/${tag}/"`);
  for (const level of [1, 2, 3]) {
    lines.push(`map $cr_locale $cr_l${level} {`, '  default "";');
    for (const [tag, chain] of chains) lines.push(`  ${tag} ${directory(chain[Math.min(level - 1, chain.length - 1)])};`);
    lines.push('}');
  }
  return lines;
}

function fileMaps(files: Record<string, ManifestFile>): string[] {
  const lines = ['map $uri $cr_etag {', '  default "";'];
  for (const [path, file] of Object.entries(files)) lines.push(`  /_serve/${path} ${quote(`"${file.sha256}"`)};`);
  lines.push('}', 'map $uri $cr_language {', '  default "";');
  for (const [path, file] of Object.entries(files)) if (file.content_language) lines.push(`  /_serve/${path} ${file.content_language};`);
  lines.push('}');
  return lines;
}

/** An internal location answering a problem: `uri`, its status and body, and the headers every problem has. */
function problemLocation(uri: string, release: string, status: number, body: string, challenge?: string): string[] {
  return [
    `  location = ${uri} {`,
    '    internal;',
    '    default_type application/problem+json;',
    '    add_header Cache-Control no-store always;',
    `    add_header Data-Release ${release} always;`,
    ...(challenge ? [`    add_header WWW-Authenticate ${quote(challenge)} always;`] : []),
    `    return ${status} ${quote(body)};`,
    '  }',
  ];
}

function problemLocations(release: string): string[] {
  return Object.entries(PROBLEMS).flatMap(([code, [status, title, detail]]) => {
    const body = JSON.stringify({ type: 'about:blank', title, status, detail, code });
    const challenge = code === 'missing_credentials' ? 'Bearer realm="country-reference"'
      : code === 'invalid_credentials' ? 'Bearer realm="country-reference", error="invalid_token"' : undefined;
    return problemLocation(`/_problem/${code}`, release, status, body, challenge);
  });
}

/** Maps to the 410 of a code ISO withdrew: a former country code (any case), or `<country>/<subdivision>`. */
function withdrawnMaps(countries: Record<string, WithdrawnCode>, subdivisions: Record<string, WithdrawnCode>): string[] {
  return [
    'map $cr_code_raw $cr_gone {', '  default "";',
    ...Object.keys(countries).map((alias) => `  "~*^${alias}$" country/${alias};`),
    '}',
    'map "$cr_code/$cr_subdivision" $cr_gone_subdivision {', '  default "";',
    ...Object.keys(subdivisions).map((code) => `  ${code.slice(0, 2)}/${code} subdivision/${code};`),
    '}',
  ];
}

/** The gateway's own 410 for each withdrawn code, byte for byte. */
function withdrawnLocations(release: string, countries: Record<string, WithdrawnCode>, subdivisions: Record<string, WithdrawnCode>): string[] {
  const entries = [...Object.entries(countries).map(([alias, entry]) => [`country/${alias}`, entry] as const),
    ...Object.entries(subdivisions).map(([code, entry]) => [`subdivision/${code}`, entry] as const)];
  return entries.flatMap(([key, entry]) => {
    const { detail, extensions } = withdrawnProblem(entry);
    const { status, body } = problemParts('code_withdrawn', detail, [], extensions);
    return problemLocation(`/_gone/${key}`, release, status, body.toString());
  });
}

/** Requests answered without a key, as the gateway answers them: the form page and the OpenAPI document. */
function publicRequests(files: Record<string, ManifestFile>): [request: string, path: string][] {
  return Object.entries(files).filter(([path]) => isPublicFile(path))
    .flatMap(([path, file]) => file.requests.filter((request) => !request.includes('?')).map((request): [string, string] => [request, path]));
}

export function nginxConfig(data: Datasets, files: Record<string, ManifestFile>, release: string, maxAge = 3600): string {
  const open = publicRequests(files);
  const codes: [string, string][] = data.countries.flatMap((country: any) =>
    [country.alpha2, country.alpha3, country.numeric].map((code: string) => [code.toLowerCase(), country.alpha2]));
  const withdrawn = withdrawnCodes(data);
  return [
    '# Country Reference API on nginx: generated by `npm run build`; do not edit.',
    '# Include inside http {} after replacing: __DIST_ROOT__ (absolute path of this dist folder),',
    '# __LISTEN__ (listen address), __KEYS__ (a file of lines `"Bearer <key>" ok;`), __ORIGIN__ (a gateway',
    '# URL for /v1/countries/search). Needs ngx_http_brotli_static_module for the .br copies.',
    'map_hash_max_size 262144;',
    'map_hash_bucket_size 256;',
    'map $http_authorization $cr_auth {',
    '  default invalid_credentials;',
    '  "" missing_credentials;',
    '  include __KEYS__;',
    '}',
    'map $uri $cr_access {',
    '  default $cr_auth;',
    ...open.map(([request]) => `  ${quote(request)} ok;`),
    '}',
    // As the gateway: `private` for what needs a key, `public` for the files anyone may read.
    'map $uri $cr_cache_control {',
    `  default "private, max-age=${maxAge}";`,
    ...open.map(([, path]) => `  /_serve/${path} "public, max-age=${maxAge}";`).filter((line, index, all) => all.indexOf(line) === index),
    '}',
    'map $arg_view $cr_list { "" countries.json; compact countries.json; full countries.full.json; default "!"; }',
    'map $cr_code_raw $cr_code {',
    '  default "";',
    ...codes.map(([alias, code]) => `  "~*^${alias}$" ${code};`),
    '}',
    'map "$http_if_none_match#$cr_etag" $cr_fresh { default 0; "~^(?:W/)?(\\"[0-9a-f]{64}\\")#\\1$" 1; }',
    ...withdrawnMaps(withdrawn.countries, withdrawn.subdivisions),
    ...localeMaps(data.locales),
    ...fileMaps(files),
    'server {',
    '  listen __LISTEN__;',
    '  root __DIST_ROOT__;',
    '  types { application/json json; text/html html; text/css css; text/javascript js; }',
    '  default_type application/json;',
    '  charset utf-8;',
    // text/html is always among them.
    '  charset_types application/json application/problem+json text/css text/javascript;',
    '  etag off;',
    '  if_modified_since off;',
    '  if ($cr_access != ok) { rewrite ^ /_problem/$cr_access last; }',
    '  location = /v1/countries/search { proxy_pass __ORIGIN__; }',
    '  location = /v1 { rewrite ^ /_serve/v1/index.json last; }',
    ...open.map(([request, path]) => `  location = ${request} { rewrite ^ /_serve/${path} last; }`),
    '  location = /v1/countries {',
    '    if ($cr_locale = "!") { rewrite ^ /_problem/invalid_parameter last; }',
    '    if ($cr_list = "!") { rewrite ^ /_problem/invalid_parameter last; }',
    '    set $cr_rest $cr_list;',
    '    rewrite ^ /_localized last;',
    '  }',
    '  location ~ ^/v1/(?<cr_kind>countries|subdivisions)/(?<cr_code_raw>[^/]+)$ {',
    '    if ($cr_gone != "") { rewrite ^ /_gone/$cr_gone last; }',
    '    if ($cr_code = "") { rewrite ^ /_problem/country_not_found last; }',
    '    if ($cr_locale = "!") { rewrite ^ /_problem/invalid_parameter last; }',
    '    set $cr_rest $cr_kind/$cr_code.json;',
    '    rewrite ^ /_localized last;',
    '  }',
    '  location ~ "^/v1/subdivisions/(?<cr_code_raw>[^/]+)/(?<cr_subdivision>[A-Z]{2}-[A-Z0-9]{1,3})$" {',
    '    if ($cr_gone != "") { rewrite ^ /_gone/$cr_gone last; }',
    '    if ($cr_code = "") { rewrite ^ /_problem/country_not_found last; }',
    '    if ($cr_gone_subdivision != "") { rewrite ^ /_gone/$cr_gone_subdivision last; }',
    '    if ($cr_locale = "!") { rewrite ^ /_problem/invalid_parameter last; }',
    '    if (!-f $document_root/v1/subdivisions/$cr_code/$cr_subdivision.json) { rewrite ^ /_problem/subdivision_not_found last; }',
    '    set $cr_rest subdivisions/$cr_code/$cr_subdivision.json;',
    '    rewrite ^ /_localized last;',
    '  }',
    '  location ~ ^/v1/(?<cr_family>phone|postal-code|address-example)/(?<cr_code_raw>[^/]+)$ {',
    '    if ($cr_gone != "") { rewrite ^ /_gone/$cr_gone last; }',
    '    if ($cr_code = "") { rewrite ^ /_problem/country_not_found last; }',
    '    rewrite ^ /_serve/v1/$cr_family/$cr_code.json last;',
    '  }',
    '  # The first file along the locale\'s fallback chain, as the gateway does.',
    '  location = /_localized {',
    '    internal;',
    '    set $cr_file v1/$cr_l1$cr_rest;',
    '    if (!-f $document_root/$cr_file) { set $cr_file v1/$cr_l2$cr_rest; }',
    '    if (!-f $document_root/$cr_file) { set $cr_file v1/$cr_l3$cr_rest; }',
    '    if (!-f $document_root/$cr_file) { set $cr_file v1/$cr_rest; }',
    '    rewrite ^ /_serve/$cr_file last;',
    '  }',
    '  location ^~ /_serve/ {',
    '    internal;',
    '    alias __DIST_ROOT__/;',
    '    gzip_static on;',
    '    brotli_static on;',
    '    add_header ETag $cr_etag;',
    '    add_header Cache-Control $cr_cache_control;',
    '    add_header Content-Language $cr_language;',
    '    add_header Vary Accept-Encoding;',
    `    add_header Data-Release ${release} always;`,
    '    if ($cr_fresh) { return 304; }',
    '  }',
    '  location / { rewrite ^ /_problem/not_found last; }',
    ...problemLocations(release),
    ...withdrawnLocations(release, withdrawn.countries, withdrawn.subdivisions),
    '}',
    '',
  ].join('\n');
}
