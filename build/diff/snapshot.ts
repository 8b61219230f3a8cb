/**
 * What a data release means to API users, reduced to comparable records: one family per endpoint that
 * answers one thing per code (contract/endpoints.ts: countries, phone, postal-code, subdivisions,
 * address-example, currencies ...), keyed by its code, with the English full view of each, plus the
 * country names in every locale. Taken either from a built dist (its English files) or from the data/
 * of a git ref, so any two releases can be compared; a new endpoint in the table is a new family here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerRest, type Endpoint, ENDPOINTS, type FileEndpointId, pathKinds } from '../../contract/endpoints.ts';
import type { ManifestHead } from '../../contract/manifest.ts';
import type { PathCodes } from '../../contract/path-codes.ts';
import { readJson } from '../lib/canonical-json.ts';
import { ANSWERS, type Codes } from '../write/answers.ts';
import { Localizer } from '../write/localize.ts';
import { pathCodeTables } from '../write/path-codes.ts';
import { Responses } from '../write/responses.ts';
import { formatProblem } from '../validate/problems.ts';
import { validateData } from '../validate/validate-data.ts';

export type Snapshot = { release: string; families: Record<string, Record<string, unknown>> };

type ItemEndpoint = Endpoint & { id: FileEndpointId; answer: { kind: 'file'; rest: string } };

/** The endpoints that answer one thing per code (operation id get...), each with its family's name: its answer's folder. */
export const ITEM_ENDPOINTS = (ENDPOINTS as readonly Endpoint[])
  .filter((endpoint): endpoint is ItemEndpoint => endpoint.id.startsWith('get') && endpoint.answer.kind === 'file' && pathKinds(endpoint).length > 0)
  .map((endpoint) => ({ endpoint, family: endpoint.answer.rest.split('/')[0] }));

/** The family of the country names per locale (the full list's translations). */
export const NAMES = 'names';
export const FAMILIES = [...ITEM_ENDPOINTS.map(({ family }) => family), NAMES];

/** Every combination of canonical codes an endpoint answers (a subdivision under its country). */
function codesOf(endpoint: Endpoint, tables: Record<string, PathCodes>): Codes[] {
  return pathKinds(endpoint).reduce<Codes[]>(
    (partial, kind) =>
      partial.flatMap((codes) => (tables[kind.name].codes[kind.scope ? codes[kind.scope] : ''] ?? []).map((code) => ({ ...codes, [kind.name]: code }))),
    [{}],
  );
}

interface Source {
  release: string;
  tables: Record<string, PathCodes>;
  body: (endpoint: ItemEndpoint, codes: Codes) => unknown;
  translations: () => { code: string; translations: Record<string, string> }[];
}

function snapshotFrom(source: Source): Snapshot {
  const families: Snapshot['families'] = Object.fromEntries(FAMILIES.map((family) => [family, {}]));
  for (const { endpoint, family } of ITEM_ENDPOINTS) {
    const last = pathKinds(endpoint).at(-1)!.name;
    for (const codes of codesOf(endpoint, source.tables)) families[family][codes[last]] = source.body(endpoint, codes);
  }
  for (const country of source.translations()) for (const [tag, name] of Object.entries(country.translations)) families[NAMES][`${country.code}/${tag}`] = name;
  return { release: source.release, families };
}

export function snapshotOfDist(dir: string): Snapshot {
  const head = readJson<ManifestHead>(join(dir, 'manifest.json'));
  const file = <T>(rest: string) => readJson<T>(join(dir, 'v1', rest));
  return snapshotFrom({
    release: head.release.id,
    tables: head.path_codes,
    // The English answer is the default locale's, at v1/ itself.
    body: (endpoint, codes) => file(answerRest(endpoint.answer, codes, 'full')),
    translations: () => file<{ countries: ReturnType<Source['translations']> }>('countries.full.json').countries,
  });
}

export function snapshotOfData(dataDir: string, label: string): Snapshot {
  const { problems, data } = validateData(dataDir);
  if (!data) throw new Error(`${label}: the data does not pass the gate:\n${problems.map(formatProblem).join('\n')}`);
  const responses = new Responses(data, new Localizer(data.locales));
  return snapshotFrom({
    release: label,
    tables: pathCodeTables(data),
    body: (endpoint, codes) => ANSWERS[endpoint.id](responses, codes, 'en', 'full'),
    translations: () => responses.countryList('en', 'full').countries as ReturnType<Source['translations']>,
  });
}

/** A built dist directory, a data directory, or a git ref (whose data/ is checked out into a temp dir). */
export function snapshotOf(source: string, cwd: string): Snapshot {
  if (existsSync(join(source, 'manifest.json'))) return snapshotOfDist(source);
  if (existsSync(join(source, 'countries.json'))) return snapshotOfData(source, source);
  const temp = mkdtempSync(join(tmpdir(), 'country-diff-'));
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', source, 'data'], { cwd, maxBuffer: 2 ** 30 });
    execFileSync('tar', ['-x', '-C', temp], { input: archive });
    return snapshotOfData(join(temp, 'data'), source);
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr;
    if (stderr) throw new Error(`${source} is neither a dist, a data folder nor a git ref with data/: ${stderr}`);
    throw error;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
