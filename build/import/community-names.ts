/**
 * Drops the community names of countries.json that fail a check (build/lib/country-name-checks.ts),
 * so the locale's fallback chain answers, unless data/curated/name-check-exceptions.json reviews
 * them as right. Which sources are community is data: data/curated/source-trust.json. What is
 * dropped is written to data/dropped-names.json, which `npm run validate` counts per locale and check.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { type CheckedField, type CountryRecord, countryNameFailures, type NameFailure } from '../lib/country-name-checks.ts';
import type { UnknownWords } from '../lib/dictionary-words.ts';
import type { NameOverrides } from './name-overrides.ts';
import { CATALOGUES, exceptionKey, isCommunitySource, type SourceTrust } from '../lib/source-trust.ts';

interface Exception {
  code: string;
  field: string;
  locale: string;
  value: string;
  check: string;
  reason: string;
}

interface DropOptions {
  locales: string[];
  overrides: NameOverrides;
  unknownWords: UnknownWords;
}

export function dropCommunityCountryNames(dataDir: string, countries: CountryRecord[], { locales, overrides, unknownWords }: DropOptions) {
  const trust: SourceTrust[] = readJson(join(dataDir, 'curated', 'source-trust.json'));
  const exceptions: Exception[] = readJson(join(dataDir, 'curated', 'name-check-exceptions.json'));
  const reviewed = new Set(exceptions.map(exceptionKey));
  const isCommunity = (code: string, field: CheckedField, locale: string) =>
    isCommunitySource(trust, CATALOGUES, field, locale) && !overrides.curatedLocales(code, field).has(locale);
  const failures = countryNameFailures(countries, locales, { isCommunity, unknownWords }).filter((failure) => !reviewed.has(exceptionKey(failure)));
  for (const failure of failures) {
    const names = countries.find((country) => country.alpha2 === failure.code)?.[failure.field];
    if (names) delete names[failure.locale];
  }
  const dropped = failures
    .map((failure: NameFailure) => ({ ...failure, source: CATALOGUES }))
    .sort((a, b) => a.code.localeCompare(b.code) || a.field.localeCompare(b.field) || a.locale.localeCompare(b.locale));
  return dropped;
}
