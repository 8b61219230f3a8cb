/**
 * CORS for browsers calling the API from other origins. Runs before authentication, so preflights
 * (which never carry credentials) are answered, and so errors, 401 included, carry the headers a
 * browser needs to let the page read them. Any OPTIONS request ends here with 204 and Allow.
 *
 * The CORS headers of a request are decided here but written by whoever answers it, in the one
 * writeHead call of the response (see withCors): no setHeader on the hot path.
 */
import type { ServerResponse } from 'node:http';

export interface CorsOptions {
  /** '*' for any origin, or the exact origins (scheme://host[:port]) allowed to read responses. */
  origins: '*' | readonly string[];
  /** How long a browser may reuse a preflight answer, in seconds. */
  preflightMaxAge?: number;
  /** Headers every response carries besides CORS (the data release), written in the same writeHead. */
  always?: Pairs;
}

/** Header names and values, alternating, as res.writeHead takes them. */
export type Pairs = (string | number)[];

/** Every method the API answers; anything else is a 405 (problem.ts). */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

export interface CorsHeaders {
  pairs: Pairs;
  /** With a list of origins the answer depends on Origin: Vary must say so. */
  varyOrigin: boolean;
  /** The same for every request (any origin): heads merged with it may be kept. */
  constant: boolean;
  /** The origin may read the response (preflights are answered in full). */
  allowed: boolean;
}

const CORS = Symbol('cors headers');
const NONE: CorsHeaders = { pairs: [], varyOrigin: false, constant: true, allowed: false };
const EXPOSED = ['Access-Control-Expose-Headers', 'ETag, Content-Language, WWW-Authenticate, Data-Release'];

type WithCors = ServerResponse & { [CORS]?: CorsHeaders };

/** The CORS headers decided for this response (none when the middleware did not run). */
export const corsOf = (res: ServerResponse): CorsHeaders => (res as WithCors)[CORS] ?? NONE;

/** `pairs` with the CORS headers in front, and Origin added to Vary where it must be. */
export function withCors(cors: CorsHeaders, pairs: Pairs): Pairs {
  if (!cors.varyOrigin) return cors.pairs.length === 0 ? pairs : [...cors.pairs, ...pairs];
  const merged = [...cors.pairs, ...pairs];
  const vary = merged.indexOf('Vary', cors.pairs.length);
  if (vary >= 0 && vary % 2 === 0) merged[vary + 1] = `Origin, ${merged[vary + 1]}`;
  else merged.push('Vary', 'Origin');
  return merged;
}

/** The CORS headers for a request from `origin` (undefined: no Origin header). */
export type CorsPolicy = (origin: string | undefined) => CorsHeaders;

export function corsPolicy({ origins, always = [] }: CorsOptions): CorsPolicy {
  if (origins === '*') {
    const any: CorsHeaders = { pairs: [...always, 'Access-Control-Allow-Origin', '*', ...EXPOSED], varyOrigin: false, constant: true, allowed: true };
    return () => any;
  }
  const allowed = new Set(origins);
  const refused: CorsHeaders = { pairs: [...always], varyOrigin: true, constant: false, allowed: false };
  return (origin) => (origin && allowed.has(origin)
    ? { pairs: [...always, 'Access-Control-Allow-Origin', origin, ...EXPOSED], varyOrigin: true, constant: false, allowed: true }
    : refused);
}

export function cors(options: CorsOptions): (req: { method?: string; headers: Record<string, any> }, res: ServerResponse) => boolean {
  const { preflightMaxAge = 7200 } = options;
  const policy = corsPolicy(options);

  /** Decides the CORS headers; answers (and returns true for) an OPTIONS request. */
  return (req, res) => {
    const headers = policy(req.headers.origin);
    (res as WithCors)[CORS] = headers;
    if (req.method !== 'OPTIONS') return false;

    const pairs: (string | number)[] = ['Allow', ALLOWED_METHODS, 'Content-Length', 0];
    if (headers.allowed && req.headers['access-control-request-method']) {
      pairs.push('Access-Control-Allow-Methods', ALLOWED_METHODS, 'Access-Control-Allow-Headers', 'Authorization, If-None-Match',
        'Access-Control-Max-Age', preflightMaxAge);
    }
    res.writeHead(204, withCors(headers, pairs)).end();
    return true;
  };
}
