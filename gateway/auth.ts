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

/** Returns a check that records the request's key, or answers 401 and returns false. */
export function bearerAuth({ keys }: AuthOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  if (keys.length === 0) throw new Error('bearerAuth: at least one API key is required');

  return (req, res) => {
    const header = req.headers.authorization?.trim();
    if (!header) {
      sendProblem(res, 'missing_credentials', 'Send your API key as "Authorization: Bearer <key>".', CHALLENGE.missing);
      return false;
    }
    // The common form, "Bearer <token>" with one space, without splitting; anything else the general way.
    const simple = header.length > 7 && header.charCodeAt(6) === 32 && header.indexOf(' ', 7) < 0;
    const [scheme, token, ...rest] = simple ? [header.slice(0, 6), header.slice(7)] : header.split(/ +/);
    if (scheme.toLowerCase() !== 'bearer' || token === undefined || rest.length > 0 || !BEARER_TOKEN.test(token)) {
      sendProblem(res, 'invalid_credentials', 'The Authorization header must be "Bearer <key>".', CHALLENGE.malformed);
      return false;
    }
    const apiKey = findKey(keys, token);
    if (!apiKey) {
      sendProblem(res, 'invalid_credentials', 'The API key is not valid.', CHALLENGE.unknown);
      return false;
    }
    (req as AuthenticatedRequest).apiKey = apiKey;
    return true;
  };
}
