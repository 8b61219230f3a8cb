/**
 * Bearer authentication (RFC 6750) on every request that reaches it. Three distinct failures:
 * no credentials, a malformed Authorization header, and a well-formed but unknown key; all are 401
 * with WWW-Authenticate, told apart by `code` and the `error` parameter.
 */
import type { Middleware } from 'polka';
import { BEARER_TOKEN, findKey, type ApiKey } from './keys.ts';
import { sendProblem } from './problem.ts';

export const REALM = 'country-reference';

export interface AuthOptions {
  keys: readonly ApiKey[];
}

export interface AuthenticatedRequest {
  apiKey?: ApiKey;
}

export function bearerAuth({ keys }: AuthOptions): Middleware {
  if (keys.length === 0) throw new Error('bearerAuth: at least one API key is required');
  const challenge = (error?: string) => ({
    'WWW-Authenticate': error ? `Bearer realm="${REALM}", error="${error}"` : `Bearer realm="${REALM}"`,
  });

  return (req, res, next) => {
    const header = req.headers.authorization?.trim();
    if (!header) {
      return sendProblem(res, 'missing_credentials', 'Send your API key as "Authorization: Bearer <key>".', challenge());
    }
    const [scheme, token, ...rest] = header.split(/ +/);
    if (scheme.toLowerCase() !== 'bearer' || token === undefined || rest.length > 0 || !BEARER_TOKEN.test(token)) {
      return sendProblem(res, 'invalid_credentials', 'The Authorization header must be "Bearer <key>".', challenge('invalid_request'));
    }
    const apiKey = findKey(keys, token);
    if (!apiKey) return sendProblem(res, 'invalid_credentials', 'The API key is not valid.', challenge('invalid_token'));
    (req as AuthenticatedRequest).apiKey = apiKey;
    next();
  };
}
