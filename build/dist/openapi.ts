/**
 * The OpenAPI 3.1 document (dist/v1/openapi.json), generated from the same response schemas the tests
 * validate every built file with (build/schemas/), so the document cannot drift from the responses.
 */
import { join } from 'node:path';
import fg from 'fast-glob';
import { readJson } from '../lib/canonical-json.ts';
import type { Datasets } from '../validate/validate-data.ts';

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
function responseComponents(): Record<string, unknown> {
  const schemas = fg.sync('*.schema.json', { cwd: RESPONSE_SCHEMAS_DIR }).sort().map((file) => readJson(join(RESPONSE_SCHEMAS_DIR, file)));
  const titles = new Map(schemas.map((schema) => [schema.$id as string, schema.title as string]));
  const components: Record<string, unknown> = {};
  for (const schema of schemas) {
    const { $defs, ...rest } = componentRefs(schema, titles) as Record<string, any>;
    Object.assign(components, $defs);
    if (schema.$id !== 'common.schema.json') components[schema.title] = rest;
  }
  return components;
}

const ERRORS: Record<string, string> = {
  400: 'Invalid parameter (code invalid_parameter)',
  401: 'Missing, malformed or wrong bearer key (codes missing_credentials, invalid_credentials); carries WWW-Authenticate',
  404: 'Unknown country, subdivision or path (codes country_not_found, subdivision_not_found, not_found)',
  405: 'Method other than GET, HEAD or OPTIONS (code method_not_allowed); carries Allow',
  500: 'Unexpected failure (code internal_error); never a stack trace',
};

const parameter = (name: string, where: 'path' | 'query', description: string, schema: object, required = where === 'path') =>
  ({ name, in: where, required, description, schema });

function operation(summary: string, component: string | string[], parameters: object[], localized: boolean) {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const schema = Array.isArray(component) ? { oneOf: component.map(ref) } : ref(component);
  const errors = Object.fromEntries(Object.entries(ERRORS).map(([status, description]) => [status, {
    description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  }]));
  return {
    summary,
    parameters,
    responses: {
      200: {
        description: 'OK',
        headers: {
          ETag: { schema: { type: 'string' }, description: 'Strong ETag: the SHA-256 of the body' },
          ...(localized ? { 'Content-Language': { schema: { type: 'string' }, description: 'The locale used' } } : {}),
        },
        content: { 'application/json': { schema } },
      },
      304: { description: 'Not modified (If-None-Match matched the ETag)' },
      ...errors,
    },
  };
}

export function buildOpenApi(data: Datasets) {
  const tags = data.locales.locales.map((locale: any) => locale.tag);
  const countryCode = parameter('country_code', 'path', 'ISO 3166-1 alpha-2 code (alpha-3 and numeric accepted), case-insensitive', { type: 'string' });
  const locale = parameter('locale', 'query', 'BCP 47 tag (case-insensitive, _ accepted for -), matched by RFC 4647 lookup; English when omitted or unsupported. Malformed: 400.',
    { type: 'string', examples: tags.slice(0, 5) });
  const view = parameter('view', 'query', 'compact (default) or full', { enum: ['compact', 'full'] });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Country Reference API',
      version: 'v1',
      description: `Countries, phone metadata, postal codes, ISO 3166-2 subdivisions and address examples. ${tags.length} supported locales.`,
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths: {
      '/v1': { get: operation('The endpoints, data release, supported locales and upstream versions', 'ApiIndex', [], false) },
      '/v1/countries': { get: operation('List countries (CountryListFull with view=full)', ['CountryList', 'CountryListFull'], [locale, view], true) },
      '/v1/countries/search': {
        get: operation('Search countries by code or name, in any locale, accent- and case-insensitive, tolerating one typo', 'SearchResult', [
          parameter('q', 'query', 'Search text (required, not blank)', { type: 'string', minLength: 1 }, true),
          locale, view,
          parameter('limit', 'query', 'Most results to return', { type: 'integer', minimum: 1, maximum: 250 }),
        ], true),
      },
      '/v1/countries/{country_code}': { get: operation('Get one country', 'Country', [countryCode, locale], true) },
      '/v1/phone/{country_code}': { get: operation('Phone number metadata: patterns, examples and the formats to mask a number as it is typed', 'PhoneMetadata', [countryCode], false) },
      '/v1/postal-code/{country_code}': { get: operation('Postal code metadata', 'PostalCodeMetadata', [countryCode], false) },
      '/v1/subdivisions/{country_code}': { get: operation('List subdivisions of a country', 'SubdivisionList', [countryCode, locale], true) },
      '/v1/subdivisions/{country_code}/{subdivision_code}': {
        get: operation('Get one subdivision', 'Subdivision', [
          countryCode,
          parameter('subdivision_code', 'path', 'ISO 3166-2 code, with or without the country prefix, case-insensitive', { type: 'string' }),
          locale,
        ], true),
      },
      '/v1/address-example/{country_code}': { get: operation('Address example', 'AddressExample', [countryCode], false) },
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY> on every request' } },
      schemas: responseComponents(),
    },
  };
}
