/**
 * createApp(options) -> a Polka app serving one opened dist/. Order of work on every request:
 * log, CORS (answers OPTIONS), URL length and Host, health check, authentication, method check,
 * routes. Nothing here reads the environment; start.ts does, and tests pass options directly.
 * A URL already seen to resolve to a file skips Polka's routing (see the handler at the end).
 */
import polka, { type Polka, type Request } from 'polka';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerAuth, bearerVerdicts } from './auth.ts';
import { Bodies, UnreadableFile } from './bodies.ts';
import type { Released } from './collector.ts';
import { cors, corsOf, corsPolicy, withCors, type CorsOptions } from './cors.ts';
import type { Dist } from './dist.ts';
import { fastAnswers } from './fast-answers.ts';
import type { Answerer } from './fast-path.ts';
import type { ApiKey } from './keys.ts';
import { ALLOWED_METHODS, sendProblem } from './problem.ts';
import { requestLog } from './request-log.ts';
import { declaredPaths, fileRoutes, type Outcome, type RouteOptions } from './routes.ts';
import { searchRoute } from './search-route.ts';
import { sendFile } from './send.ts';

export interface GatewayOptions {
  dist: Dist;
  keys: readonly ApiKey[];
  corsOrigins?: CorsOptions['origins'];
  /** Cache-Control max-age of successful responses, in seconds. */
  maxAge?: number;
  /** Memory for response bodies read from dist/ (per process). */
  cacheBytes?: number;
  /** Told the bytes of each body a cache lets go of (collector.ts). */
  released?: Released;
  log?: (line: string) => void;
  /**
   * Called when a file of this dist cannot be read as its manifest says (UnreadableFile), before
   * anything is sent: true when it takes the request to answer from a newer dist (live-dist.ts).
   */
  retry?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export const DEFAULTS = { corsOrigins: '*', maxAge: 3600, cacheBytes: 64 * 2 ** 20 } as const;

/** GET /healthz, for load balancers and orchestrators: no key needed, nothing cached. True when it answered. */
function healthCheck(dist: Dist): (req: IncomingMessage, res: ServerResponse) => boolean {
  const body = Buffer.from(JSON.stringify({ status: 'ok', release: dist.release.id }));
  const head = ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', body.length, 'Cache-Control', 'no-store'];
  return (req, res) => {
    if (pathOf(req.url!) !== '/healthz' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    res.writeHead(200, withCors(corsOf(res), head));
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

const ALLOW = ['Allow', ALLOWED_METHODS];

/** nginx's limit too (large_client_header_buffers 8k): no answer needs a longer request target. */
export const MAX_URL_LENGTH = 8192;

/** What HTTP itself requires of a request that Node's parser lets through (server.ts has it not insist on Host). */
function wellFormed(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.url!.length > MAX_URL_LENGTH) {
    sendProblem(res, 'uri_too_long', `The path and query may take at most ${MAX_URL_LENGTH} characters.`);
    return false;
  }
  if (req.headers.host === undefined && req.httpVersionMinor === 1 && req.httpVersionMajor === 1) {
    sendProblem(res, 'bad_request', 'An HTTP/1.1 request must have a Host header.');
    return false;
  }
  return true;
}

function readOnly(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  sendProblem(res, 'method_not_allowed', `${req.method} is not allowed; this API is read-only.`, ALLOW);
  return false;
}

/** URLs that came to a file or a problem, as received: answered again without routing (a bounded number kept, none long). */
const MAX_RESOLVED = 10_000;
const MAX_RESOLVED_URL = 256;
const PASSED = Symbol('passed the steps before the routes');
type Passed = IncomingMessage & { [PASSED]?: string };

/** The Polka app, and what it answers from memory for the fast path (fast-path.ts). */
export type App = Polka & { answer: Answerer };

export function createApp(options: GatewayOptions): App {
  const { dist, log = () => {} } = options;
  const maxAge = options.maxAge ?? DEFAULTS.maxAge;
  const { released } = options;
  const bodies = new Bodies(dist, { budgetBytes: options.cacheBytes ?? DEFAULTS.cacheBytes, released });

  const resolvedUrls = new Map<string, Outcome>();
  const routeOptions: RouteOptions = {
    dist, bodies, maxAge,
    resolved: (req, outcome) => {
      const url = (req as Passed)[PASSED];
      if (url === undefined || url.length > MAX_RESOLVED_URL) return;
      if (resolvedUrls.size >= MAX_RESOLVED) resolvedUrls.clear();
      resolvedUrls.set(url, outcome);
    },
  };
  const search = searchRoute({ ...routeOptions, listCacheBytes: 6 * 2 ** 20, resultCacheBytes: 8 * 2 ** 20, released });
  const onError = (error: unknown, req: IncomingMessage, res: ServerResponse) => {
    if (error instanceof UnreadableFile && !res.headersSent && options.retry?.(req, res)) return;
    log(`error: ${req.method} ${pathOf(req.url!)}: ${(error as Error)?.stack ?? error}`);
    if (res.headersSent) return void res.destroy();
    sendProblem(res, 'internal_error', 'The server could not answer this request.');
  };
  const app = polka({ onNoMatch: declaredPaths(routeOptions), onError });

  const logRequest = requestLog(log);
  // Every answer names the data release it comes from, errors included.
  const corsOptions: CorsOptions = { origins: options.corsOrigins ?? DEFAULTS.corsOrigins, always: ['Data-Release', dist.release.id] };
  const answerCors = cors(corsOptions);
  const answerHealth = healthCheck(dist);
  const verdicts = bearerVerdicts({ keys: options.keys });
  const authenticate = bearerAuth(verdicts);
  /** The steps before the routes; true when the request goes on to them. */
  const gate = (req: IncomingMessage, res: ServerResponse): boolean => {
    logRequest(req, res);
    // A limit of the protocol, like the 400, 408 and 431 Node's parser answers (server.ts), tells nothing: before the key.
    if (answerCors(req, res) || !wellFormed(req, res) || answerHealth(req, res)) return false;
    return authenticate(req, res) && readOnly(req, res);
  };
  // For a Polka app used on its own (app.listen); the handler below normally runs the gate first.
  app.use((req, res, next) => {
    if ((req as Passed)[PASSED] !== undefined || gate(req, res)) next();
  });
  // Before /v1/countries/:country, which would otherwise take "search" for a country code.
  app.get('/v1/countries/search', search.handle);
  for (const [path, handler] of fileRoutes(routeOptions)) app.get(path, handler);

  // Each Polka middleware and route costs a promise and a route search: a URL seen before to come to
  // a file or a problem is answered directly, everything else goes through Polka.
  const route = app.handler.bind(app);
  (app as { handler: Polka['handler'] }).handler = ((req: Passed, res: ServerResponse) => {
    try {
      const url = req.url!;
      if (!gate(req, res)) return;
      req[PASSED] = url;
      const known = resolvedUrls.get(url);
      if (known === undefined || 'search' in known) return route(req as Request, res, undefined as never);
      if ('code' in known) return sendProblem(res, known.code, known.detail);
      const sending = sendFile(req, res, bodies, known.key, known.file, routeOptions);
      if (sending) sending.catch((error: unknown) => onError(error, req, res));
    } catch (error) {
      onError(error, req, res);
    }
  }) as Polka['handler'];

  const answer = fastAnswers({
    cors: corsPolicy(corsOptions), verdicts, outcomes: resolvedUrls, bodies, maxAge, log,
    searchResult: (resultKey) => search.cached(resultKey),
  });
  return Object.assign(app, { answer });
}
