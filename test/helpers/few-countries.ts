/**
 * A copy of data/ cut down to a handful of real countries, for tests that need a real build in seconds
 * rather than the 0.9 GB one: every dataset keeps the entries of those countries (and their subdivisions)
 * as data/ has them, and every locale. The schemas beside the copy are data/'s, but for the minimum counts
 * that hold only for the whole world (250 countries), so the build validates the copy by its own rules.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { canonicalJson, readJson } from '../../build/lib/canonical-json.ts';
import { DATA_DIR } from './paths.ts';

/** Scripts, directions, layouts and subdivision trees of several kinds; XK the build requires. */
export const FEW_COUNTRIES = ['BR', 'CA', 'DE', 'GB', 'JP', 'SA', 'XK'];

const countryOf = (code: unknown): string | undefined => (typeof code === 'string' && /^[A-Z]{2}(-|$)/.test(code) ? code.slice(0, 2) : undefined);

/** Whether an entry of a dataset concerns only the countries kept (an entry naming no country is kept). */
function kept(entry: any, keep: Set<string>): boolean {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return true;
  const lists = [entry.codes, entry.replaced_by].filter(Array.isArray).flat();
  const named = [entry.country, entry.alpha2, entry.code, ...lists].map(countryOf).filter(Boolean);
  return named.every((country) => keep.has(country!));
}

function cut(dataset: any, keep: Set<string>): any {
  if (Array.isArray(dataset)) return dataset.filter((entry) => kept(entry, keep));
  // A dataset of lists (withdrawn codes: countries, subdivisions) is cut list by list.
  if (dataset && typeof dataset === 'object')
    return Object.fromEntries(Object.entries(dataset).map(([key, value]) => [key, Array.isArray(value) ? cut(value, keep) : value]));
  return dataset;
}

/** A schema without the minimum count of its top-level list: the copy lists a few countries, not 250. */
function withoutWorldCount(schema: any): any {
  if (schema.type !== 'array' || schema.minItems === undefined) return schema;
  const { minItems: _minItems, ...rest } = schema;
  return rest;
}

/** Writes the copy into `dir` (a new temp dir when none is given); returns the dir. */
export function fewCountriesData(dir = mkdtempSync(join(tmpdir(), 'country-few-')), countries = FEW_COUNTRIES): string {
  const keep = new Set(countries);
  for (const name of readdirSync(DATA_DIR, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.json')) continue;
    const source = readJson(join(DATA_DIR, name));
    const text = canonicalJson(name.endsWith('.schema.json') ? withoutWorldCount(source) : cut(source, keep));
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

export const removeData = (dir: string): void => rmSync(dir, { recursive: true, force: true });
