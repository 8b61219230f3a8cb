/**
 * The HTTP side of the OpenAPI document: the headers, errors and 304 every operation shares, declared
 * once under `components` and referenced, so a generated client sees one type for each.
 */
import { EXPOSED_HEADERS } from '../../contract/headers.ts';
import { statusOf, type ProblemCode } from '../../contract/problems.ts';

const ref = (kind: 'headers' | 'responses' | 'schemas', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const text = (description: string) => ({ description, schema: { type: 'string' } });

export const HEADERS = {
  ETag: text('Strong ETag, the SHA-256 of the body in quotes; send it in If-None-Match to get a 304 while the answer is unchanged'),
  'Cache-Control': text(
    "Successes: `private, max-age=<seconds>` (the answer is for the caller's key: a shared cache must not give it to others), but `public, max-age=<seconds>` for this document and the form page, which need no key; errors and /healthz: `no-store`",
  ),
  'Content-Language': text('The locale the names are in: the requested one, or the fallback that answered (pt-AO -> pt-PT -> pt -> en)'),
  Vary: text('`Accept-Encoding` (the body may be sent brotli- or gzip-encoded), and `Origin` where only listed origins may read answers'),
  'Data-Release': text('The data release that answered (the `release.id` of GET /v1); every answer comes wholly from one release'),
  'Access-Control-Allow-Origin': text("CORS: `*`, or the request's Origin where it is one of the allowed origins (absent otherwise); on errors too"),
  'Access-Control-Expose-Headers': text(`CORS: \`${EXPOSED_HEADERS}\`, which a browser script may read`),
  'WWW-Authenticate': text(
    '`Bearer realm="country-reference"`, with `error="invalid_request"` for a malformed Authorization header and `error="invalid_token"` for an unknown key',
  ),
  Allow: text('`GET, HEAD, OPTIONS`: the API is read-only'),
  'Retry-After': text("Seconds to wait before the key's next request is served"),
  RateLimit: text('IETF RateLimit header fields draft: `"fair-share";r=0;t=<seconds>`'),
  'RateLimit-Policy': text(
    'IETF RateLimit header fields draft: `"fair-share";q=<worker-ms>;w=1;qu="worker-ms"`, the share of worker time a key may use per second',
  ),
};

/** Headers on every answer, success or error. */
const EVERY = ['Data-Release', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];
export const headerRefs = (names: string[]) => Object.fromEntries(names.map((name) => [name, ref('headers', name)]));

/**
 * A problem response naming each code it answers with what causes it: written from the contract's
 * table, so a code whose status differs from the response's fails the build.
 */
function problem(status: number, causes: [ProblemCode, string][], extra: string[] = [], schema: object = ref('schemas', 'Problem')) {
  for (const [code] of causes) if (statusOf(code) !== status) throw new Error(`openapi: ${code} is ${statusOf(code)}, not ${status}`);
  return {
    status,
    description: causes.map(([code, cause]) => `\`${code}\`: ${cause}`).join('; '),
    headers: headerRefs(['Cache-Control', ...extra, ...EVERY]),
    content: { 'application/problem+json': { schema } },
  };
}

/** Response components; `status` is where an operation lists it. */
const RESPONSES = {
  NotModified: {
    status: 304,
    description: 'Not modified: If-None-Match named the current ETag (no body)',
    headers: headerRefs(['ETag', 'Cache-Control', 'Content-Language', 'Vary', ...EVERY]),
  },
  BadRequest: problem(
    400,
    [
      ['invalid_parameter', 'a malformed `locale`, an unknown `view`, a missing or blank `q`, a `limit` out of range, a parameter given twice'],
      [
        'unknown_parameter',
        'a query name that is no parameter of the API; `accepted` lists what the endpoint takes, and the detail the parameter likely meant',
      ],
      ['invalid_request', 'an Authorization header that is not `Bearer <key>`, or given twice (with `WWW-Authenticate`)'],
      ['bad_request', 'not valid HTTP/1.1'],
    ],
    ['WWW-Authenticate'],
  ),
  Unauthorized: problem(
    401,
    [
      ['missing_credentials', 'no key'],
      ['invalid_credentials', "a key that is not one of the server's; both checked before the method, the path and the query"],
    ],
    ['WWW-Authenticate'],
  ),
  NotFound: problem(404, [
    ['country_not_found', "no country has the code (a well-known code that is not ISO's, such as UK or EL, names the ISO one in `use`)"],
    ['subdivision_not_found', "no subdivision of the country has the code (also a code with another country's prefix)"],
    ['currency_not_found', 'no currency has the code (ISO 4217); a code out of use answers 410 instead'],
    ['not_found', 'no such path'],
  ]),
  MethodNotAllowed: problem(405, [['method_not_allowed', 'any method but GET, HEAD and OPTIONS']], ['Allow']),
  RequestTimeout: problem(408, [['request_timeout', 'the request line and headers, or the request, did not arrive in time']]),
  Gone: {
    ...problem(
      410,
      [
        [
          'code_withdrawn',
          "ISO withdrew this country or subdivision code, or no country uses this currency any more; `replaced_by` names the codes that took its place, `withdrawn` when (a currency's last day as tender)",
        ],
      ],
      [],
      {
        allOf: [
          ref('schemas', 'Problem'),
          {
            // Problem describes both fields; named again so that generators make them required here.
            required: ['code', 'replaced_by', 'withdrawn'],
            properties: {
              code: { const: 'code_withdrawn' },
              replaced_by: { type: 'array', items: { type: 'string' } },
              withdrawn: { type: ['string', 'null'] },
            },
          },
        ],
      },
    ),
  },
  UriTooLong: problem(414, [['uri_too_long', 'path and query over 8 KiB']]),
  TooManyRequests: problem(
    429,
    [
      [
        'rate_limited',
        "the key has used more than its fair share of the server's time lately (the gateway with FAIR_SHARE_MS set); retry after `Retry-After` seconds",
      ],
    ],
    ['Retry-After', 'RateLimit', 'RateLimit-Policy'],
  ),
  HeadersTooLarge: problem(431, [['headers_too_large', 'request line and headers over 16 KiB']]),
  InternalError: problem(500, [['internal_error', 'the server failed; the details go to its log, never to the client']]),
};
type ResponseName = keyof typeof RESPONSES;

export const responseComponents = () => Object.fromEntries(Object.entries(RESPONSES).map(([name, { status, ...response }]) => [name, response]));

const ALWAYS: ResponseName[] = ['BadRequest', 'MethodNotAllowed', 'RequestTimeout', 'UriTooLong', 'HeadersTooLarge', 'InternalError'];
/** What the API may answer when FAIR_SHARE_MS is set: every keyed operation. */
const KEYED: ResponseName[] = ['Unauthorized', 'TooManyRequests'];

export interface OperationOptions {
  operationId: string;
  summary: string;
  /** Component name of the 200 body, its component per `view` (a union a generated client narrows by `view`), or an inline schema. */
  body: string | { byView: Record<string, string> } | object;
  parameters?: object[];
  /** The body's names depend on `locale`: the answer carries Content-Language. */
  localized?: boolean;
  /** Readable without a key. */
  anonymous?: boolean;
  /** Path codes that may be unknown (404) or withdrawn by ISO (410). */
  codes?: boolean;
}

/** One schema per view, told apart by the answer's `view` (OpenAPI's discriminator: generators emit a narrowing union). */
function viewUnion(byView: Record<string, string>) {
  const refs = Object.fromEntries(Object.entries(byView).map(([view, name]) => [view, ref('schemas', name).$ref]));
  return { oneOf: Object.values(refs).map(($ref) => ({ $ref })), discriminator: { propertyName: 'view', mapping: refs } };
}

export function operation({ operationId, summary, body, parameters = [], localized = false, anonymous = false, codes = false }: OperationOptions) {
  const schema = typeof body === 'string' ? ref('schemas', body) : 'byView' in body ? viewUnion(body.byView as Record<string, string>) : body;
  const errors: ResponseName[] = [...(anonymous ? [] : KEYED), ...(codes ? ['NotFound' as const, 'Gone' as const] : []), ...ALWAYS];
  return {
    operationId,
    summary,
    ...(anonymous ? { security: [] } : {}),
    parameters,
    responses: {
      200: {
        description: 'OK',
        headers: headerRefs(['ETag', 'Cache-Control', ...(localized ? ['Content-Language'] : []), 'Vary', ...EVERY]),
        content: { 'application/json': { schema } },
      },
      304: ref('responses', 'NotModified'),
      ...Object.fromEntries(errors.sort((a, b) => RESPONSES[a].status - RESPONSES[b].status).map((name) => [RESPONSES[name].status, ref('responses', name)])),
    },
  };
}

export const parameter = (name: string, where: 'path' | 'query', description: string, schema: object, required = where === 'path') => ({
  name,
  in: where,
  required,
  description,
  schema,
});
