/**
 * Every error is an RFC 9457 problem document, the same bytes from every tier: `type` about:blank,
 * `title` the status's phrase, `detail` a sentence saying what to do, `code` what clients switch on.
 * A detail echoes a part of the request only where it is short and looks like a code or a name, so
 * nothing odd (or a key pasted in the wrong place) is reflected.
 */

export const PROBLEMS = {
  bad_request: [400, 'Bad Request'],
  invalid_request: [400, 'Bad Request'],
  invalid_parameter: [400, 'Bad Request'],
  unknown_parameter: [400, 'Bad Request'],
  missing_credentials: [401, 'Unauthorized'],
  invalid_credentials: [401, 'Unauthorized'],
  country_not_found: [404, 'Not Found'],
  subdivision_not_found: [404, 'Not Found'],
  currency_not_found: [404, 'Not Found'],
  not_found: [404, 'Not Found'],
  method_not_allowed: [405, 'Method Not Allowed'],
  request_timeout: [408, 'Request Timeout'],
  code_withdrawn: [410, 'Gone'],
  uri_too_long: [414, 'URI Too Long'],
  rate_limited: [429, 'Too Many Requests'],
  headers_too_large: [431, 'Request Header Fields Too Large'],
  internal_error: [500, 'Internal Server Error'],
} as const satisfies Record<string, readonly [number, string]>;

export type ProblemCode = keyof typeof PROBLEMS;

/** A problem to answer: its code, its sentence, members beyond RFC 9457's, and headers it needs (WWW-Authenticate, Allow). */
export interface Problem {
  code: ProblemCode;
  detail: string;
  extensions?: Record<string, unknown>;
  headers?: [string, string][];
}

export const statusOf = (code: ProblemCode): number => PROBLEMS[code][0];

/** The body of a problem, as every tier sends it. */
export function problemBody({ code, detail, extensions }: Problem): string {
  const [status, title] = PROBLEMS[code];
  return JSON.stringify({ type: 'about:blank', title, status, detail, code, ...extensions });
}

export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
/** Every method the API answers; anything else is a 405. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

export const REALM = 'country-reference';
const challenge = (error?: string): [string, string][] => [
  ['WWW-Authenticate', error ? `Bearer realm="${REALM}", error="${error}"` : `Bearer realm="${REALM}"`],
];

/** Why a request's credentials were refused (RFC 6750 section 3.1). */
export type Refusal = 'missing' | 'malformed' | 'unknown';
export const REFUSALS: Record<Refusal, Problem> = {
  missing: { code: 'missing_credentials', detail: 'Send your API key as "Authorization: Bearer <key>".', headers: challenge() },
  malformed: { code: 'invalid_request', detail: 'The Authorization header must be "Bearer <key>", given once.', headers: challenge('invalid_request') },
  unknown: { code: 'invalid_credentials', detail: 'The API key is not valid.', headers: challenge('invalid_token') },
};

export const METHOD_NOT_ALLOWED = (method: string): Problem => ({
  code: 'method_not_allowed',
  detail: `${/^[A-Z]{1,16}$/.test(method) ? method : 'This method'} is not allowed; this API is read-only: use GET.`,
  headers: [['Allow', ALLOWED_METHODS]],
});

/** A request HTTP/1.1 does not allow (a malformed line or header, no Host): nginx and node:http refuse it before it reaches the pipeline. */
export const BAD_REQUEST: Problem = { code: 'bad_request', detail: 'The request is not valid HTTP/1.1 (RFC 9112): check its request line and headers.' };

export const NOT_FOUND: Problem = { code: 'not_found', detail: 'No such resource. Every path begins with /v1; /v1 lists the endpoints.' };

/** Path input echoed in a detail: only when it looks like a code. */
export const quoteCode = (input: string): string => (/^[A-Za-z0-9-]{1,12}$/.test(input) ? `"${input}"` : 'the given code');

/** A code ISO withdrew: what it named, when, and the codes that took its place. */
export interface WithdrawnCode {
  code: string;
  name: string;
  withdrawn: string | null;
  replaced_by: string[];
  /** Set for a currency no country uses any more (ISO 4217); a country or subdivision code has none. */
  standard?: 'ISO 4217';
}

/** The 410 for a code ISO withdrew, or a currency out of use: where it went (`replaced_by`) and when. */
export function withdrawnProblem(entry: WithdrawnCode): Problem {
  const when = entry.withdrawn ? ` on ${entry.withdrawn}` : '';
  const successors = entry.replaced_by.length ? `; use ${entry.replaced_by.join(' or ')}` : '; no code took its place';
  const what = entry.standard === 'ISO 4217' ? `was last legal tender${entry.withdrawn ? ` on ${entry.withdrawn}` : ''}` : `was withdrawn from ISO 3166${when}`;
  return {
    code: 'code_withdrawn',
    detail: `${entry.code} (${entry.name}) ${what}${successors}.`,
    extensions: { replaced_by: entry.replaced_by, withdrawn: entry.withdrawn },
  };
}

/** A code people use that ISO 3166-1 does not assign (UK, EL), and the ISO code of the country they mean. */
export interface CodeHint {
  code: string;
  name: string;
  use: string;
}

/**
 * 404 for a path code no country has, saying what to ask for instead where the input shows what was
 * meant; `base` is the endpoint's path before the code (`/v1/countries/`).
 */
export function countryNotFound(input: string, base: string, hints: ReadonlyMap<string, CodeHint>): Problem {
  const file = /^([A-Za-z0-9]{2,3})\.json$/.exec(input);
  if (file) return { code: 'country_not_found', detail: `Paths take no .json suffix: ask for ${base}${file[1]}.` };
  const hint = hints.get(input.toLowerCase());
  if (hint) {
    return {
      code: 'country_not_found',
      detail: `${hint.code} is not an ISO 3166-1 code; ${hint.name} is ${hint.use}: ask for ${base}${hint.use}.`,
      extensions: { use: hint.use },
    };
  }
  return { code: 'country_not_found', detail: `No country has the code ${quoteCode(input)}; codes are ISO 3166-1 alpha-2, alpha-3 or numeric (BR, BRA, 076).` };
}

export const subdivisionNotFound = (country: string, input: string): Problem => ({
  code: 'subdivision_not_found',
  detail: `${country} has no subdivision ${quoteCode(input)}; /v1/subdivisions/${country} lists them.`,
});

export const currencyNotFound = (input: string): Problem => ({
  code: 'currency_not_found',
  detail: `No currency has the code ${quoteCode(input)}; codes are ISO 4217 (EUR, USD), and /v1/currencies lists those in use.`,
});
