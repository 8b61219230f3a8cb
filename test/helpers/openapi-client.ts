/**
 * A client of the API as its users would make one: TypeScript types generated from a built
 * `v1/openapi.json` by openapi-typescript (pinned in devDependencies), and client code written against
 * them, type-checked by tsc. `generateTypes` writes `<dir>/api.d.ts`; client files beside it import
 * `./api.js` (and may import build/page/*.js by absolute path, as `CLIENT` does).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

const bin = (pkg: string, path: string) => join(ROOT, 'node_modules', pkg, path);

/** Generates `<dir>/api.d.ts` from an OpenAPI document with openapi-typescript's CLI; returns its path. */
export function generateTypes(openapiPath: string, dir: string): string {
  const out = join(dir, 'api.d.ts');
  execFileSync(process.execPath, [bin('openapi-typescript', 'bin/cli.js'), openapiPath, '--output', out], { stdio: 'pipe' });
  return out;
}

/**
 * Runs tsc (strict, ES modules, the DOM's fetch) over `files` of `dir`; returns its diagnostics,
 * empty when they type-check.
 */
export function typeCheck(dir: string, files: string[]): string {
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM'],
        types: [],
        allowJs: true,
        skipLibCheck: false,
      },
      files,
    }),
  );
  try {
    execFileSync(process.execPath, [bin('typescript', 'bin/tsc'), '-p', dir], { stdio: 'pipe', encoding: 'utf8' });
    return '';
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

/**
 * A small client: typed GETs by operationId, a phone field masked with build/page/phone-format.js from
 * the typed phone answer, a country picker from the compact list, and the 410's successors.
 */
export const CLIENT = `
import type { components, operations } from './api.js';
import { formatPhoneInput } from '${join(ROOT, 'build', 'page', 'phone-format.js')}';

type Body<Id extends keyof operations> = operations[Id]['responses'][200]['content']['application/json'];
type Problem = components['schemas']['Problem'];

export async function get<Id extends keyof operations>(base: string, key: string | null, path: string): Promise<Body<Id>> {
  const response = await fetch(new URL(path, base), { headers: key === null ? {} : { Authorization: \`Bearer \${key}\` } });
  if (!response.ok) throw new Error(((await response.json()) as Problem).code);
  return (await response.json()) as Body<Id>;
}

export async function phoneField(base: string, key: string, country: string, typed: string): Promise<{ text: string; valid: boolean }> {
  const { text, valid } = formatPhoneInput(await get<'getPhone'>(base, key, \`/v1/phone/\${country}\`), typed);
  return { text, valid };
}

export async function countryPicker(base: string, key: string, locale: string): Promise<string[]> {
  const list = await get<'listCountries'>(base, key, \`/v1/countries?locale=\${locale}\`);
  if (list.view !== 'compact') throw new Error('asked for the compact view');
  return list.countries.map((country) => \`\${country.flag.emoji} \${country.name} \${country.calling_code ?? ''}\`);
}

/** The full view, its type narrowed by the answer's view: no cast. */
export async function officialNames(base: string, key: string, locale: string): Promise<string[]> {
  const list = await get<'listCountries'>(base, key, \`/v1/countries?locale=\${locale}&view=full\`);
  if (list.view !== 'full') throw new Error('asked for the full view');
  return list.countries.map((country) => \`\${country.code} \${country.name.official}\`);
}

export async function searchFull(base: string, key: string, q: string): Promise<string | undefined> {
  const answer = await get<'searchCountries'>(base, key, \`/v1/countries/search?q=\${encodeURIComponent(q)}&view=full&limit=1\`);
  return answer.view === 'full' ? answer.countries[0]?.name.official : undefined;
}

export function successors(gone: components['responses']['Gone']['content']['application/problem+json']): { codes: string[]; since: string | null } {
  return { codes: gone.replaced_by, since: gone.withdrawn };
}

export const health = (base: string) => get<'getHealth'>(base, null, '/healthz').then((body) => body.release);
`;

/**
 * Every operation called through the client's typed `get`, against the gateway at argv[2] with the
 * key argv[3] (the document and /healthz without one); prints { operationId: body } as JSON.
 */
export const CALLS = `
import type { operations } from './api.js';
import { get, officialNames, phoneField, searchFull } from './client.mjs';

// Run by Node; type-checked with the DOM's types only.
declare const process: { argv: string[]; stdout: { write: (text: string) => void } };
const [base, key] = process.argv.slice(2);
const answers: { [Id in keyof operations]: unknown } & { phoneField: unknown; officialNames: unknown; searchFull: unknown } = {
  listCountries: await get<'listCountries'>(base, key, '/v1/countries?locale=de&view=compact'),
  getCountry: await get<'getCountry'>(base, key, '/v1/countries/jpn?locale=ja'),
  searchCountries: await get<'searchCountries'>(base, key, '/v1/countries/search?q=brasil&locale=pt&limit=3'),
  getPhone: await get<'getPhone'>(base, key, '/v1/phone/BR'),
  getPostalCode: await get<'getPostalCode'>(base, key, '/v1/postal-code/GB'),
  listSubdivisions: await get<'listSubdivisions'>(base, key, '/v1/subdivisions/US?locale=de'),
  getSubdivision: await get<'getSubdivision'>(base, key, '/v1/subdivisions/BR/sp'),
  getAddressExample: await get<'getAddressExample'>(base, key, '/v1/address-example/JP'),
  listCurrencies: await get<'listCurrencies'>(base, key, '/v1/currencies?locale=en-CA'),
  getCurrency: await get<'getCurrency'>(base, key, '/v1/currencies/eur?locale=bg'),
  getApiIndex: await get<'getApiIndex'>(base, key, '/v1'),
  getOpenApi: await get<'getOpenApi'>(base, null, '/v1/openapi.json'),
  getHealth: await get<'getHealth'>(base, null, '/healthz'),
  phoneField: await phoneField(base, key, 'BR', '11961234567'),
  officialNames: (await officialNames(base, key, 'fr')).filter((line) => line.startsWith('DE ')),
  searchFull: await searchFull(base, key, 'brasil'),
};
process.stdout.write(JSON.stringify(answers));
`;
