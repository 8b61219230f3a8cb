/**
 * Bearer authentication (RFC 6750) on every request that reaches it. Three distinct failures:
 * no credentials, a malformed Authorization header, and a well-formed but unknown key; all are 401
 * with WWW-Authenticate, told apart by `code` and the `error` parameter.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BEARER_TOKEN, findKey, type ApiKey } from './keys.ts';
import { sendProblem } from './problem.ts';

export const REALM = 'country-reference';

export interface AuthOptions {
  keys: readonly ApiKey[];
}

export interface AuthenticatedRequest {
  apiKey?: ApiKey;
}

const challenge = (error?: string) => ['WWW-Authenticate', error ? `Bearer realm="${REALM}", error="${error}"` : `Bearer realm="${REALM}"`];
const CHALLENGE = { missing: challenge(), malformed: challenge('invalid_request'), unknown: challenge('invalid_token') };

export type Refusal = keyof typeof CHALLENGE;
const REFUSALS: Record<Refusal, [code: 'missing_credentials' | 'invalid_credentials', detail: string]> = {
  missing: ['missing_credentials', 'Send your API key as "Authorization: Bearer <key>".'],
  malformed: ['invalid_credentials', 'The Authorization header must be "Bearer <key>".'],
  unknown: ['invalid_credentials', 'The API key is not valid.'],
};

/** The problem a refusal is answered with: code, detail and the WWW-Authenticate challenge. */
export function refusalProblem(refusal: Refusal): [code: 'missing_credentials' | 'invalid_credentials', detail: string, headers: (string | number)[]] {
  return [...REFUSALS[refusal], CHALLENGE[refusal]];
}

/** The key an Authorization header (as received, on `connection`) presents, or why it is refused. */
export type Verdicts = (connection: object, header: string | undefined) => ApiKey | Refusal;

/**
 * A kept-alive connection sends the same header with every request: the verdict on a header is kept
 * on its connection, and the same header on the same connection gets it again without being hashed
 * again. That comparison is with what this client itself sent before, never with a configured key,
 * so it tells the client nothing.
 */
export function bearerVerdicts({ keys }: AuthOptions): Verdicts {
  if (keys.length === 0) throw new Error('bearerVerdicts: at least one API key is required');
  // Per instance, so a verdict reached with other keys (another app) is never reused.
  const verdictOf = Symbol('verdict on the last Authorization header');
  type Remembering = { [verdictOf]?: { header: string | undefined; verdict: ApiKey | Refusal } };

  const judge = (raw: string | undefined): ApiKey | Refusal => {
    const header = raw?.trim();
    if (!header) return 'missing';
    const [scheme, token, ...rest] = header.split(/ +/);
    if (scheme.toLowerCase() !== 'bearer' || token === undefined || rest.length > 0 || !BEARER_TOKEN.test(token)) return 'malformed';
    return findKey(keys, token) ?? 'unknown';
  };

  return (connection, raw) => {
    const remembering = connection as Remembering;
    let memo = remembering[verdictOf];
    if (memo === undefined || memo.header !== raw) remembering[verdictOf] = memo = { header: raw, verdict: judge(raw) };
    return memo.verdict;
  };
}

/** Returns a check that records the request's key, or answers 401 and returns false (the fast path shares `verdicts`). */
export function bearerAuth(verdicts: Verdicts): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const verdict = verdicts(req.socket, req.headers.authorization);
    if (typeof verdict === 'string') {
      const [code, detail, challenge] = refusalProblem(verdict);
      sendProblem(res, code, detail, challenge);
      return false;
    }
    (req as AuthenticatedRequest).apiKey = verdict;
    return true;
  };
}
