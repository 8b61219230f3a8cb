/**
 * Where every answer lives in a dist: the build writes files at these keys, and every tier (the
 * gateway, the nginx config, the edge) reads them from here. A key is a path relative to the dist root.
 *
 *   v1/<rest>                    the answer to /v1/<path> in the default locale (and without a locale)
 *   v1/_locale/<tag>/<rest>      the same answer in <tag>, written only where it differs from its fallback's
 *   v1/countries.full.json       /v1/countries?view=full (localized like any other)
 *   page/<file>                  the form page, readable without a key; / answers page/index.html
 *   <key>.br, <key>.gz           precompressed copies, where smaller than the file
 */

export const API_VERSION = 'v1';
export const MANIFEST_FILE = 'manifest.json';
export const COLUMNS_FILE = 'manifest.columns.json';
export const API_INDEX_FILE = 'v1/index.json';
export const OPENAPI_FILE = 'v1/openapi.json';
export const SEARCH_INDEX_FILE = 'v1/_search/index.json';
export const NGINX_CONFIG_FILE = 'v1/_cdn/nginx.conf';
export const PAGE_INDEX_FILE = 'page/index.html';
const LOCALE_DIR = 'v1/_locale/';

/** The layout above as the manifest states it, for anyone holding a copy of dist. */
export const LAYOUT_DESCRIPTION = {
  default: 'v1/<path>.json answers /v1/<path> without a query',
  localized: 'v1/_locale/<tag>/<path>.json answers ?locale=<tag>; absent where the fallback chain gives the same body',
  full_view: 'countries.full.json answers /v1/countries?view=full',
  compressed: '<file>.br and <file>.gz beside a file, where smaller (see encodings)',
  page: 'page/<file>: the form page, readable without a key; / answers page/index.html',
};

/** The answers whose names depend on the locale, by the start of their rest (`countries/BR.json`). */
const LOCALIZED = /^(?:countries(?:\.full)?\.json|countries\/|subdivisions\/)/;

/** `rest` (`countries/BR.json`) answered in locale `tag`. */
export const localizedKey = (tag: string, rest: string, defaultLocale: string): string =>
  tag === defaultLocale ? `v1/${rest}` : `${LOCALE_DIR}${tag}/${rest}`;

/**
 * The files that may answer `rest` for a reader of `chain` (the locale and its fallbacks, most specific
 * first), in order: the first that exists is the answer, the default locale's always exists.
 */
export function localizedCandidates(chain: readonly string[], rest: string, defaultLocale: string): string[] {
  const keys: string[] = [];
  for (const tag of chain) {
    if (tag === defaultLocale) break;
    keys.push(`${LOCALE_DIR}${tag}/${rest}`);
  }
  keys.push(`v1/${rest}`);
  return keys;
}

/** The Content-Language of a file: the locale of a localized answer, none for the others. */
export function contentLanguageOf(key: string, defaultLocale: string): string | null {
  if (key.startsWith(LOCALE_DIR)) return key.slice(LOCALE_DIR.length, key.indexOf('/', LOCALE_DIR.length));
  return key.startsWith('v1/') && LOCALIZED.test(key.slice(3)) ? defaultLocale : null;
}

const SAFE_KEY = /^(?:v1|page)\/[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;
const DOT_SEGMENT = /(?:^|\/)\.+(?:\/|$)/;
/** A key is a path read from disk or an asset store: below v1/ or page/, no step of dots only, so none leaves the tree. */
export const isSafeKey = (key: string): boolean => SAFE_KEY.test(key) && !DOT_SEGMENT.test(key);

/** Files anyone may read without a key: the form page, which a browser opens before it has one, and the OpenAPI document, which tools fetch anonymously. */
export const isPublicFile = (key: string): boolean => key === OPENAPI_FILE || key.startsWith('page/');

/** The file answering a query-less path that names one (`/`, `/page/page.js`, `/v1`, `/v1/openapi.json`), if any. */
export function staticFile(path: string): string | undefined {
  if (path === '/') return PAGE_INDEX_FILE;
  if (path === '/v1') return API_INDEX_FILE;
  if (path === '/v1/openapi.json') return OPENAPI_FILE;
  if (path.startsWith('/page/')) {
    const key = path.slice(1);
    return isSafeKey(key) && key.indexOf('/', 5) < 0 ? key : undefined;
  }
  return undefined;
}

/** The request path without a query that each static file answers (the manifest's `requests`). */
export function staticRequest(key: string): string | undefined {
  if (key === PAGE_INDEX_FILE) return '/';
  if (key === API_INDEX_FILE) return '/v1';
  if (key === OPENAPI_FILE || key.startsWith('page/')) return `/${key}`;
  return undefined;
}

const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' };
export const JSON_TYPE = 'application/json; charset=utf-8';
/** Every file is JSON but the form page's. */
export const contentTypeOf = (key: string): string => (key.startsWith('page/') && TYPES[key.slice(key.lastIndexOf('.') + 1)]) || JSON_TYPE;

/** How a file is stored: as built, or as the precompressed copy beside it. */
export type Coding = 'br' | 'gzip' | 'identity';
export const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz', identity: '' };
/** Below this a compressed copy saves less than its Content-Encoding header costs; the build keeps none. */
export const COMPRESS_FROM_BYTES = 256;
