/**
 * One log line per request, written when its response is done: method, path, status, milliseconds,
 * and the name of the key used. Never the Authorization header, and nothing that could be a key
 * pasted in the wrong place: after the API's own words (/v1/countries/...), a rest of the path as long
 * as the shortest key is logged as `…` (a key may hold `/`), and so is every query value but short
 * locale, view and limit values, and any long parameter name.
 */
import type { ServerResponse } from 'node:http';
import { MIN_KEY_LENGTH } from '../contract/credentials.ts';
import { ENDPOINTS } from '../contract/endpoints.ts';
import type { AuthenticatedRequest } from './auth.ts';

const ELIDED = '…';
const SHOWN_PARAMETERS = new Set(['locale', 'view', 'limit']);
/** The API's words, in the places they take in its paths (/v1, /v1/countries, /v1/countries/search, /healthz...). */
const WORDS: Set<string>[] = [];
for (const path of [...ENDPOINTS.map((endpoint) => endpoint.path), '/healthz', '/v1/openapi.json']) {
  const segments = path.split('/').slice(1);
  for (let i = 0; i < segments.length && !segments[i].startsWith(':'); i++) (WORDS[i] ??= new Set()).add(segments[i]);
}

/** `url` as it may be logged. */
export function loggablePath(url: string): string {
  const query = url.indexOf('?');
  const segments = (query < 0 ? url : url.slice(0, query)).split('/');
  let words = 1; // the empty segment before the first `/`
  while (words < segments.length && WORDS[words - 1]?.has(segments[words])) words++;
  const rest = segments.slice(words).join('/');
  const path = [...segments.slice(0, words), ...(rest.length >= MIN_KEY_LENGTH ? [ELIDED] : rest ? [rest] : [])].join('/');
  if (query < 0) return path;
  const short = (text: string) => (text.length < MIN_KEY_LENGTH ? text : ELIDED);
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return short(pair);
      const name = pair.slice(0, equals);
      return `${short(name)}=${SHOWN_PARAMETERS.has(name) ? short(pair.slice(equals + 1)) : ELIDED}`;
    });
  return `${path}?${parameters.join('&')}`;
}

/** loggablePath of the targets seen most: the same few are requested again and again. */
const loggable = new Map<string, string>();
const LOGGABLE_KEPT = 10_000;

/**
 * The line logged for `req` once its response is done, `ms` after it came; for a connection closed with
 * `dropped` responses not done, one line for all of them: the first, and the count.
 */
export function logLine(req: AuthenticatedRequest, res: ServerResponse, ms: number, dropped = 0): string {
  // req.url once answered: an absolute-form target has been made origin-form (app.ts), its authority dropped.
  const url = req.url!;
  let path = loggable.get(url);
  if (path === undefined) {
    path = loggablePath(url);
    if (loggable.size >= LOGGABLE_KEPT) loggable.clear();
    if (url.length <= 256) loggable.set(url, path);
  }
  const status = dropped > 1 ? `${res.statusCode} (aborted, ${dropped} requests)` : res.writableFinished ? res.statusCode : `${res.statusCode} (aborted)`;
  // Tenths of a millisecond, as toFixed(1) gives them, made from integers: less work on every line.
  const tenths = Math.round(ms * 10);
  return `${req.method} ${path} ${status} ${Math.trunc(tenths / 10)}.${tenths % 10}ms${req.apiKey ? ` key=${req.apiKey.name}` : ''}`;
}

/**
 * Log lines written in batches, as nginx's `access_log ... buffer=` does: one write for many lines,
 * when `maxBytes` have gathered or `maxMs` after the first; `flush()` writes the rest at once (on
 * exit: nothing logged is lost).
 */
export function batchedLog(write: (text: string) => void, { maxBytes = 64 * 1024, maxMs = 100 } = {}): { log: (line: string) => void; flush: () => void } {
  let lines: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const text = `${lines.join('\n')}\n`;
    lines = [];
    bytes = 0;
    write(text);
  };
  const log = (line: string) => {
    lines.push(line);
    bytes += line.length + 1;
    if (bytes >= maxBytes) flush();
    else timer ??= setTimeout(flush, maxMs).unref();
  };
  return { log, flush };
}
