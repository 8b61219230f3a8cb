/**
 * i18n-iso-countries: ISO 3166-1 codes and community-kept country names in about 80 languages.
 * Compared: every country's alpha-3 and numeric code, countries either side lacks, and each name it
 * gives in a locale we support, which must be one of the names we hold for that locale (common,
 * ISO short, official or a CLDR alternative).
 */
import countries from 'i18n-iso-countries';
import type { Comparison, Disagreement } from '../references.ts';
import type { Datasets } from '../validate-data.ts';

const REFERENCE = 'i18n-iso-countries';

/** Every name a reader may meet for a country in one locale, as our data holds them. */
export function namesIn(country: any, tag: string): Set<string> {
  return new Set<string>([
    country.name[tag], country.iso_name?.[tag], country.official_name?.[tag], ...(country.alternative_names[tag] ?? []),
  ].filter(Boolean));
}

export function compareWithI18nIsoCountries(data: Datasets): Comparison {
  const ours = new Map<string, any>(data.countries.map((country: any) => [country.alpha2, country]));
  const supported = new Set<string>(data.locales.locales.map((locale: any) => locale.tag));
  const disagreements: Disagreement[] = [];
  let compared = 0;
  const theirCodes = countries.getAlpha2Codes();
  for (const code of new Set([...ours.keys(), ...Object.keys(theirCodes)])) {
    const country = ours.get(code);
    compared++;
    if (!country || !theirCodes[code]) {
      disagreements.push({ key: `${code}/exists`, ours: Boolean(country), theirs: Boolean(theirCodes[code]) });
      continue;
    }
    const codes = { alpha3: countries.alpha2ToAlpha3(code), numeric: countries.alpha2ToNumeric(code) };
    for (const [field, theirs] of Object.entries(codes)) {
      compared++;
      if (country[field] !== theirs) disagreements.push({ key: `${code}/${field}`, ours: country[field], theirs });
    }
  }
  for (const tag of countries.langs().filter((language) => supported.has(language)).sort()) {
    const names = countries.getNames(tag, { select: 'all' });
    for (const [code, theirs] of Object.entries(names).sort()) {
      const country = ours.get(code);
      if (!country) continue;
      compared++;
      const held = namesIn(country, tag);
      if (!theirs.some((name) => held.has(name.normalize('NFC')))) {
        disagreements.push({ key: `${code}/name/${tag}`, ours: country.name[tag] ?? null, theirs });
      }
    }
  }
  return { reference: REFERENCE, compared, disagreements };
}
