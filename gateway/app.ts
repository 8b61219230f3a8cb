/**
 * createApp(options) -> the request handler serving one opened dist: a Polka app whose steps run in
 * this order on every request, each answering it or passing it on:
 *
 *   request target  absolute-form made origin-form (RFC 9112 3.2.2); over 8 KiB 414; HTTP/1.1 without Host 400
 *   CORS preflight  any OPTIONS: 204, no key needed
 *   health          GET or HEAD /healthz: 200, no key needed
 *   public files    GET or HEAD of the form page (/, /page/...) or /v1/openapi.json: the file, no key needed
 *   auth            no, malformed or unknown key: 401 (auth.ts)
 *   method          anything but GET and HEAD: 405
 *   routes          search (search-route.ts), then the file-backed endpoints (routes.ts)
 *   problems        any other path: a file the build declares for it, else 404; a failure: 500
 *
 * Every answer carries the data release and the CORS headers, decided before the first step. Nothing
 * here reads the environment or keeps state outside the app: main.ts and serve.ts pass what it needs.
 */
import type { IncomingMessage } from 'node:http';
import polka, { type Middleware, type Request } from 'polka';
import { bearerAuth, type Keys } from './auth.ts';
import { UnreadableFile, type Dist } from './dist.ts';
import { isPublicFile } from './manifest.ts';
import { ALLOWED_METHODS, sendProblem } from './problem.ts';
import { fileRoutes, otherPaths } from './routes.ts';
import { searchRoute } from './search-route.ts';
import { answer, sender, SizeBoundedLru, type Pairs, type Res } from './send.ts';

export interface AppOptions {
  dist: Dist;
  keys: Keys;
  corsOrigins: '*' | readonly string[];
  /** Memory for response bodies and search results (per process). */
  cacheBytes: number;
  /** Where the stack of a failure goes. */
  log: (line: string) => void;
  /**
   * Called when a file of this dist cannot be read as its manifest says, before anything is sent:
   * true when it takes the request to answer it from a newer dist (live-dist.ts).
   */
  retry?: (req: IncomingMessage, res: Res) => boolean;
}

export type Handler = (req: IncomingMessage, res: Res) => void;

/** nginx's limit too (large_client_header_buffers 8k): no answer needs a longer request target. */
export const MAX_URL_LENGTH = 8192;
/** How long a client may keep an answer, in seconds (`Cache-Control: private, max-age`). */
export const MAX_AGE_S = 3600;
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

// CORS (CORS_ORIGINS: `*`, or exact origins). The headers are decided for each request before anything
// answers it, so errors, 401s included, carry what a browser needs to let the page read them.
const EXPOSED = ['Access-Control-Expose-Headers', 'ETag, Content-Language, WWW-Authenticate, Data-Release'];
const PREFLIGHT_MAX_AGE_S = 7200;

/** `headersFor`: what every answer to a request from `origin` carries (`always`, then CORS); `preflight` answers any OPTIONS. */
function cors(origins: '*' | readonly string[], always: Pairs) {
  const any = [...always, 'Access-Control-Allow-Origin', '*', ...EXPOSED];
  const allowed = (origin: string | undefined) => origins === '*' || (origin !== undefined && origins.includes(origin));
  // With a list, the answer depends on Origin, and caches must know it.
  const headersFor = (origin: string | undefined): Pairs => {
    if (origins === '*') return any;
    return allowed(origin) ? [...always, 'Access-Control-Allow-Origin', origin!, ...EXPOSED, 'Vary', 'Origin'] : [...always, 'Vary', 'Origin'];
  };
  const preflight = (req: IncomingMessage, res: Res, next: () => void) => {
    if (req.method !== 'OPTIONS') return next();
    const pairs: Pairs = ['Allow', ALLOWED_METHODS, 'Content-Length', 0];
    if (allowed(req.headers.origin) && req.headers['access-control-request-method']) {
      pairs.push('Access-Control-Allow-Methods', ALLOWED_METHODS, 'Access-Control-Allow-Headers', 'Authorization, If-None-Match',
        'Access-Control-Max-Age', PREFLIGHT_MAX_AGE_S);
    }
    answer(res, 204, pairs);
  };
  return { headersFor, preflight };
}

/** What HTTP asks of the request target and Host that node:http lets through; false when it answered. */
function requestTarget(req: IncomingMessage, res: Res): boolean {
  if (req.url!.length > MAX_URL_LENGTH) {
    sendProblem(res, 'uri_too_long', `The path and query may take at most ${MAX_URL_LENGTH} characters.`);
    return false;
  }
  if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
    sendProblem(res, 'bad_request', 'An HTTP/1.1 request must have a Host header.');
    return false;
  }
  // `GET http://host/v1/countries HTTP/1.1` is answered as `GET /v1/countries`: the authority names this server.
  const absolute = ABSOLUTE_FORM.exec(req.url!);
  if (absolute) {
    const rest = req.url!.slice(absolute[0].length);
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
  }
  return true;
}

export function createApp({ dist, keys, corsOrigins, cacheBytes, log, retry }: AppOptions): Handler {
  const cache = new SizeBoundedLru<unknown>(cacheBytes);
  const send = sender(dist, cache, MAX_AGE_S);
  const { headersFor, preflight } = cors(corsOrigins, ['Data-Release', dist.release]);
  const healthBody = Buffer.from(JSON.stringify({ status: 'ok', release: dist.release }));

  const health = (req: Request, res: Res, next: () => void) => {
    if (req.path !== '/healthz' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    answer(res, 200, ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', healthBody.length, 'Cache-Control', 'no-store'],
      req.method === 'HEAD' ? undefined : healthBody);
  };
  // The page a browser opens before it has a key, and the document tools fetch anonymously (manifest.ts says which).
  const publicFiles = (req: Request, res: Res, next: () => void) => {
    const key = dist.paths.get(req.path);
    if (key === undefined || !isPublicFile(key) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    send.file(req, res, key);
  };
  const readOnly = (req: Request, res: Res, next: () => void) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    sendProblem(res, 'method_not_allowed', `${req.method} is not allowed; this API is read-only.`, ['Allow', ALLOWED_METHODS]);
  };
  const onError = (error: unknown, req: Request, res: Res) => {
    if (error instanceof UnreadableFile && !res.headersSent && retry?.(req, res)) return;
    log(`error: ${req.method} ${req.path}: ${(error as Error)?.stack ?? error}`);
    if (res.headersSent) return void res.destroy();
    sendProblem(res, 'internal_error', 'The server could not answer this request.');
  };

  const app = polka({ onNoMatch: otherPaths(dist, send) as Middleware, onError });
  app.use(...([preflight, health, publicFiles, bearerAuth(keys), readOnly] as Middleware[]));
  // Before /v1/countries/:country, which would otherwise take "search" for a country code.
  app.get('/v1/countries/search', searchRoute(dist, cache, send) as Middleware);
  for (const [path, route] of fileRoutes(dist, send)) app.get(path, route as Middleware);

  return (req, res) => {
    res.always = headersFor(req.headers.origin);
    if (requestTarget(req, res)) app.handler(req as Request, res, undefined as never);
  };
}
