/**
 * CORS for browsers calling the API from other origins. Runs before authentication, so preflights
 * (which never carry credentials) are answered, and so errors, 401 included, carry the headers a
 * browser needs to let the page read them. Any OPTIONS request ends here with 204 and Allow.
 */
import type { Middleware } from 'polka';
import type { ServerResponse } from 'node:http';
import { ALLOWED_METHODS } from './problem.ts';

export interface CorsOptions {
  /** '*' for any origin, or the exact origins (scheme://host[:port]) allowed to read responses. */
  origins: '*' | readonly string[];
  /** How long a browser may reuse a preflight answer, in seconds. */
  preflightMaxAge?: number;
}

export function appendVary(res: ServerResponse, field: string): void {
  const current = res.getHeader('Vary');
  res.setHeader('Vary', current ? `${current}, ${field}` : field);
}

export function cors({ origins, preflightMaxAge = 7200 }: CorsOptions): Middleware {
  const anyOrigin = origins === '*';
  const allowed = new Set(anyOrigin ? [] : origins);

  return (req, res, next) => {
    const origin = req.headers.origin;
    // With a list, the answer depends on Origin, so shared caches must keep one copy per origin.
    if (!anyOrigin) appendVary(res, 'Origin');
    const allowOrigin = anyOrigin ? '*' : origin && allowed.has(origin) ? origin : undefined;
    if (allowOrigin) {
      res.setHeader('Access-Control-Allow-Origin', allowOrigin);
      res.setHeader('Access-Control-Expose-Headers', 'ETag, Content-Language, WWW-Authenticate');
    }
    if (req.method !== 'OPTIONS') return next();

    const headers: Record<string, string | number> = { Allow: ALLOWED_METHODS, 'Content-Length': 0 };
    if (allowOrigin && req.headers['access-control-request-method']) {
      headers['Access-Control-Allow-Methods'] = ALLOWED_METHODS;
      headers['Access-Control-Allow-Headers'] = 'Authorization, If-None-Match';
      headers['Access-Control-Max-Age'] = preflightMaxAge;
    }
    res.writeHead(204, headers).end();
  };
}
