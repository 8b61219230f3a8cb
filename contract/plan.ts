/**
 * What answers a request, the same on every tier: publicPlan (method and path) for the first three
 * steps, then, once the tier has accepted the key, keyedPlan (the query too). The steps, in order,
 * each answering the request or passing it on:
 *
 *   CORS preflight  any OPTIONS: 204, no key needed
 *   health          GET or HEAD /healthz: 200, no key needed
 *   public files    GET or HEAD of the form page (/, /page/...) or /v1/openapi.json: the file, no key needed
 *   auth            (the tier's) no key: 401, a malformed header: 400, an unknown key: 401
 *   method          anything but GET and HEAD: 405
 *   query           more pairs than the API has parameters: 400 (params.ts)
 *   endpoints       the endpoint the path names resolves it (endpoints.ts)
 *   other paths     a file that answers the path (/v1), else 404
 *
 * A keyed plan is made only once the tier has accepted the request's key, so a caller without one
 * learns nothing (401 even for a path that does not exist) and costs no work that grows with its query.
 * The tier reads the request target (absolute form, length, Host), checks the key and sends the
 * files; nothing here does I/O.
 */
import { resolve, route, type Resolution } from './endpoints.ts';
import { isPublicFile, staticFile } from './layout.ts';
import { TOO_MANY_PARAMETERS, type ParsedQuery } from './params.ts';
import { METHOD_NOT_ALLOWED, NOT_FOUND } from './problems.ts';
import type { ReleaseInfo } from './release.ts';

export interface PlanRequest {
  method: string;
  /** The request path, dot segments removed (normalizePath), percent-escapes kept. */
  path: string;
  /** The query as parseQuery reads it. */
  search: ParsedQuery;
}

export type Plan = ({ kind: 'preflight' } | { kind: 'health' } | Resolution) & { needsKey: boolean };

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * The plan of a request that needs no key (a preflight, health, a public file), decided from its
 * method and path alone, so a tier checks the key before it reads the query; undefined otherwise.
 */
export function publicPlan(method: string, path: string, release: ReleaseInfo): Plan | undefined {
  if (method === 'OPTIONS') return { kind: 'preflight', needsKey: false };
  if (path === '/healthz' && isRead(method)) return { kind: 'health', needsKey: false };
  const file = staticFile(path);
  if (file !== undefined && isPublicFile(file) && isRead(method) && release.staticFiles.has(file)) return { kind: 'file', keys: [file], needsKey: false };
  return undefined;
}

/** The plan of a request publicPlan does not answer: answered once the tier has accepted its key. */
export function keyedPlan({ method, path, search }: PlanRequest, release: ReleaseInfo): Plan {
  if (!isRead(method)) return { kind: 'problem', problem: METHOD_NOT_ALLOWED(method), needsKey: true };
  if (search.tooMany) return { kind: 'problem', problem: TOO_MANY_PARAMETERS, needsKey: true };
  const matched = route(path);
  if (matched) return { ...resolve(matched.endpoint, matched.params, search, release), needsKey: true };
  const file = staticFile(path);
  if (file !== undefined && release.staticFiles.has(file)) return { kind: 'file', keys: [file], needsKey: true };
  return { kind: 'problem', problem: NOT_FOUND, needsKey: true };
}

/**
 * The path as WHATWG URL parsing leaves it, which is what a browser sends and what an edge runtime
 * hands a Worker: dot segments removed (`%2e` counts as a dot), `\\` read as `/`, characters a URL may
 * not hold percent-encoded; other escapes stay. Plain paths, nearly all, are returned as they are.
 */
export function normalizePath(path: string): string {
  if (/^[A-Za-z0-9/_~-]*$/.test(path) && !path.includes('/.')) return path;
  try {
    return new URL(`http://host${path.startsWith('/') ? '' : '/'}${path}`).pathname;
  } catch {
    return path;
  }
}
