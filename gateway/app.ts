/**
 * createApp(options) -> the request handler serving one opened dist: a Polka app whose one pipeline
 * is the contract's (contract/plan.ts): CORS preflight, health, public files, auth, method, endpoints,
 * other paths. This file reads the request target as HTTP asks (absolute form, length, Host), checks
 * the key where the plan needs one (auth.ts), and sends what the plan names (send.ts, search.ts).
 *
 * Every answer carries the data release and the CORS headers, decided before the first step. Nothing
 * here reads the environment or keeps state outside the app: main.ts and serve.ts pass what it needs.
 */
import type { IncomingMessage } from 'node:http';
import polka, { type Request } from 'polka';
import {
  CACHE_CONTROL,
  corsHeaders,
  DATA_RELEASE,
  healthBody,
  NOSNIFF,
  MAX_URL_LENGTH,
  preflightHeaders,
  URI_TOO_LONG,
  type Origins,
} from '../contract/headers.ts';
import { JSON_TYPE } from '../contract/layout.ts';
import { parseQuery } from '../contract/params.ts';
import { keyedPlan, normalizePath, publicPlan, type Plan } from '../contract/plan.ts';
import { BAD_REQUEST, NOT_FOUND, REFUSALS, type Problem } from '../contract/problems.ts';
import { bearerVerdict, type AuthenticatedRequest, type Keys } from './auth.ts';
import { refusing, requestsWaiting } from './connections.ts';
import type { FairShare } from './fair-share.ts';
import { UnreadableFile, type Dist } from './dist.ts';
import { SizeBoundedLru } from '../contract/lru.ts';
import { KEPT_ANSWER_BYTES } from '../contract/search-answer.ts';
import { gatewaySearch } from './search.ts';
import { answer, sender, sendProblem, type Pairs, type Res } from './send.ts';

export interface AppOptions {
  dist: Dist;
  keys: Keys;
  corsOrigins: Origins;
  /** Memory for response bodies and search results (per process). */
  cacheBytes: number;
  /** Each key's share of the gateway while others wait, and the bound on refusals per connection (fair-share.ts); none: no limit. */
  fairShare?: FairShare;
  /** Where the stack of a failure, and a damaged file, are told. */
  log: (line: string) => void;
  /**
   * Called when a file of this dist cannot be read as its manifest says, before anything is sent:
   * true when it takes the request to answer it from a newer dist (live-dist.ts).
   */
  retry?: (req: IncomingMessage, res: Res) => boolean;
}

export type Handler = (req: IncomingMessage, res: Res) => void;

const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;
/** How many plans are kept, and how long a target may be to have its plan kept: at most about 2.5 MB. */
const PLANS_KEPT = 10_000;
const PLANNED_TARGET_MAX = 256;

/** What HTTP asks of the request target and Host that node:http lets through; false when it answered. */
function requestTarget(req: IncomingMessage, res: Res): boolean {
  if (req.url!.length > MAX_URL_LENGTH) {
    sendProblem(res, URI_TOO_LONG);
    return false;
  }
  if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
    sendProblem(res, BAD_REQUEST);
    return false;
  }
  // `GET http://host/v1/countries HTTP/1.1` is answered as `GET /v1/countries`: the authority names this server.
  if (req.url!.charCodeAt(0) === 47) return true;
  const absolute = ABSOLUTE_FORM.exec(req.url!);
  if (absolute) {
    const rest = req.url!.slice(absolute[0].length);
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
  }
  return true;
}

export function createApp({ dist, keys, corsOrigins, cacheBytes, fairShare, log, retry }: AppOptions): Handler {
  const cache = new SizeBoundedLru<unknown>(cacheBytes);
  const send = sender(dist, cache, log);
  const search = gatewaySearch(dist, cache);
  const verdictOf = bearerVerdict(keys);
  const release: Pairs = [DATA_RELEASE, dist.release.id, ...NOSNIFF];
  const anyOrigin = corsOrigins === '*' ? [...release, ...corsHeaders('*', undefined)] : undefined;
  const health = Buffer.from(healthBody(dist.release.id));

  // A plan is a pure function of the method and the target: kept for the GETs seen most (type-ahead, hot files).
  const plans = new Map<string, Plan>();
  const keep = (req: Request, planned: Plan): Plan => {
    if (req.method === 'GET' && req.url!.length <= PLANNED_TARGET_MAX) {
      if (plans.size >= PLANS_KEPT) plans.clear();
      plans.set(req.url!, planned);
    }
    return planned;
  };
  // A refusal closes its connection when more requests wait behind it (no client pipelines without a
  // key but a flood); past the connection's bound while keys are served it is held until due (fair-share.ts).
  const refuse = (req: Request, res: Res, refusal: Problem, now: number) => {
    refusing(req, res);
    if (requestsWaiting(req.socket) > 0) return sendProblem(res, { ...refusal, headers: [...(refusal.headers ?? []), ['Connection', 'close']] });
    const delay = fairShare?.refusalDelay(req.socket, now) ?? 0;
    if (delay === 0) return sendProblem(res, refusal);
    setTimeout(() => {
      if (!res.destroyed) sendProblem(res, refusal);
    }, delay);
  };

  // The key is checked before the query is read: a request without one costs the same whatever its query.
  const handle = (req: Request & AuthenticatedRequest, res: Res) => {
    const started = fairShare ? performance.now() : 0;
    const kept = req.method === 'GET' ? plans.get(req.url!) : undefined;
    const path = kept ? '' : normalizePath(req.path);
    const open = kept ? (kept.needsKey ? undefined : kept) : publicPlan(req.method!, path, dist.release);
    if (open) return answerPlan(req, res, kept ?? keep(req, open));
    const verdict = verdictOf(req);
    if (typeof verdict === 'string') return refuse(req, res, REFUSALS[verdict], started);
    req.apiKey = verdict;
    const refusal = fairShare?.refusal(verdict.name, started);
    if (refusal) return sendProblem(res, refusal);
    answerPlan(req, res, kept ?? keep(req, keyedPlan({ method: req.method!, path, search: parseQuery(req.search) }, dist.release)));
    fairShare?.charge(verdict.name, performance.now() - started);
  };
  const answerPlan = (req: Request, res: Res, planned: Plan) => {
    switch (planned.kind) {
      case 'preflight':
        return answer(res, 204, [...preflightHeaders(corsOrigins, req.headers.origin, req.headers['access-control-request-method']), 'Content-Length', 0]);
      case 'health':
        return answer(res, 200, ['Content-Type', JSON_TYPE, 'Content-Length', health.length, 'Cache-Control', CACHE_CONTROL.none], health);
      case 'problem':
        return sendProblem(res, planned.problem);
      case 'file': {
        const key = planned.keys.find((candidate) => dist.files.has(candidate));
        return key === undefined ? sendProblem(res, NOT_FOUND) : send.file(req, res, key);
      }
      case 'search': {
        const listKey = planned.listKeys.find((candidate) => dist.files.has(candidate))!;
        return send.computed(req, res, search(listKey, planned.text, planned.limit), KEPT_ANSWER_BYTES);
      }
    }
  };
  const onError = (error: unknown, req: Request, res: Res) => {
    if (error instanceof UnreadableFile && !res.headersSent && retry?.(req, res)) return;
    log(`error: ${req.method} ${req.path}: ${(error as Error)?.stack ?? error}`);
    if (res.headersSent) return void res.destroy();
    sendProblem(res, { code: 'internal_error', detail: 'The server could not answer this request.' });
  };
  // A target Polka's router does not take for a path (`*`) reaches the same pipeline.
  const app = polka({ onError, onNoMatch: handle as never }).use(handle as never);

  return (req, res) => {
    res.always = anyOrigin ?? [...release, ...corsHeaders(corsOrigins, req.headers.origin)];
    if (requestTarget(req, res)) app.handler(req as Request, res, undefined as never);
  };
}
