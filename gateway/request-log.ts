/**
 * One log line per request, written when the response is done: method, path, status, milliseconds,
 * and the name of the key used. Never the Authorization header, and nothing that could be a key:
 * query values other than short locale/view/limit values and any long path segment are elided.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthenticatedRequest } from './auth.ts';
import { MIN_KEY_LENGTH, type ApiKey } from './keys.ts';

const SHOWN_PARAMETERS = new Set(['locale', 'view', 'limit']);
const ELIDED = '…';
const LONG_SEGMENT = new RegExp(`[^/]{${MIN_KEY_LENGTH}}`);

/** `url` as it may be logged; anything as long as the shortest accepted key is elided. */
export function loggablePath(url: string): string {
  // Most URLs have no query and no long segment: nothing to elide, nothing to allocate.
  if (url.length < MIN_KEY_LENGTH || (!url.includes('?') && !LONG_SEGMENT.test(url))) return url;
  const [pathname, search] = url.split(/\?(.*)/s, 2);
  const short = (value: string) => (value.length < MIN_KEY_LENGTH ? value : ELIDED);
  const path = pathname.split('/').map(short).join('/');
  if (!search) return path;
  const parameters = search.split('&').map((pair) => {
    const [name, value] = pair.split(/=(.*)/s, 2);
    if (value === undefined) return short(name);
    return `${short(name)}=${SHOWN_PARAMETERS.has(name) ? short(value) : ELIDED}`;
  });
  return `${path}?${parameters.join('&')}`;
}

/** Any time under this is logged as 0.0ms. */
export const QUICK_MS = 0.05;

/** The line logged for a request; `shown` is its URL as loggablePath gives it. */
export const logLine = (method: string, shown: string, status: number | string, ms: number, key: ApiKey | undefined): string =>
  `${method} ${shown} ${status} ${ms.toFixed(1)}ms${key ? ` key=${key.name}` : ''}`;

const LOGGED = Symbol('logged when done');

/**
 * Returns what to call first on every request: it logs the request's line once its response is done.
 * A request answered again by a newer dist's app (live-dist.ts) is still logged once.
 */
export function requestLog(log: (line: string) => void): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if ((res as { [LOGGED]?: true })[LOGGED]) return;
    (res as { [LOGGED]?: true })[LOGGED] = true;
    const started = performance.now();
    // Captured before any handler runs: the URL as the client sent it.
    const url = req.url!;
    res.once('close', () => {
      const status = res.writableFinished ? res.statusCode : `${res.statusCode} (aborted)`;
      log(logLine(req.method!, loggablePath(url), status, performance.now() - started, (req as AuthenticatedRequest).apiKey));
    });
  };
}
