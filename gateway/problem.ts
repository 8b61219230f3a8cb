/**
 * Every error is an RFC 9457 problem document. `type` is about:blank (the title is the HTTP status
 * phrase); the `code` member is what clients switch on. Details never echo a credential.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { ALLOWED_METHODS, corsOf, withCors, type Pairs } from './cors.ts';

export const PROBLEM_STATUS = {
  missing_credentials: 401,
  invalid_credentials: 401,
  invalid_parameter: 400,
  country_not_found: 404,
  subdivision_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  internal_error: 500,
} as const;

export type ProblemCode = keyof typeof PROBLEM_STATUS;

export { ALLOWED_METHODS };
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

// The same few problems recur (a missing key, an unknown code): their bodies are kept, a bounded number.
const bodies = new Map<string, Buffer>();
const MAX_KEPT = 1000;

function problemBody(code: ProblemCode, detail: string): Buffer {
  const id = `${code}\0${detail}`;
  let body = bodies.get(id);
  if (!body) {
    const status = PROBLEM_STATUS[code];
    body = Buffer.from(JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail, code }));
    if (bodies.size >= MAX_KEPT) bodies.clear();
    bodies.set(id, body);
  }
  return body;
}

/** `headers`: extra name/value pairs (WWW-Authenticate, Allow). */
export function sendProblem(res: ServerResponse, code: ProblemCode, detail: string, headers: Pairs = []): void {
  const body = problemBody(code, detail);
  // Nothing but the problem describes the response (a file whose read failed set no header of its own).
  const pairs = [...headers, 'Content-Type', PROBLEM_TYPE, 'Content-Length', body.length, 'Cache-Control', 'no-store'];
  res.writeHead(PROBLEM_STATUS[code], withCors(corsOf(res), pairs));
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** Path input echoed in a detail: only when it looks like a code, so nothing long or odd is reflected. */
export function quoteCode(input: string): string {
  return /^[A-Za-z0-9-]{1,12}$/.test(input) ? `"${input}"` : 'the given code';
}
