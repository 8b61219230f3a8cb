/**
 * The placeholders of the nginx config the build writes (v1/_cdn/nginx.conf), and what fills them:
 * the one interface between that generated config and whoever runs it (nginx/nginx.ts, or an nginx
 * of your own). __KEYS__ and __CORS__ name files of `map` lines written from the keys and origins
 * the gateway is configured with, so nginx checks the same keys and answers the same CORS headers;
 * __CORS_HEADERS__ names the file of `add_header` lines every location includes.
 */
import { EXPOSED_HEADERS, PREFLIGHT_MAX_AGE_S, type Origins } from './headers.ts';
import { ALLOWED_METHODS } from './problems.ts';

export const PLACEHOLDERS = {
  root: '__DIST_ROOT__',
  listen: '__LISTEN__',
  keys: '__KEYS__',
  cors: '__CORS__',
  corsHeaders: '__CORS_HEADERS__',
  origin: '__ORIGIN__',
} as const;

/** A double-quoted nginx string. */
export const quote = (text: string): string => `"${text.replace(/[\\"]/g, '\\$&')}"`;
/** A regular expression matched literally. */
export const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A line of the keys file nginx reads: the key compared exactly, the scheme in any case; nginx keeps a header's trailing tab, which the other tiers trim. */
export const keyLine = (key: string): string => `${quote(`~^[Bb][Ee][Aa][Rr][Ee][Rr] +${literal(key)}[ \\t]*$`)} ok;\n`;

/** The CORS maps for `__CORS__`: `*`, or exact origins (then with Vary: Origin), as the gateway's CORS_ORIGINS. */
export function corsMaps(origins: Origins): string {
  const allow =
    origins === '*'
      ? ['map $http_origin $cr_allow_origin { default *; }', 'map $http_origin $cr_vary_origin { default ""; }']
      : [
          `map $http_origin $cr_allow_origin { default ""; ${origins.map((origin) => `${quote(`~^${literal(origin)}$`)} $http_origin;`).join(' ')} }`,
          'map $http_origin $cr_vary_origin { default Origin; }',
        ];
  return [
    ...allow,
    `map $cr_allow_origin $cr_expose { "" ""; default ${quote(EXPOSED_HEADERS)}; }`,
    'map "$cr_allow_origin:$http_access_control_request_method" $cr_preflight { default 0; "~^.+:.+$" 1; }',
    `map $cr_preflight $cr_preflight_methods { 1 ${quote(ALLOWED_METHODS)}; default ""; }`,
    `map $cr_preflight $cr_preflight_headers { 1 "Authorization, If-None-Match"; default ""; }`,
    `map $cr_preflight $cr_preflight_max_age { 1 ${PREFLIGHT_MAX_AGE_S}; default ""; }`,
    '',
  ].join('\n');
}

/** The CORS headers for `__CORS_HEADERS__`, included in every location: constants for `*`, else the values of `corsMaps`. */
export function corsHeaders(origins: Origins): string {
  const lines =
    origins === '*'
      ? ['add_header Access-Control-Allow-Origin * always;', `add_header Access-Control-Expose-Headers ${quote(EXPOSED_HEADERS)} always;`]
      : [
          'add_header Access-Control-Allow-Origin $cr_allow_origin always;',
          'add_header Access-Control-Expose-Headers $cr_expose always;',
          'add_header Vary $cr_vary_origin always;',
        ];
  return `${lines.join('\n')}\n`;
}
