/**
 * Every error is an RFC 9457 problem document. `type` is about:blank (the title is the HTTP status
 * phrase); the `code` member is what clients switch on. Details never echo a credential.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';

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

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

export function sendProblem(res: ServerResponse, code: ProblemCode, detail: string, headers: Record<string, string> = {}): void {
  const status = PROBLEM_STATUS[code];
  const body = Buffer.from(JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail, code }));
  // A failure after a file's headers were set (its read failed) must not describe that file.
  for (const name of ['ETag', 'Content-Language', 'Content-Encoding']) res.removeHeader(name);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/problem+json; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** Path input echoed in a detail: only when it looks like a code, so nothing long or odd is reflected. */
export function quoteCode(input: string): string {
  return /^[A-Za-z0-9-]{1,12}$/.test(input) ? `"${input}"` : 'the given code';
}
