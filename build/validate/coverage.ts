/** The coverage summary printed when the gate passes: what the release contains, counted. */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { canonicalPostalCode } from '../lib/postal-input.ts';
import type { Datasets } from '../types/datasets.ts';

const POSTAL_SAMPLE = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'postal-codes-sample.json');

/** How many of the real published postcodes in the test sample the rules accept (the tests want 99%). */
function postalSampleLine(data: Datasets): string {
  const sample = readJson<{ codes: Record<string, string[]> }>(POSTAL_SAMPLE).codes;
  const rules = new Map(data['postal-codes'].map((entry) => [entry.country, entry.postal_code]));
  const codes = Object.entries(sample).flatMap(([country, list]) => list.map((code) => [country, code]));
  const accepted = codes.filter(([country, code]) => {
    const rule = rules.get(country);
    return rule && canonicalPostalCode(rule, code) !== null;
  }).length;
  const ranges = data['curated/postal-code-rules'].filter((entry) => entry.range_edges).length;
  return `  postal sample  ${accepted} of ${codes.length} real codes accepted (${Object.keys(sample).length} countries); ${ranges} published ranges held`;
}

/** The record datasets (currencies, zones, languages, capitals, conventions), per country. */
function recordLines(data: Datasets): string[] {
  const { currencies, languages, capitals, conventions } = data;
  const zones = data['time-zones'];
  const withCapital = capitals.filter((entry) => entry.capitals);
  return [
    `  currencies     ${currencies.countries.filter((entry) => entry.currencies.length).length} countries with one in use on ${currencies.as_of} (${currencies.countries.filter((entry) => entry.currencies.length > 1).length} with two), ${currencies.currencies.length} codes, ${currencies.historic.length} historic`,
    `  time zones     ${zones.countries.filter((entry) => entry.zones.length).length} countries, ${zones.zones.length} zones (tzdata ${zones.tzdata}), ${zones.metazones.length} metazones`,
    `  languages      ${languages.countries.filter((entry) => entry.languages.length).length} countries with an official language, ${languages.names.length} languages`,
    `  capitals       ${capitals.length} countries curated: ${withCapital.length} with a capital (${withCapital.filter((entry) => entry.capitals!.length > 1).length} split), ${capitals.length - withCapital.length} without`,
    `  conventions    ${conventions.length} countries`,
  ];
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

export function coverageSummary(data: Datasets): string {
  const countries = data.countries;
  const tags: string[] = data.locales.locales.map((locale) => locale.tag);
  const namedShare = tags.map((tag) => countries.filter((country) => country.name[tag]).length / countries.length);
  const weakest = tags[namedShare.indexOf(Math.min(...namedShare))];
  const officialTranslated = countries.filter((country) => Object.keys(country.official_name).length > 1).length;
  const phone = data.phone;
  const plans = phone.filter((entry) => entry.numbering_plan);
  const postal = data['postal-codes'].filter((entry) => entry.postal_code);
  const subdivisions = data.subdivisions;
  const subdivisionTranslations = subdivisions.reduce((sum, subdivision) => sum + Object.keys(subdivision.name).length - 1, 0);
  const addresses = data.addresses.filter((entry) => entry.example);
  const lines = [
    'validate: the data passes every rule',
    `  countries      ${countries.length} (XK included), ${countries.filter((country) => country.calling_code).length} with a calling code, ${countries.filter((country) => country.region).length} with a region`,
    `  locales        ${tags.length} supported; countries named in each: at least ${percent(Math.min(...namedShare) * countries.length, countries.length)} (weakest: ${weakest})`,
    `  ISO names      ${countries.filter((country) => country.iso_name).length} short names, ${officialTranslated} official names translated into at least one locale`,
    `  phone          ${plans.length} numbering plans, ${plans.filter((entry) => entry.examples?.mobile).length} mobile and ${plans.filter((entry) => entry.examples?.fixed_line).length} fixed-line examples; ${phone.length - plans.length} without a plan of their own`,
    `  postal codes   ${postal.length} countries with rules (${postal.filter((entry) => entry.postal_code?.local_name).length} with a local name), ${countries.length - postal.length} without postal codes`,
    postalSampleLine(data),
    `  subdivisions   ${subdivisions.length} codes in ${new Set(subdivisions.map((subdivision) => subdivision.country)).size} countries, ${subdivisions.filter((subdivision) => subdivision.parent).length} with a parent, ${subdivisionTranslations} translations`,
    `  addresses      ${addresses.length} of ${countries.length} countries, ${addresses.filter((entry) => entry.example?.street).length} with a street`,
    ...recordLines(data),
  ];
  return lines.join('\n');
}
