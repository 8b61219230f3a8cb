/** Maps a dist file to the response schema that must validate it (build/schemas), from the endpoint table. */
import type { ValidateFunction } from 'ajv';
import { join } from 'node:path';
import fg from 'fast-glob';
import { readJson } from '../../build/lib/canonical-json.ts';
import { compiled, loadSchemas } from '../../build/lib/schemas.ts';
import { ENDPOINTS, type Endpoint } from '../../contract/endpoints.ts';
import { VIEWS } from '../../contract/params.ts';
import { ROOT } from './paths.ts';

const SCHEMAS_DIR = join(ROOT, 'build', 'schemas');
const ajv = loadSchemas(SCHEMAS_DIR);
/** A response schema's file by its title (the name the endpoint table and OpenAPI give it). */
const FILE_BY_TITLE = new Map(fg.sync('*.schema.json', { cwd: SCHEMAS_DIR }).map((file) => [readJson<{ title: string }>(join(SCHEMAS_DIR, file)).title, file]));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Each file-backed answer's files, as a pattern over dist keys, with the title of the schema of its view. */
const RULES: [RegExp, string][] = [[/^v1\/index\.json$/, 'ApiIndex']];
for (const endpoint of ENDPOINTS as readonly Endpoint[]) {
  const { answer, body } = endpoint;
  if (answer.kind !== 'file') continue;
  for (const view of endpoint.query.includes('view') ? VIEWS : (['compact'] as const)) {
    const rest = typeof answer.rest === 'string' ? answer.rest : answer.rest[view];
    const pattern = escaped(rest).replace(/\\\{[a-z]+\\\}/g, '[A-Z0-9]+(?:-[A-Z0-9]+)?');
    RULES.push([new RegExp(`^v1/${answer.localized ? '(?:_locale/[^/]+/)?' : ''}${pattern}$`), typeof body === 'string' ? body : body[view]]);
  }
}
const INTERNAL = new Set(['v1/openapi.json', 'v1/_search/index.json', 'v1/_cdn/nginx.conf']);
/** The form page's files (HTML, CSS, JavaScript, its words per language, whose data the data gate checks): test/browser-form.test.ts checks them in a browser. */
const PAGE = /^page\/[a-z-]+\.(?:html|css|js)$|^page\/words(?:\.[A-Za-z-]+)?\.json$/;

/** The validator of the response schema titled `title` (`Country`) or in the file `name` (`country`). */
export function responseSchemaValidator(name: string): ValidateFunction {
  return compiled(ajv, FILE_BY_TITLE.get(name) ?? `${name}.schema.json`);
}

/** The validator for a dist path, null for the internal files and the page's, or an error for an unexpected path. */
export function responseValidator(path: string): ValidateFunction | null {
  if (INTERNAL.has(path) || PAGE.test(path)) return null;
  const rule = RULES.find(([pattern]) => pattern.test(path));
  if (!rule) throw new Error(`no response schema for ${path}`);
  return responseSchemaValidator(rule[1]);
}
