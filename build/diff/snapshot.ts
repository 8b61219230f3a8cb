/**
 * What a data release means to API users, reduced to comparable records: countries (with their name
 * in every locale), phone rules, postal rules and subdivisions, keyed by code. Taken either from a
 * built dist (its English files) or from the data/ of a git ref, so any two releases can be compared.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ManifestHead } from '../../contract/manifest.ts';
import { readJson } from '../lib/canonical-json.ts';
import { Localizer } from '../write/localize.ts';
import { Responses } from '../write/responses.ts';
import { formatProblem } from '../validate/problems.ts';
import { validateData } from '../validate/validate-data.ts';

export type Family = 'countries' | 'names' | 'phone' | 'postal_codes' | 'subdivisions';
export type Snapshot = { release: string } & Record<Family, Record<string, unknown>>;

type Fields = Record<string, unknown>;
/** What a snapshot reads of each answer: the codes it keys by and the parts it takes apart; the rest is compared whole. */
interface Answers {
  countries: () => ({ code: string; translations: Record<string, string> } & Fields)[];
  phone: (code: string) => { country: string } & Fields;
  postal: (code: string) => { postal_code: unknown };
  subdivisions: (code: string) => { subdivisions: ({ code: string } & Fields)[] };
}

function fromResponses(release: string, read: Answers): Snapshot {
  const snapshot: Snapshot = { release, countries: {}, names: {}, phone: {}, postal_codes: {}, subdivisions: {} };
  for (const country of read.countries()) {
    const { translations, ...record } = country;
    snapshot.countries[country.code] = record;
    for (const [tag, name] of Object.entries(translations)) snapshot.names[`${country.code}/${tag}`] = name;
    const { country: _, ...phone } = read.phone(country.code);
    snapshot.phone[country.code] = phone;
    snapshot.postal_codes[country.code] = read.postal(country.code).postal_code;
    for (const { code, ...subdivision } of read.subdivisions(country.code).subdivisions) snapshot.subdivisions[code] = subdivision;
  }
  return snapshot;
}

export function snapshotOfDist(dir: string): Snapshot {
  const file = <T>(path: string) => readJson<T>(join(dir, 'v1', path));
  return fromResponses(readJson<ManifestHead>(join(dir, 'manifest.json')).release.id, {
    countries: () => file<{ countries: ReturnType<Answers['countries']> }>('countries.full.json').countries,
    phone: (code) => file(`phone/${code}.json`),
    postal: (code) => file(`postal-code/${code}.json`),
    subdivisions: (code) => file(`subdivisions/${code}.json`),
  });
}

export function snapshotOfData(dataDir: string, label: string): Snapshot {
  const { problems, data } = validateData(dataDir);
  if (!data) throw new Error(`${label}: the data does not pass the gate:\n${problems.map(formatProblem).join('\n')}`);
  const localizer = new Localizer(data.locales);
  const responses = new Responses(data, localizer);
  return fromResponses(label, {
    // The full view: its countries carry their translations.
    countries: () => responses.countryList('en', 'full').countries as ReturnType<Answers['countries']>,
    phone: (code) => responses.phone(code),
    postal: (code) => responses.postalCode(code),
    subdivisions: (code) => responses.subdivisionList(code, 'en'),
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
