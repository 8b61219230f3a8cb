/**
 * What the fast path (fast-path.ts) may answer for one app, from memory: the answer the app itself
 * gives, made once and kept. In the app's order of work: CORS (only when its headers are the same for
 * every request), the health check (always left to the app), the key, then what the app found the
 * URL comes to when it answered it before: a problem, a file whose body is in memory, or a search
 * result still kept. Anything else is undefined, and node:http and the app answer the request.
 * The same request again on a connection gets the same answer without those steps, for a second.
 */
import { refusalProblem, type Verdicts } from './auth.ts';
import type { Bodies } from './bodies.ts';
import { withCors, type CorsHeaders, type CorsPolicy, type Pairs } from './cors.ts';
import { rawHead, type Answer, type Answerer } from './fast-path.ts';
import { problemParts, type ProblemCode } from './problem.ts';
import type { ApiKey } from './keys.ts';
import { loggablePath, logLine, QUICK_MS } from './request-log.ts';
import type { Outcome } from './routes.ts';
import type { SearchResult } from './search-route.ts';
import type { SimpleRequest } from './simple-request.ts';
import { chooseEncoding, fileHead, jsonHead, matchesEtag, notModifiedHead, validators, type SendOptions } from './send.ts';

export interface FastAnswersOptions extends SendOptions {
  cors: CorsPolicy;
  verdicts: Verdicts;
  /** What the app found each URL (as received) comes to. */
  outcomes: ReadonlyMap<string, Outcome>;
  bodies: Bodies;
  searchResult: (resultKey: string) => SearchResult | undefined;
  log: (line: string) => void;
  /** Milliseconds, as performance.now (the default). */
  now?: () => number;
}

type Made = Answer & { status: number };

interface Recent {
  answer: Made;
  key: ApiKey | undefined;
  /** The log line for it when answered in under 0.05 ms (logged as 0.0ms). */
  quickLine: string;
}

export function fastAnswers(options: FastAnswersOptions): Answerer {
  const { verdicts, outcomes, bodies, log, now = () => performance.now() } = options;
  // Each answer is made once, kept by what it answers from (an outcome, a body, a search result) and its variant.
  const made = new WeakMap<object, Map<string, Made>>();
  const kept = (from: object, variant: string, make: () => Made): Made => {
    let variants = made.get(from);
    if (!variants) made.set(from, (variants = new Map()));
    let answer = variants.get(variant);
    if (!answer) variants.set(variant, (answer = make()));
    return answer;
  };
  const refusals = new Map<string, Made>();
  // A client sends the same request again and again on a connection, and fast-path.ts gives it the same
  // request object each time. What was made for that object is given again without the lookups, and
  // its log line is formatted once: that is about a tenth of the cost of a request (bench/README.md).
  // The answer is the same for the same request; which answers are in memory is not, so this is
  // started afresh each second: a body the cache let go of is held that much longer at most, and
  // the cache hears of each connection's request at least once a second.
  let recent = new Map<SimpleRequest, Recent>();
  let recentSince = -Infinity;

  const problem = (cors: CorsHeaders, method: string, code: ProblemCode, detail: string, headers?: Pairs): Made => {
    const { status, head, body } = problemParts(code, detail, headers);
    return { status, head: rawHead(status, withCors(cors, head)), body: method === 'HEAD' ? undefined : body };
  };
  const success = (cors: CorsHeaders, status: number, pairs: Pairs, body?: Buffer): Made =>
    ({ status, head: rawHead(status, withCors(cors, pairs)), body });

  const answerTo = (request: SimpleRequest, cors: CorsHeaders, outcome: Outcome): Made | undefined => {
    const { method, ifNoneMatch } = request;
    if ('code' in outcome) return kept(outcome, method, () => problem(cors, method, outcome.code, outcome.detail));
    if ('search' in outcome) {
      const result = options.searchResult(outcome.search);
      if (!result) return undefined;
      if (matchesEtag(ifNoneMatch, result.etag)) return kept(result, '304', () => success(cors, 304, validators(result.etag, result.contentLanguage, options)));
      return kept(result, method, () => success(cors, 200, jsonHead(result.body, result.etag, result.contentLanguage, options), method === 'HEAD' ? undefined : result.body));
    }
    const { key, file } = outcome;
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, `"${file.sha256}"`)) return kept(outcome, '304', () => success(cors, 304, notModifiedHead(file, options)));
    const coding = chooseEncoding(request.acceptEncoding, file.encodings);
    if (method === 'HEAD') return kept(outcome, coding, () => success(cors, 200, fileHead(file, coding, options)));
    const body = bodies.cached(key, coding);
    return body && kept(body, 'GET', () => success(cors, 200, fileHead(file, coding, options), body.bytes));
  };

  return (request, connection) => {
    const started = now();
    if (started - recentSince >= 1000) {
      recent = new Map();
      recentSince = started;
    }
    const again = recent.get(request);
    if (again) {
      const ms = now() - started;
      if (ms < QUICK_MS) log(again.quickLine);
      else log(logLine(request.method, loggablePath(request.url), again.answer.status, ms, again.key));
      return again.answer;
    }
    const cors = options.cors(request.origin);
    const { method, url } = request;
    // The health check's path, with or without a query, is the app's.
    if (!cors.constant || url.startsWith('/healthz') && (url.length === 8 || url[8] === '?')) return undefined;
    const verdict = verdicts(connection, request.authorization);
    let answer: Made | undefined;
    if (typeof verdict === 'string') {
      const id = `${verdict} ${method}`;
      answer = refusals.get(id);
      if (!answer) refusals.set(id, (answer = problem(cors, method, ...refusalProblem(verdict))));
    } else {
      const outcome = outcomes.get(url);
      answer = outcome && answerTo(request, cors, outcome);
    }
    if (!answer) return undefined;
    const key = typeof verdict === 'string' ? undefined : verdict;
    const shown = loggablePath(url);
    log(logLine(method, shown, answer.status, now() - started, key));
    recent.set(request, { answer, key, quickLine: logLine(method, shown, answer.status, 0, key) });
    return answer;
  };
}
