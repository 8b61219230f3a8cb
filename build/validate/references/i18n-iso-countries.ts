/**
 * i18n-iso-countries: ISO 3166-1 codes and community-kept country names in about 80 languages.
 * Compared: every country's alpha-3 and numeric code, countries either side lacks, and each name it
 * gives in a locale we support, which must be one of the names we hold for that locale (common,
 * ISO short, official or a CLDR alternative).
 */
import countries from 'i18n-iso-countries';
import type { Comparison } from '../references.ts';
import { comparing } from './comparing.ts';
import type { Country, Datasets } from '../../types/datasets.ts';

const REFERENCE = 'i18n-iso-countries';

/** Every name a reader may meet for a country in one locale, as our data holds them. */
export function namesIn(country: Country, tag: string): Set<string> {
  return new Set(
    [country.name[tag], country.iso_name?.[tag], country.official_name[tag], ...(country.alternative_names[tag] ?? [])].filter((name): name is string =>
      Boolean(name),
    ),
  );
}

export function compareWithI18nIsoCountries(data: Datasets): Comparison {
  const ours = new Map(data.countries.map((country) => [country.alpha2, country]));
  const supported = new Set<string>(data.locales.locales.map((locale) => locale.tag));
  const { comparison, check } = comparing(REFERENCE);
  const theirCodes = countries.getAlpha2Codes();
  for (const code of new Set([...ours.keys(), ...Object.keys(theirCodes)])) {
    const country = ours.get(code);
    check(`${code}/exists`, Boolean(country), Boolean(theirCodes[code]), Boolean(country && theirCodes[code]));
    if (!country || !theirCodes[code]) continue;
    const codes = { alpha3: countries.alpha2ToAlpha3(code), numeric: countries.alpha2ToNumeric(code) };
    for (const field of ['alpha3', 'numeric'] as const) check(`${code}/${field}`, country[field], codes[field], country[field] === codes[field]);
  }
  for (const tag of countries
    .langs()
    .filter((language) => supported.has(language))
    .sort()) {
    const names = countries.getNames(tag, { select: 'all' });
    for (const [code, theirs] of Object.entries(names).sort()) {
      const country = ours.get(code);
      if (!country) continue;
      const held = namesIn(country, tag);
      check(
        `${code}/name/${tag}`,
        country.name[tag] ?? null,
        theirs,
        theirs.some((name) => held.has(name.normalize('NFC'))),
      );
    }
  }
  return comparison;
}
