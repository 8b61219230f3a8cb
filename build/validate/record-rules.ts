/**
 * Gate for the record datasets: each covers every country once; the codes and zones it names are
 * listed (a currency in use under currencies, a historic one's successor, a country's zones under
 * zones), while that they are ISO's and tzdata's is the reference gate's (references/iso-4217.ts,
 * tzdata.ts), so the build needs no Debian package; and every text per locale is written in the locale's script, and a word equal to the English one under another locale is
 * the one CLDR gives that locale ("Euro" in German), not an English copy: English reaches a reader of
 * another language only through the fallback chain, which the responses mark with the locale that
 * supplied it.
 */
import { foreignLetters } from '../lib/locale-script.ts';
import { type CldrLongNames, timeZoneNames } from '../lib/cldr-dates.ts';
import { languageNames } from '../lib/cldr-names.ts';
import { currencyWordsOf } from '../lib/cldr-numbers.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

function checkCoverage(problems: Problems, entries: { country: string }[], pointer: string, countries: string[]): void {
  const seen = new Map(entries.map((entry, index) => [entry.country, index]));
  if (seen.size !== entries.length) problems.add(pointer, 'a country is listed twice');
  for (const country of countries) if (!seen.has(country)) problems.add(pointer, `${country} is missing (list it, with an empty list where it has none)`);
  for (const [country, index] of seen) if (!countries.includes(country)) problems.add(`${pointer}/${index}`, `${country} is no current country`);
}

/** Every text of a per-locale map in its locale's script; `texts` picks the words to check from an entry. */
function checkScripts<T>(
  problems: Problems,
  pointer: string,
  label: string,
  perLocale: Record<string, T>,
  served: Set<string>,
  texts: (value: T) => string[],
): void {
  for (const [tag, value] of Object.entries(perLocale)) {
    if (!served.has(tag)) {
      problems.add(`${pointer}/${tag}`, `${label}: ${tag} is not a served locale`);
      continue;
    }
    for (const text of texts(value)) {
      const foreign = foreignLetters(text, tag);
      if (foreign)
        problems.add(
          `${pointer}/${tag}`,
          `${label} ${JSON.stringify(text)} is not written in ${tag}'s script (letters ${JSON.stringify(foreign)}): drop it so ${tag}'s fallback applies`,
        );
    }
  }
}

/** CLDR's own words of a locale, read only when a value equal to the English one needs confirming. */
function cached<T>(read: (tag: string) => T): (tag: string) => T {
  const files = new Map<string, T>();
  return (tag) => {
    if (!files.has(tag)) files.set(tag, read(tag));
    return files.get(tag)!;
  };
}
const currencyWords = cached(currencyWordsOf);
const languages = cached(languageNames);
const zoneNames = cached(timeZoneNames);
const cldrCurrencyName = (tag: string, code: string): string | undefined => currencyWords(tag)![code]?.displayName;
const cldrLanguageName = (tag: string, language: string): string | undefined => languages(tag)![language];
const cldrMetazoneNames = (tag: string, metazone: string): CldrLongNames | undefined => zoneNames(tag)!.metazone![metazone]?.long;

/** A non-English locale's text equal to the English one must be what CLDR gives that locale. */
function checkEnglishCopies<T>(
  problems: Problems,
  pointer: string,
  label: string,
  perLocale: Record<string, T>,
  text: (value: T) => string | undefined,
  own: (tag: string) => string | undefined,
): void {
  const english = perLocale.en === undefined ? undefined : text(perLocale.en);
  if (english === undefined) return;
  for (const [tag, value] of Object.entries(perLocale)) {
    if (tag === 'en' || tag.startsWith('en-') || text(value) !== english) continue;
    if (own(tag) !== english)
      problems.add(
        `${pointer}/${tag}`,
        `${label} ${JSON.stringify(english)} under ${tag} is the English word, which CLDR does not give ${tag}: drop it so ${tag}'s fallback applies, marked`,
      );
  }
}

const wordsOf = (words: { name: string; plural?: Record<string, string> }) => [words.name, ...Object.values(words.plural ?? {})];
const zoneNamesOf = (names: Record<string, string>) => Object.values(names);
const asText = (text: string) => [text];

export function checkRecord(data: Datasets): Problem[] {
  const countries = data.countries.map((country) => country.alpha2);
  const served = new Set<string>(data.locales.locales.map((locale) => locale.tag));

  const currencies = new Problems('data/currencies.json');
  checkCoverage(currencies, data.currencies.countries, '/countries', countries);
  const current = new Map(data.currencies.currencies.map((currency) => [currency.code, currency]));
  const known = new Set([...current.keys(), ...data.currencies.historic.map((historic) => historic.code)]);
  data.currencies.countries.forEach((entry, index) =>
    entry.currencies.forEach((currency, position) => {
      if (!current.get(currency.code)?.countries.includes(entry.country))
        currencies.add(
          `/countries/${index}/currencies/${position}`,
          `${entry.country} uses ${currency.code}, which /currencies does not list with ${entry.country}`,
        );
    }),
  );
  data.currencies.currencies.forEach((currency, index) => {
    checkScripts(currencies, `/currencies/${index}/names`, `${currency.code} name`, currency.names, served, wordsOf);
    checkEnglishCopies(
      currencies,
      `/currencies/${index}/names`,
      `${currency.code} name`,
      currency.names,
      (words) => words.name,
      (tag) => cldrCurrencyName(tag, currency.code),
    );
    if (!currency.names.en) currencies.add(`/currencies/${index}/names`, `${currency.code} has no English name`);
  });
  data.currencies.historic.forEach((historic, index) => {
    if (current.has(historic.code)) currencies.add(`/historic/${index}`, `${historic.code} is both in use and historic`);
    historic.used_in.forEach((use, position) => {
      if (use.replaced_by && !known.has(use.replaced_by.code))
        currencies.add(`/historic/${index}/used_in/${position}`, `${historic.code} is replaced by ${use.replaced_by.code}, which is no currency listed`);
    });
    checkScripts(currencies, `/historic/${index}/names`, `${historic.code} name`, historic.names, served, wordsOf);
  });

  const zones = new Problems('data/time-zones.json');
  checkCoverage(zones, data['time-zones'].countries, '/countries', countries);
  const listed = new Set(data['time-zones'].zones.map((zone) => zone.id));
  data['time-zones'].countries.forEach((entry, index) =>
    entry.zones.forEach((zone, position) => {
      if (!listed.has(zone)) zones.add(`/countries/${index}/zones/${position}`, `${entry.country} names ${zone}, which /zones does not list`);
    }),
  );
  data['time-zones'].zones.forEach((zone, index) => {
    checkScripts(zones, `/zones/${index}/exemplar_city`, `${zone.id} exemplar city`, zone.exemplar_city, served, asText);
    checkScripts(zones, `/zones/${index}/names`, `${zone.id} name`, zone.names, served, zoneNamesOf);
  });
  data['time-zones'].metazones.forEach((metazone, index) => {
    checkScripts(zones, `/metazones/${index}/names`, `${metazone.id} name`, metazone.names, served, zoneNamesOf);
    checkEnglishCopies(
      zones,
      `/metazones/${index}/names`,
      `${metazone.id} name`,
      metazone.names,
      (names) => names.generic ?? names.standard,
      (tag) => {
        const own = cldrMetazoneNames(tag, metazone.id);
        return own?.generic ?? own?.standard;
      },
    );
  });

  const languages = new Problems('data/languages.json');
  checkCoverage(languages, data.languages.countries, '/countries', countries);
  data.languages.names.forEach((language, index) => {
    checkScripts(languages, `/names/${index}/names`, `${language.language} name`, language.names, served, asText);
    // A tag with a script is named by the locale's pattern, not looked up whole: only whole names are checked.
    if (!language.language.includes('-'))
      checkEnglishCopies(
        languages,
        `/names/${index}/names`,
        `${language.language} name`,
        language.names,
        (name) => name,
        (tag) => cldrLanguageName(tag, language.language),
      );
  });

  const conventions = new Problems('data/conventions.json');
  checkCoverage(conventions, data.conventions, '', countries);

  const capitals = new Problems('data/capitals.json');
  checkCoverage(capitals, data.capitals, '', countries);
  data.capitals.forEach((entry, index) => {
    entry.capitals?.forEach((capital, position) =>
      checkScripts(capitals, `/${index}/capitals/${position}/name`, `${entry.country} capital ${capital.name.en}`, capital.name, served, asText),
    );
    if (
      entry.capitals &&
      entry.capitals.length > 1 &&
      entry.capitals.some((capital) => capital.role === 'capital') &&
      entry.capitals.filter((capital) => capital.role === 'capital').length > 1
    ) {
      capitals.add(`/${index}/capitals`, `${entry.country} has two cities with the role capital: give each its own role`);
    }
  });
  return [...currencies.list, ...zones.list, ...languages.list, ...conventions.list, ...capitals.list];
}
