/** Maps a dist file to the response schema that must validate it (build/schemas). */
import type { ValidateFunction } from 'ajv';
import { join } from 'node:path';
import { compiled, loadSchemas } from '../../build/lib/schemas.ts';
import { ROOT } from './paths.ts';

const RULES: [RegExp, string][] = [
  [/^v1\/index\.json$/, 'api-index'],
  [/^v1\/(_locale\/[^/]+\/)?countries\.json$/, 'country-list'],
  [/^v1\/(_locale\/[^/]+\/)?countries\.full\.json$/, 'country-list-full'],
  [/^v1\/(_locale\/[^/]+\/)?countries\/[A-Z]{2}\.json$/, 'country'],
  [/^v1\/phone\/[A-Z]{2}\.json$/, 'phone'],
  [/^v1\/postal-code\/[A-Z]{2}\.json$/, 'postal-code'],
  [/^v1\/address-example\/[A-Z]{2}\.json$/, 'address-example'],
  [/^v1\/(_locale\/[^/]+\/)?subdivisions\/[A-Z]{2}\.json$/, 'subdivision-list'],
  [/^v1\/(_locale\/[^/]+\/)?subdivisions\/[A-Z]{2}\/[A-Z]{2}-[A-Z0-9]+\.json$/, 'subdivision'],
];
const INTERNAL = new Set(['v1/openapi.json', 'v1/_search/index.json', 'v1/_cdn/nginx.conf']);
/** The form page's files (HTML, CSS, JavaScript, its words per language, whose data the data gate checks): test/browser-form.test.ts checks them in a browser. */
const PAGE = /^page\/[a-z-]+\.(?:html|css|js)$|^page\/words(?:\.[A-Za-z-]+)?\.json$/;

const ajv = loadSchemas(join(ROOT, 'build', 'schemas'));

/** The validator for a dist path, null for the internal files and the page's, or an error for an unexpected path. */
export function responseValidator(path: string): ValidateFunction | null {
  if (INTERNAL.has(path) || PAGE.test(path)) return null;
  const rule = RULES.find(([pattern]) => pattern.test(path));
  if (!rule) throw new Error(`no response schema for ${path}`);
  return compiled(ajv, `${rule[1]}.schema.json`);
}

export function responseSchemaValidator(name: string): ValidateFunction {
  return compiled(ajv, `${name}.schema.json`);
}
