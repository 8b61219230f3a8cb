/**
 * The HTTP side of the OpenAPI document: the headers, errors and 304 every operation shares, declared
 * once under `components` and referenced, so a generated client sees one type for each.
 */

const ref = (kind: 'headers' | 'responses' | 'schemas', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const text = (description: string) => ({ description, schema: { type: 'string' } });

export const HEADERS = {
  ETag: text('Strong ETag, the SHA-256 of the body in quotes; send it in If-None-Match to get a 304 while the answer is unchanged'),
  'Cache-Control': text('Successes: `private, max-age=<seconds>` (the answer is for the caller\'s key: a shared cache must not give it to others), but `public, max-age=<seconds>` for this document and the form page, which need no key; errors and /healthz: `no-store`'),
  'Content-Language': text('The locale the names are in: the requested one, or the fallback that answered (pt-AO -> pt-PT -> pt -> en)'),
  Vary: text('`Accept-Encoding` (the body may be sent brotli- or gzip-encoded), and `Origin` where only listed origins may read answers'),
  'Data-Release': text('The data release that answered (the `release.id` of GET /v1); every answer comes wholly from one release'),
  'Access-Control-Allow-Origin': text('CORS: `*`, or the request\'s Origin where it is one of the allowed origins (absent otherwise); on errors too'),
  'Access-Control-Expose-Headers': text('CORS: `ETag, Content-Language, WWW-Authenticate, Data-Release`, which a browser script may read'),
  'WWW-Authenticate': text('`Bearer realm="country-reference"`, with `error="invalid_request"` for a malformed Authorization header and `error="invalid_token"` for an unknown key'),
  Allow: text('`GET, HEAD, OPTIONS`: the API is read-only'),
};

/** Headers on every answer, success or error. */
const EVERY = ['Data-Release', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];
export const headerRefs = (names: string[]) => Object.fromEntries(names.map((name) => [name, ref('headers', name)]));

const problem = (description: string, extra: string[] = [], schema: object = ref('schemas', 'Problem')) => ({
  description,
  headers: headerRefs(['Cache-Control', ...extra, ...EVERY]),
  content: { 'application/problem+json': { schema } },
});

/** Response components; `status` is where an operation lists it. */
const RESPONSES = {
  NotModified: {
    status: 304,
    description: 'Not modified: If-None-Match named the current ETag (no body)',
    headers: headerRefs(['ETag', 'Cache-Control', 'Content-Language', 'Vary', ...EVERY]),
  },
  BadRequest: { status: 400, ...problem('`invalid_parameter`: a malformed `locale`, an unknown `view`, a missing or blank `q`, a `limit` out of range, a parameter given twice; `bad_request`: not valid HTTP/1.1') },
  Unauthorized: { status: 401, ...problem('`missing_credentials` (no key) or `invalid_credentials` (malformed header or unknown key); checked before the method, the path and the query', ['WWW-Authenticate']) },
  NotFound: { status: 404, ...problem('`country_not_found`, `subdivision_not_found` (also a code with another country\'s prefix) or `not_found`') },
  MethodNotAllowed: { status: 405, ...problem('`method_not_allowed`: any method but GET, HEAD and OPTIONS', ['Allow']) },
  RequestTimeout: { status: 408, ...problem('`request_timeout`: the request line and headers, or the request, did not arrive in time') },
  Gone: {
    status: 410,
    ...problem('`code_withdrawn`: ISO withdrew this country or subdivision code; `replaced_by` names the codes that took its place, `withdrawn` when', [], {
      allOf: [ref('schemas', 'Problem'), {
        // Problem describes both fields; named again so that generators make them required here.
        required: ['code', 'replaced_by', 'withdrawn'],
        properties: { code: { const: 'code_withdrawn' }, replaced_by: { type: 'array', items: { type: 'string' } }, withdrawn: { type: ['string', 'null'] } },
      }],
    }),
  },
  UriTooLong: { status: 414, ...problem('`uri_too_long`: path and query over 8 KiB') },
  HeadersTooLarge: { status: 431, ...problem('`headers_too_large`: request line and headers over 16 KiB') },
  InternalError: { status: 500, ...problem('`internal_error`: the server failed; the details go to its log, never to the client') },
};
type ResponseName = keyof typeof RESPONSES;

export const responseComponents = () =>
  Object.fromEntries(Object.entries(RESPONSES).map(([name, { status, ...response }]) => [name, response]));

const ALWAYS: ResponseName[] = ['BadRequest', 'MethodNotAllowed', 'RequestTimeout', 'UriTooLong', 'HeadersTooLarge', 'InternalError'];

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
  const errors: ResponseName[] = [...(anonymous ? [] : ['Unauthorized' as const]), ...(codes ? ['NotFound' as const, 'Gone' as const] : []), ...ALWAYS];
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

export const parameter = (name: string, where: 'path' | 'query', description: string, schema: object, required = where === 'path') =>
  ({ name, in: where, required, description, schema });
