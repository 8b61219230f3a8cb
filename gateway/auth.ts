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

type Refusal = keyof typeof CHALLENGE;
const REFUSALS: Record<Refusal, [code: 'missing_credentials' | 'invalid_credentials', detail: string]> = {
  missing: ['missing_credentials', 'Send your API key as "Authorization: Bearer <key>".'],
  malformed: ['invalid_credentials', 'The Authorization header must be "Bearer <key>".'],
  unknown: ['invalid_credentials', 'The API key is not valid.'],
};

/**
 * Returns a check that records the request's key, or answers 401 and returns false.
 * A kept-alive connection sends the same header with every request: the verdict on a header is kept
 * on its connection, and the same header on the same connection gets it again without being hashed
 * again. That comparison is with what this client itself sent before, never with a configured key,
 * so it tells the client nothing.
 */
export function bearerAuth({ keys }: AuthOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  if (keys.length === 0) throw new Error('bearerAuth: at least one API key is required');
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

  return (req, res) => {
    const raw = req.headers.authorization;
    const socket = req.socket as Remembering;
    let memo = socket[verdictOf];
    if (memo === undefined || memo.header !== raw) socket[verdictOf] = memo = { header: raw, verdict: judge(raw) };
    const { verdict } = memo;
    if (typeof verdict === 'string') {
      const [code, detail] = REFUSALS[verdict];
      sendProblem(res, code, detail, CHALLENGE[verdict]);
      return false;
    }
    (req as AuthenticatedRequest).apiKey = verdict;
    return true;
  };
}
