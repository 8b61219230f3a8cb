/**
 * world-countries (mledoze/countries): codes, calling codes, and common and official names in
 * English and 22 other languages (their Serbian is in Latin script). Compared: alpha-3 and numeric codes; the calling code (theirs is
 * root + suffix where a country has one suffix; NANP members and others with many are compared by
 * root); each English and translated name, which must be one of ours for that locale; the currencies
 * in use (as a set of codes) and, where ours is curated, the capitals (as a set of English names).
 * ODbL: compared in the gate only, never served.
 */
import worldCountries from 'world-countries';
import type { Comparison } from '../references.ts';
import { comparing } from './comparing.ts';
import type { Datasets } from '../../types/datasets.ts';
import { namesIn } from './i18n-iso-countries.ts';

const REFERENCE = 'world-countries';

type Names = { common: string; official: string };
interface WorldCountry {
  cca2: string;
  cca3: string;
  ccn3: string;
  idd: { root: string; suffixes: string[] };
  name: Names;
  translations: Record<string, Names>;
  capital: string[];
  currencies: Record<string, unknown>;
}
const countries = worldCountries as unknown as WorldCountry[];

/** Their translation keys (ISO 639-3) -> our locale tags. */
const LOCALES: Record<string, string> = {
  ara: 'ar',
  ces: 'cs',
  deu: 'de',
  est: 'et',
  fin: 'fi',
  fra: 'fr',
  hrv: 'hr',
  hun: 'hu',
  ita: 'it',
  jpn: 'ja',
  kor: 'ko',
  nld: 'nl',
  per: 'fa',
  pol: 'pl',
  por: 'pt',
  rus: 'ru',
  slk: 'sk',
  spa: 'es',
  srp: 'sr-Latn',
  swe: 'sv',
  tur: 'tr',
  urd: 'ur',
  zho: 'zh',
};

function callingCodeOf(idd: { root: string; suffixes: string[] }): string | null {
  if (!idd.root) return null;
  return idd.suffixes.length === 1 ? `${idd.root}${idd.suffixes[0]}` : idd.root;
}

export function compareWithWorldCountries(data: Datasets): Comparison {
  const ours = new Map(data.countries.map((country) => [country.alpha2, country]));
  const currencies = new Map(data.currencies.countries.map((entry) => [entry.country, entry.currencies.map((currency) => currency.code).sort()]));
  const capitals = new Map(data.capitals.map((entry) => [entry.country, (entry.capitals ?? []).map((capital) => capital.name.en).sort()]));
  const theirs = new Map(countries.map((country) => [country.cca2, country]));
  const { comparison, check: compare } = comparing(REFERENCE);
  const check = (key: string, our: unknown, their: unknown, agree = our === their) => compare(key, our ?? null, their ?? null, agree);
  for (const code of [...new Set([...ours.keys(), ...theirs.keys()])].sort()) {
    const country = ours.get(code);
    const reference = theirs.get(code);
    if (!country || !reference) {
      check(`${code}/exists`, Boolean(country), Boolean(reference));
      continue;
    }
    check(`${code}/alpha3`, country.alpha3, reference.cca3);
    check(`${code}/numeric`, country.numeric, reference.ccn3 || null);
    const calling = callingCodeOf(reference.idd);
    check(
      `${code}/calling_code`,
      country.calling_code,
      calling,
      reference.idd.suffixes.length === 1 ? country.calling_code === calling : Boolean(country.calling_code?.startsWith(calling ?? '\0')),
    );
    const sorted = (list: string[]) => [...list].sort();
    check(
      `${code}/currencies`,
      currencies.get(code),
      sorted(Object.keys(reference.currencies ?? {})),
      JSON.stringify(currencies.get(code)) === JSON.stringify(sorted(Object.keys(reference.currencies ?? {}))),
    );
    if (capitals.has(code))
      check(
        `${code}/capitals`,
        capitals.get(code),
        sorted(reference.capital ?? []),
        JSON.stringify(capitals.get(code)) === JSON.stringify(sorted(reference.capital ?? [])),
      );
    const names: [string, Names][] = [
      ['en', reference.name],
      ...Object.entries(reference.translations)
        .filter(([language]) => LOCALES[language])
        .map(([language, text]) => [LOCALES[language], text] as [string, Names]),
    ];
    for (const [tag, text] of names) {
      const held = namesIn(country, tag);
      check(`${code}/name/${tag}`, country.name[tag], text.common, held.has(text.common));
      check(`${code}/official_name/${tag}`, country.official_name[tag] ?? null, text.official, held.has(text.official));
    }
  }
  return comparison;
}
