/**
 * Every error is an RFC 9457 problem document. `type` is about:blank (the title is the HTTP status
 * phrase); the `code` member is what clients switch on. Details never echo a credential.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { ALLOWED_METHODS, corsOf, withCors, type CorsHeaders, type Pairs } from './cors.ts';

export const PROBLEM_STATUS = {
  bad_request: 400,
  missing_credentials: 401,
  invalid_credentials: 401,
  invalid_parameter: 400,
  country_not_found: 404,
  subdivision_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  uri_too_long: 414,
  headers_too_large: 431,
  internal_error: 500,
} as const;

export type ProblemCode = keyof typeof PROBLEM_STATUS;

export { ALLOWED_METHODS };
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
const NO_HEADERS: Pairs = [];

interface Prepared {
  body: Buffer;
  head: Pairs;
  /** `head` with the CORS headers that are the same for every request (`corsFor`). */
  corsHead?: Pairs;
  corsFor?: CorsHeaders;
}

// The same few problems recur (a missing key, an unknown code): each is prepared once, a bounded
// number kept, by its extra headers (constant arrays) and then its code and detail.
const prepared = new WeakMap<Pairs, Map<string, Prepared>>();
const MAX_KEPT = 1000;

function prepare(code: ProblemCode, detail: string, headers: Pairs): Prepared {
  let byText = prepared.get(headers);
  if (!byText) prepared.set(headers, (byText = new Map()));
  const id = `${code}\0${detail}`;
  let problem = byText.get(id);
  if (!problem) {
    const status = PROBLEM_STATUS[code];
    const body = Buffer.from(JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail, code }));
    // Nothing but the problem describes the response (a file whose read failed set no header of its own).
    problem = { body, head: [...headers, 'Content-Type', PROBLEM_TYPE, 'Content-Length', body.length, 'Cache-Control', 'no-store'] };
    if (byText.size >= MAX_KEPT) byText.clear();
    byText.set(id, problem);
  }
  return problem;
}

/** The status, headers (without CORS) and body of a problem, for a response written without a ServerResponse (server.ts, fast-answers.ts). */
export function problemParts(code: ProblemCode, detail: string, headers: Pairs = NO_HEADERS): { status: number; head: Pairs; body: Buffer } {
  const { head, body } = prepare(code, detail, headers);
  return { status: PROBLEM_STATUS[code], head, body };
}

/** `headers`: extra name/value pairs (WWW-Authenticate, Allow); pass the same array each time where it is constant. */
export function sendProblem(res: ServerResponse, code: ProblemCode, detail: string, headers: Pairs = NO_HEADERS): void {
  const problem = prepare(code, detail, headers);
  const cors = corsOf(res);
  if (cors.constant && problem.corsFor !== cors) {
    problem.corsHead = withCors(cors, problem.head);
    problem.corsFor = cors;
  }
  res.writeHead(PROBLEM_STATUS[code], cors.constant ? problem.corsHead! : withCors(cors, problem.head));
  res.end(res.req.method === 'HEAD' ? undefined : problem.body);
}

/** Path input echoed in a detail: only when it looks like a code, so nothing long or odd is reflected. */
export function quoteCode(input: string): string {
  return /^[A-Za-z0-9-]{1,12}$/.test(input) ? `"${input}"` : 'the given code';
}
