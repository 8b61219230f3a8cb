/**
 * Every error is an RFC 9457 problem document. `type` is about:blank (the title is the HTTP status
 * phrase); the `code` member is what clients switch on. Details never echo a credential.
 */
import { STATUS_CODES } from 'node:http';
import type { WithdrawnCode } from './manifest.ts';
import { answer, type Pairs, type Res } from './send.ts';

export const PROBLEM_STATUS = {
  bad_request: 400,
  missing_credentials: 401,
  invalid_credentials: 401,
  invalid_parameter: 400,
  country_not_found: 404,
  subdivision_not_found: 404,
  not_found: 404,
  code_withdrawn: 410,
  method_not_allowed: 405,
  request_timeout: 408,
  uri_too_long: 414,
  headers_too_large: 431,
  internal_error: 500,
} as const;

export type ProblemCode = keyof typeof PROBLEM_STATUS;

/** Every method the API answers; anything else is a 405. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Members a problem carries beyond RFC 9457's (code_withdrawn: `replaced_by`, `withdrawn`). */
export type Extensions = Record<string, unknown>;

/** The status, headers and body of a problem; `headers` are extra ones (WWW-Authenticate, Allow). */
export function problemParts(code: ProblemCode, detail: string, headers: Pairs = [], extensions: Extensions = {}): { status: number; head: Pairs; body: Buffer } {
  const status = PROBLEM_STATUS[code];
  const body = Buffer.from(JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail, code, ...extensions }));
  // Nothing but the problem describes the response (a file whose read failed set no header of its own).
  return { status, head: [...headers, 'Content-Type', 'application/problem+json; charset=utf-8', 'Content-Length', body.length, 'Cache-Control', 'no-store'], body };
}

export function sendProblem(res: Res, code: ProblemCode, detail: string, headers?: Pairs, extensions?: Extensions): void {
  const { status, head, body } = problemParts(code, detail, headers, extensions);
  answer(res, status, head, res.req.method === 'HEAD' ? undefined : body);
}

/** The 410 for a code ISO withdrew: where it went (`replaced_by`) and when; the nginx config answers the same bytes. */
export function withdrawnProblem(entry: WithdrawnCode): { detail: string; extensions: Extensions } {
  const when = entry.withdrawn ? ` on ${entry.withdrawn}` : '';
  const successors = entry.replaced_by.length ? `; use ${entry.replaced_by.join(' or ')}` : '; no code took its place';
  return {
    detail: `${entry.code} (${entry.name}) was withdrawn from ISO 3166${when}${successors}.`,
    extensions: { replaced_by: entry.replaced_by, withdrawn: entry.withdrawn },
  };
}

/** Path input echoed in a detail: only when it looks like a code, so nothing long or odd is reflected. */
export function quoteCode(input: string): string {
  return /^[A-Za-z0-9-]{1,12}$/.test(input) ? `"${input}"` : 'the given code';
}
