/**
 * The headers a client reads, and the rules that choose them, the same on every tier: caching
 * (a keyed answer is `private`: a shared cache must not hand it to another caller, RFC 9111 section
 * 3.5), the strong ETag and If-None-Match, the coding of the body, CORS, and the data release.
 */
import { ALLOWED_METHODS, type Problem } from './problems.ts';

/** nginx's limit too: no answer needs a longer request target (path and query). */
export const MAX_URL_LENGTH = 8192;
export const URI_TOO_LONG: Problem = { code: 'uri_too_long', detail: `The path and query may take at most ${MAX_URL_LENGTH} characters.` };
/** node:http's default and nginx's buffer: the request line and headers together; more is a 431. */
export const MAX_HEADER_BYTES = 16 * 1024;
export const HEADERS_TOO_LARGE: Problem = {
  code: 'headers_too_large',
  detail: `The request line and headers may take at most ${MAX_HEADER_BYTES / 1024} KiB.`,
};

/** How long a client may keep an answer, in seconds. */
export const MAX_AGE_S = 3600;
export const CACHE_CONTROL = {
  keyed: `private, max-age=${MAX_AGE_S}`,
  public: `public, max-age=${MAX_AGE_S}`,
  none: 'no-store',
} as const;

/** Names the release that answered; every answer comes wholly from one. */
export const DATA_RELEASE = 'Data-Release';
/** On every answer of every tier: a browser takes each body as the type it is sent with, never as a guess. */
export const NOSNIFF = ['X-Content-Type-Options', 'nosniff'] as const;

/** Header names and values, alternating, as node:http's writeHead takes them. */
export type Pairs = (string | number)[];

/** A file's strong ETag: its SHA-256 in quotes. */
export const etagOf = (sha256: string): string => `"${sha256}"`;

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored; `*` matches; a list matches if any entry does. */
export function matchesEtag(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag || header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** q-values of br and gzip in an Accept-Encoding header; `*` stands for any coding not named. */
function weights(header: string): { br: number; gzip: number } {
  const codings = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) codings.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (...names: string[]) => names.map((name) => codings.get(name)).find((q) => q !== undefined) ?? 0;
  return { br: weight('br', '*'), gzip: weight('gzip', 'x-gzip', '*') };
}

/** br when accepted and available (preferred at equal weight), else gzip, else the plain body. */
export function chooseEncoding(header: string | null | undefined, available: { br?: unknown; gzip?: unknown }): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const accepted = weights(header);
  const br = available.br !== undefined ? accepted.br : 0;
  const gzip = available.gzip !== undefined ? accepted.gzip : 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** The headers of a file's answer (200, or 304 without the body's length and coding), in the order every tier writes them. */
export function fileHeaders(
  file: { etag: string; contentType: string; contentLanguage: string | null; cacheControl: string },
  body?: { length: number; coding: string },
): Pairs {
  const pairs: Pairs = body ? ['Content-Type', file.contentType, 'Content-Length', body.length] : ['Content-Type', file.contentType];
  pairs.push('ETag', file.etag, 'Cache-Control', file.cacheControl);
  if (file.contentLanguage) pairs.push('Content-Language', file.contentLanguage);
  pairs.push('Vary', 'Accept-Encoding');
  if (body && body.coding !== 'identity') pairs.push('Content-Encoding', body.coding);
  return pairs;
}

/** CORS_ORIGINS: `*`, or exact origins. */
export type Origins = '*' | readonly string[];
export const EXPOSED_HEADERS = 'ETag, Content-Language, WWW-Authenticate, Data-Release, Retry-After, RateLimit, RateLimit-Policy';
export const PREFLIGHT_MAX_AGE_S = 7200;

/** CORS_ORIGINS as configured (unset or `*`: any origin); each entry must be an origin as a browser sends it, else a line in `problems`. */
export function readOrigins(value: string | undefined, problems: string[]): Origins {
  if (value === undefined || value.trim() === '' || value.trim() === '*') return '*';
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let canonical: string | undefined;
    try {
      const url = new URL(origin);
      if (url.protocol === 'http:' || url.protocol === 'https:') canonical = url.origin;
    } catch {
      /* reported below */
    }
    if (canonical !== origin) {
      const meant = canonical ? ` (did you mean ${canonical}?)` : '';
      problems.push(`CORS_ORIGINS entry ${JSON.stringify(origin)} is not an origin like https://app.example.com${meant}`);
    }
  }
  return origins;
}

export const isAllowedOrigin = (origins: Origins, origin: string | null | undefined): boolean =>
  origins === '*' || (typeof origin === 'string' && origins.includes(origin));

/** What every answer to a request from `origin` carries, errors and 401s included, so a browser lets the page read it. */
export function corsHeaders(origins: Origins, origin: string | null | undefined): Pairs {
  if (origins === '*') return ['Access-Control-Allow-Origin', '*', 'Access-Control-Expose-Headers', EXPOSED_HEADERS];
  // With a list, the answer depends on Origin, and caches must know it.
  return isAllowedOrigin(origins, origin)
    ? ['Access-Control-Allow-Origin', origin!, 'Access-Control-Expose-Headers', EXPOSED_HEADERS, 'Vary', 'Origin']
    : ['Vary', 'Origin'];
}

/** The 204 to any OPTIONS: what a preflight from an allowed origin may do. */
export function preflightHeaders(origins: Origins, origin: string | null | undefined, requestMethod: string | null | undefined): Pairs {
  const pairs: Pairs = ['Allow', ALLOWED_METHODS];
  if (isAllowedOrigin(origins, origin) && requestMethod) {
    pairs.push(
      'Access-Control-Allow-Methods',
      ALLOWED_METHODS,
      'Access-Control-Allow-Headers',
      'Authorization, If-None-Match',
      'Access-Control-Max-Age',
      PREFLIGHT_MAX_AGE_S,
    );
  }
  return pairs;
}

/** The body of `GET /healthz`. */
export const healthBody = (release: string): string => JSON.stringify({ status: 'ok', release });
