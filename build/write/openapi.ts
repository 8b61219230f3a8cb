/**
 * The OpenAPI 3.1 document (dist/v1/openapi.json): an operation per entry of the endpoint table
 * (contract/endpoints.ts), with the same response schemas the tests validate every built file with
 * (build/schemas/), so the document cannot drift from the routes or the responses.
 */
import { join } from 'node:path';
import fg from 'fast-glob';
import { readJson } from '../lib/canonical-json.ts';
import type { Datasets } from '../types/datasets.ts';
import { ENDPOINTS, openApiPath, pathKinds, type Endpoint } from '../../contract/endpoints.ts';
import { PARAMETERS } from '../../contract/params.ts';
import { HEADERS, headerRefs, operation, parameter, responseComponents } from './openapi-http.ts';

export const RESPONSE_SCHEMAS_DIR = join(import.meta.dirname, '..', 'schemas');

/** `x.schema.json` -> `X` component name (its title); `common.schema.json#/$defs/Flag` -> `Flag`. */
function componentRefs(node: unknown, titles: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => componentRefs(item, titles));
  if (!node || typeof node !== 'object') return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      const [file, pointer] = value.split('#');
      const name = pointer ? pointer.split('/').pop()! : titles.get(file)!;
      result.$ref = `#/components/schemas/${name}`;
    } else if (key !== '$id' && key !== '$schema') {
      result[key] = componentRefs(value, titles);
    }
  }
  return result;
}

/** Each schema file is a component named by its title; the `$defs` of any file are components of their own. */
function schemaComponents(): Record<string, unknown> {
  const schemas = fg
    .sync('*.schema.json', { cwd: RESPONSE_SCHEMAS_DIR })
    .sort()
    .map((file) => readJson<{ $id: string; title: string }>(join(RESPONSE_SCHEMAS_DIR, file)));
  const titles = new Map(schemas.map((schema) => [schema.$id, schema.title]));
  const components: Record<string, unknown> = {};
  for (const schema of schemas) {
    const { $defs, ...rest } = componentRefs(schema, titles) as { $defs?: Record<string, unknown> };
    Object.assign(components, $defs);
    if (schema.$id !== 'common.schema.json') components[schema.title] = rest;
  }
  return components;
}

/**
 * The answers are data, under the licences of the upstreams they come from: each upstream's data
 * licence (the first identifier of its entry: the address package's code is BSD, its data CC BY 4.0).
 */
function dataLicence(upstreams: Datasets['upstreams']) {
  const identifiers = [...new Set(upstreams.map((upstream) => upstream.licence.split(/[ ;]/)[0] as string))];
  const credits = upstreams.map((upstream) => `${upstream.name} ${upstream.version} (${[upstream.licence, upstream.attribution].filter(Boolean).join('; ')})`);
  return {
    license: { name: 'Data under the licences of its sources; attribution required (CC BY 4.0)', identifier: identifiers.join(' AND ') },
    credits: `Data from ${credits.join('; ')}. Hand-curated values name their own sources.`,
  };
}

/** An endpoint of the table as an OpenAPI operation: its path codes and query parameters, its body per view. */
function endpointOperation(endpoint: Endpoint, tags: string[]) {
  const parameters = [
    ...pathKinds(endpoint).map((kind) => parameter(kind.param, 'path', kind.description, { type: 'string' })),
    ...endpoint.query.map((name) =>
      parameter(
        name,
        'query',
        PARAMETERS[name].description,
        name === 'locale' ? { ...PARAMETERS[name].schema, examples: tags.slice(0, 5) } : PARAMETERS[name].schema,
        name === 'q',
      ),
    ),
  ];
  return operation({
    operationId: endpoint.id,
    summary: endpoint.summary,
    body: typeof endpoint.body === 'string' ? endpoint.body : { byView: endpoint.body },
    parameters,
    localized: endpoint.answer.kind === 'search' || endpoint.answer.localized,
    codes: pathKinds(endpoint).length > 0,
  });
}

export function buildOpenApi(data: Datasets) {
  const tags = data.locales.locales.map((locale) => locale.tag);
  const { license, credits } = dataLicence(data.upstreams);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Country Reference API',
      version: 'v1',
      description:
        `Countries, phone metadata, postal codes, ISO 3166-2 subdivisions and address examples. ${tags.length} supported locales. ` +
        'Every operation is GET (HEAD answers the same without a body); OPTIONS answers CORS preflights without a key. ' +
        `Lists are ordered by name as a reader of the locale sorts it. ${credits}`,
      license,
    },
    // A generator takes the server's default; a client sets `origin` to wherever it is served.
    servers: [
      {
        url: '{origin}',
        variables: {
          origin: { default: 'http://127.0.0.1:3000', description: "Where the API is served: npm start's gateway (the default), nginx, the edge or a CDN" },
        },
      },
    ],
    security: [{ bearer: [] }],
    paths: {
      '/healthz': {
        get: {
          operationId: 'getHealth',
          summary: 'Whether the gateway is up, and the release it serves (no key needed)',
          security: [],
          responses: {
            200: {
              description: 'OK',
              headers: headerRefs(['Cache-Control', 'Data-Release', 'Access-Control-Allow-Origin']),
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
            },
          },
        },
      },
      '/v1': {
        get: operation({ operationId: 'getApiIndex', summary: 'The endpoints, data release, supported locales and upstream versions', body: 'ApiIndex' }),
      },
      '/v1/openapi.json': {
        get: operation({
          operationId: 'getOpenApi',
          summary: 'This document (no key needed)',
          anonymous: true,
          body: { type: 'object', description: 'An OpenAPI 3.1 document' },
        }),
      },
      ...Object.fromEntries((ENDPOINTS as readonly Endpoint[]).map((endpoint) => [openApiPath(endpoint), { get: endpointOperation(endpoint, tags) }])),
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer <API_KEY> on every request but /healthz, /v1/openapi.json and CORS preflights',
        },
      },
      headers: HEADERS,
      responses: responseComponents(),
      schemas: schemaComponents(),
    },
  };
}
