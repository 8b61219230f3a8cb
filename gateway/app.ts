/**
 * createApp(options) -> a Polka app serving one opened dist/. Order of work on every request:
 * log, CORS (answers OPTIONS), health check, authentication, method check, routes. Nothing
 * here reads the environment; start.ts does, and tests pass options directly.
 * The steps before the routes run as one middleware: each Polka middleware costs a promise.
 */
import polka, { type Middleware, type Polka } from 'polka';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerAuth } from './auth.ts';
import { Bodies } from './bodies.ts';
import { cors, corsOf, withCors, type CorsOptions } from './cors.ts';
import type { Dist } from './dist.ts';
import type { ApiKey } from './keys.ts';
import { ALLOWED_METHODS, sendProblem } from './problem.ts';
import { requestLog } from './request-log.ts';
import { declaredPaths, fileRoutes } from './routes.ts';
import { searchRoute } from './search-route.ts';

export interface GatewayOptions {
  dist: Dist;
  keys: readonly ApiKey[];
  corsOrigins?: CorsOptions['origins'];
  /** Cache-Control max-age of successful responses, in seconds. */
  maxAge?: number;
  /** Memory for response bodies read from dist/ (per process). */
  cacheBytes?: number;
  log?: (line: string) => void;
}

export const DEFAULTS = { corsOrigins: '*', maxAge: 3600, cacheBytes: 64 * 2 ** 20 } as const;

/** GET /healthz, for load balancers and orchestrators: no key needed, nothing cached. True when it answered. */
function healthCheck(dist: Dist): (req: IncomingMessage & { path?: string }, res: ServerResponse) => boolean {
  const body = Buffer.from(JSON.stringify({ status: 'ok', release: dist.release.id }));
  const head = ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', body.length, 'Cache-Control', 'no-store'];
  return (req, res) => {
    if (req.path !== '/healthz' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    res.writeHead(200, withCors(corsOf(res), head));
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

const ALLOW = ['Allow', ALLOWED_METHODS];

function readOnly(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  sendProblem(res, 'method_not_allowed', `${req.method} is not allowed; this API is read-only.`, ALLOW);
  return false;
}

export function createApp(options: GatewayOptions): Polka {
  const { dist, log = () => {} } = options;
  const maxAge = options.maxAge ?? DEFAULTS.maxAge;
  const bodies = new Bodies(dist, options.cacheBytes ?? DEFAULTS.cacheBytes);
  const search = searchRoute({ dist, bodies, maxAge, listCacheBytes: 16 * 2 ** 20, resultCacheBytes: 8 * 2 ** 20 });

  const routeOptions = { dist, bodies, maxAge };
  const app = polka({
    onNoMatch: declaredPaths(routeOptions),
    onError: (error, req, res) => {
      log(`error: ${req.method} ${req.path}: ${(error as Error)?.stack ?? error}`);
      if (res.headersSent) return void res.destroy();
      sendProblem(res, 'internal_error', 'The server could not answer this request.');
    },
  });

  const logRequest = requestLog(log);
  const answerCors = cors({ origins: options.corsOrigins ?? DEFAULTS.corsOrigins });
  const answerHealth = healthCheck(dist);
  const authenticate = bearerAuth({ keys: options.keys });
  const front: Middleware = (req, res, next) => {
    logRequest(req, res);
    if (answerCors(req, res) || answerHealth(req, res)) return;
    if (authenticate(req, res) && readOnly(req, res)) next();
  };
  app.use(front);
  // Before /v1/countries/:country, which would otherwise take "search" for a country code.
  app.get('/v1/countries/search', search);
  for (const [path, handler] of fileRoutes(routeOptions)) app.get(path, handler);
  return app;
}
