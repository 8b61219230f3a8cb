/** Cross-dataset rules of the data gate (docs/data-gate.md). Each returns every breach it finds. */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { canonicalPostalCode, fitsMask, postalMask } from '../lib/postal-input.ts';
import { Problems, type Problem } from './problems.ts';
import type { Country, Datasets } from '../types/datasets.ts';

const REQUIRED_COUNTRIES = ['XK'];

function flagOf(code: string): string {
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

function checkUnique(problems: Problems, values: (string | null)[], label: string): void {
  const seen = new Map<string, number>();
  values.forEach((value, index) => {
    if (value === null) return;
    if (seen.has(value)) problems.add(`/${index}`, `duplicate ${label} ${value} (also at /${seen.get(value)})`);
    else seen.set(value, index);
  });
}

/** Every per-country dataset has exactly one entry per country, in code order. */
export function checkOneEntryPerCountry(problems: Problems, entries: { country: string }[], countryCodes: string[]): void {
  checkUnique(
    problems,
    entries.map((entry) => entry.country),
    'country',
  );
  const present = new Set(entries.map((entry) => entry.country));
  for (const code of countryCodes) if (!present.has(code)) problems.add('', `no entry for country ${code}`);
  entries.forEach((entry, index) => {
    if (!countryCodes.includes(entry.country)) problems.add(`/${index}/country`, `unknown country ${entry.country}`);
  });
}

function checkLocaleKeys(problems: Problems, supported: Set<string>, map: Record<string, unknown> | null, pointer: string): void {
  for (const tag of Object.keys(map ?? {})) {
    if (!supported.has(tag)) problems.add(`${pointer}/${tag}`, `locale ${tag} is not a supported locale (data/locales.json)`);
  }
}

/** Two countries with the same name in one locale: at least one name is wrong (a catalogue gave one country's name to another). */
function checkDistinctNames(problems: Problems, countries: Country[], field: 'name' | 'official_name' | 'iso_name'): void {
  const seen = new Map<string, string>();
  for (const country of countries) {
    for (const [tag, text] of Object.entries<string>(country[field] ?? {})) {
      const other = seen.get(`${tag}\0${text}`);
      if (other)
        problems.add(`/${countries.indexOf(country)}/${field}/${tag}`, `${country.alpha2} and ${other} share the ${field} ${JSON.stringify(text)} in ${tag}`);
      else seen.set(`${tag}\0${text}`, country.alpha2);
    }
  }
}

export function checkCountries(data: Datasets): Problem[] {
  const problems = new Problems('data/countries.json');
  const countries = data.countries;
  const supported = new Set<string>(data.locales.locales.map((locale) => locale.tag));
  const regionCodes = new Set(data.regions.map((region) => region.code));
  checkUnique(
    problems,
    countries.map((country) => country.alpha2),
    'alpha2',
  );
  checkUnique(
    problems,
    countries.map((country) => country.alpha3),
    'alpha3',
  );
  checkUnique(
    problems,
    countries.map((country) => country.numeric),
    'numeric',
  );
  for (const code of REQUIRED_COUNTRIES) {
    if (!countries.some((country) => country.alpha2 === code)) problems.add('', `country ${code} is missing`);
  }
  countries.forEach((country, index) => {
    const at = `/${index}`;
    if (country.flag !== flagOf(country.alpha2)) problems.add(`${at}/flag`, `flag of ${country.alpha2} must be ${flagOf(country.alpha2)}`);
    for (const key of ['region', 'subregion'] as const) {
      if (country[key] !== null && !regionCodes.has(country[key])) problems.add(`${at}/${key}`, `${key} ${country[key]} is not in data/regions.json`);
    }
    checkLocaleKeys(problems, supported, country.name, `${at}/name`);
    checkLocaleKeys(problems, supported, country.official_name, `${at}/official_name`);
    checkLocaleKeys(problems, supported, country.alternative_names, `${at}/alternative_names`);
  });
  for (const field of ['name', 'official_name', 'iso_name'] as const) checkDistinctNames(problems, countries, field);
  for (const locale of data.locales.locales) {
    for (const tag of locale.fallback) {
      if (!supported.has(tag)) problems.add('', `fallback ${tag} of locale ${locale.tag} is not supported`);
    }
  }
  return problems.list;
}

export function checkPhone(data: Datasets): Problem[] {
  const problems = new Problems('data/phone.json');
  const countries = data.countries;
  checkOneEntryPerCountry(
    problems,
    data.phone,
    countries.map((country) => country.alpha2),
  );
  data.phone.forEach((entry, index) => {
    const at = `/${index}`;
    const country = countries.find((candidate) => candidate.alpha2 === entry.country);
    if (country && country.calling_code !== entry.calling_code) {
      problems.add(`${at}/calling_code`, `${entry.calling_code} differs from the country's calling code ${country.calling_code}`);
    }
    if (!entry.numbering_plan) {
      if (entry.patterns || entry.example || entry.examples) problems.add(at, `${entry.country} has no numbering plan: patterns and examples must be null`);
      return;
    }
    if (!entry.patterns) return problems.add(`${at}/patterns`, `${entry.country} has a numbering plan but no patterns`);
    const national = new RegExp(entry.patterns.national);
    const examples = [
      ['example', entry.example],
      ['examples/mobile', entry.examples?.mobile],
      ['examples/fixed_line', entry.examples?.fixed_line],
    ] as const;
    for (const [path, example] of examples) {
      if (!example) continue;
      const where = `${at}/${path}`;
      const parsed = parsePhoneNumberFromString(example.e164);
      if (!parsed) {
        problems.add(`${where}/e164`, `${example.e164} does not parse`);
        continue;
      }
      if (!parsed.isValid()) problems.add(`${where}/e164`, `${example.e164} is not a valid number`);
      if (`+${parsed.countryCallingCode}` !== entry.calling_code) {
        problems.add(`${where}/e164`, `${example.e164} does not start with ${entry.calling_code}`);
        continue;
      }
      const nationalNumber = example.e164.slice(entry.calling_code.length);
      if (!national.test(nationalNumber)) problems.add(`${where}/e164`, `national number ${nationalNumber} does not match the national pattern`);
      if (!entry.patterns.possible_lengths.includes(nationalNumber.length)) {
        problems.add(
          `${where}/e164`,
          `national number ${nationalNumber} has ${nationalNumber.length} digits, not one of the possible lengths ${entry.patterns.possible_lengths.join(', ')}`,
        );
      }
      const digits = (text: string) => text.replace(/\D/g, '');
      if (digits(example.international) !== digits(example.e164))
        problems.add(`${where}/international`, `${example.international} is not the same number as ${example.e164}`);
    }
  });
  return problems.list;
}

export function checkPostalCodes(data: Datasets): Problem[] {
  const problems = new Problems('data/postal-codes.json');
  checkOneEntryPerCountry(
    problems,
    data['postal-codes'],
    data.countries.map((country) => country.alpha2),
  );
  data['postal-codes'].forEach((entry, index) => {
    const rule = entry.postal_code;
    if (!rule) return;
    const at = `/${index}/postal_code`;
    const pattern = new RegExp(rule.pattern);
    if (!rule.examples.includes(rule.example)) problems.add(`${at}/example`, `example ${rule.example} is not among the examples`);
    rule.examples.forEach((example: string, position: number) => {
      const where = `${at}/examples/${position}`;
      if (!pattern.test(example)) problems.add(where, `${entry.country} example ${example} does not match ${rule.pattern}`);
      // The canonical form is a fixed point of the input forms, whatever case it is typed in.
      for (const typed of [example, example.toLowerCase()]) {
        const canonical = canonicalPostalCode(rule, typed);
        if (canonical !== example) problems.add(where, `${entry.country} input forms turn "${typed}" into ${canonical ?? 'nothing'}, not ${example}`);
      }
      if (!rule.formats.some((mask: string) => fitsMask(example, mask)))
        problems.add(where, `${entry.country} example ${example} fits none of the formats ${rule.formats.join(', ')}`);
    });
    if (postalMask(rule.example) !== rule.format)
      problems.add(`${at}/format`, `format ${rule.format} does not describe the example ${rule.example} (${postalMask(rule.example)})`);
  });
  return problems.list;
}

export function checkSubdivisions(data: Datasets): Problem[] {
  const problems = new Problems('data/subdivisions.json');
  const subdivisions = data.subdivisions;
  const supported = new Set<string>(data.locales.locales.map((locale) => locale.tag));
  const countryCodes = new Set(data.countries.map((country) => country.alpha2));
  const codes = new Map(subdivisions.map((subdivision) => [subdivision.code, subdivision]));
  checkUnique(
    problems,
    subdivisions.map((subdivision) => subdivision.code),
    'subdivision code',
  );
  subdivisions.forEach((subdivision, index) => {
    const at = `/${index}`;
    if (!countryCodes.has(subdivision.country)) problems.add(`${at}/country`, `unknown country ${subdivision.country}`);
    if (!subdivision.code.startsWith(`${subdivision.country}-`))
      problems.add(`${at}/code`, `${subdivision.code} does not start with its country code ${subdivision.country}-`);
    if (subdivision.parent !== null) {
      const parent = codes.get(subdivision.parent);
      if (!parent) problems.add(`${at}/parent`, `parent ${subdivision.parent} of ${subdivision.code} does not exist`);
      else if (parent.country !== subdivision.country)
        problems.add(`${at}/parent`, `parent ${subdivision.parent} of ${subdivision.code} is in another country`);
    }
    checkLocaleKeys(problems, supported, subdivision.name, `${at}/name`);
  });
  return problems.list;
}

/** Withdrawn codes point at codes that exist now, and a withdrawn subdivision code is not also current. */
export function checkWithdrawnCodes(data: Datasets): Problem[] {
  const problems = new Problems('data/withdrawn-codes.json');
  const countryCodes = new Set(data.countries.map((country) => country.alpha2));
  const subdivisionCodes = new Set(data.subdivisions.map((subdivision) => subdivision.code));
  const withdrawn = data['withdrawn-codes'];
  withdrawn.countries.forEach((entry, index) => {
    for (const code of entry.replaced_by) {
      if (!countryCodes.has(code)) problems.add(`/countries/${index}/replaced_by`, `${entry.alpha4} is replaced by ${code}, which is no current country code`);
    }
  });
  checkUnique(
    problems,
    withdrawn.subdivisions.map((entry) => entry.code),
    'withdrawn subdivision code',
  );
  withdrawn.subdivisions.forEach((entry, index) => {
    const at = `/subdivisions/${index}`;
    if (subdivisionCodes.has(entry.code)) problems.add(`${at}/code`, `${entry.code} is withdrawn and current at once`);
    for (const code of entry.replaced_by) {
      if (!subdivisionCodes.has(code) && !countryCodes.has(code))
        problems.add(`${at}/replaced_by`, `${entry.code} is replaced by ${code}, which is no current code`);
    }
  });
  return problems.list;
}
