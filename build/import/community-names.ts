/**
 * Drops the community names of countries.json that fail a check (build/lib/country-name-checks.ts),
 * so the locale's fallback chain answers, unless data/curated/name-check-exceptions.json reviews
 * them as right. Which sources are community is data: data/curated/source-trust.json. What is
 * dropped is written to data/dropped-names.json, which `npm run validate` counts per locale and check.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { countryNameFailures, type CheckedField, type NameFailure } from '../lib/country-name-checks.ts';
import type { NameOverrides } from './name-overrides.ts';

interface Trust {
  source: string;
  trust: 'authoritative' | 'community';
  fields: string[];
  locales: '*' | string[];
}
interface Exception {
  code: string;
  field: string;
  locale: string;
  value: string;
  check: string;
  reason: string;
}

/** The source every translated official and ISO short name comes from, unless an override cites another. */
const CATALOGUES = 'iso-codes';

export function exceptionKey(entry: { code: string; field: string; locale: string; value: string; check: string }): string {
  return [entry.code, entry.field, entry.locale, entry.value, entry.check].join('\0');
}

/** Whether data/curated/source-trust.json calls `source` community for the field in the locale. */
export function isCommunitySource(trust: Trust[], source: string, field: string, locale: string): boolean {
  return trust.some(
    (level) =>
      level.source === source && level.trust === 'community' && level.fields.includes(field) && (level.locales === '*' || level.locales.includes(locale)),
  );
}

export function dropCommunityCountryNames(dataDir: string, countries: any[], locales: string[], overrides: NameOverrides) {
  const trust: Trust[] = readJson(join(dataDir, 'curated', 'source-trust.json'));
  const exceptions: Exception[] = readJson(join(dataDir, 'curated', 'name-check-exceptions.json'));
  const reviewed = new Set(exceptions.map(exceptionKey));
  const isCommunity = (code: string, field: CheckedField, locale: string) =>
    isCommunitySource(trust, CATALOGUES, field, locale) && !overrides.curatedLocales(code, field).has(locale);
  const failures = countryNameFailures(countries, locales, { isCommunity }).filter((failure) => !reviewed.has(exceptionKey(failure)));
  for (const failure of failures) delete countries.find((country) => country.alpha2 === failure.code)[failure.field][failure.locale];
  const dropped = failures
    .map((failure: NameFailure) => ({ ...failure, source: CATALOGUES }))
    .sort((a, b) => a.code.localeCompare(b.code) || a.field.localeCompare(b.field) || a.locale.localeCompare(b.locale));
  return dropped;
}
