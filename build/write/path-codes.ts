/**
 * Each kind of path code's table (contract/path-codes.ts) from the data: the canonical codes, every
 * spelling a request may use, the codes ISO withdrew and the codes people use that ISO does not assign.
 * The manifest carries these tables (`path_codes`); every tier resolves a path code from them.
 */
import type { PathCodeKindName, PathCodes } from '../../contract/path-codes.ts';
import type { WithdrawnCode } from '../../contract/problems.ts';
import type { Datasets } from '../types/datasets.ts';

/** Lower-case alpha-2, alpha-3 and numeric codes -> canonical alpha-2. */
function countrySpellings(data: Datasets): Record<string, string> {
  const spellings: Record<string, string> = {};
  for (const country of data.countries) {
    for (const code of [country.alpha2, country.alpha3, country.numeric]) spellings[code.toLowerCase()] = country.alpha2;
  }
  return spellings;
}

/**
 * A former country under each of its codes that no current country has (BY and 180 are Belarus's and
 * DR Congo's now), the latest holder where two share one (CS).
 */
function withdrawnCountries(data: Datasets, current: Record<string, string>): Record<string, WithdrawnCode> {
  const withdrawn: Record<string, WithdrawnCode> = {};
  const byDate = [...data['withdrawn-codes'].countries].sort((a, b) => (a.withdrawn < b.withdrawn ? -1 : 1));
  for (const former of byDate) {
    for (const code of [former.alpha2, former.alpha3, former.numeric].filter((given) => given !== null)) {
      if (current[code.toLowerCase()]) continue;
      withdrawn[code.toLowerCase()] = { code: former.alpha2, name: former.name, withdrawn: former.withdrawn, replaced_by: former.replaced_by };
    }
  }
  return withdrawn;
}

function countries(data: Datasets): PathCodes {
  const spellings = countrySpellings(data);
  return {
    codes: { '': data.countries.map((country) => country.alpha2).sort() },
    spellings,
    withdrawn: withdrawnCountries(data, spellings),
    hints: Object.fromEntries(data['curated/code-hints'].map(({ code, name, use }) => [code.toLowerCase(), { code, name, use }])),
  };
}

/** A subdivision code's spellings within its country: with and without the prefix (`br/br-sp`, `br/sp`). */
const subdivisionSpellings = (code: string) => {
  const country = code.slice(0, code.indexOf('-')).toLowerCase();
  return [`${country}/${code.toLowerCase()}`, `${country}/${code.slice(country.length + 1).toLowerCase()}`];
};

function subdivisions(data: Datasets): PathCodes {
  const codes: Record<string, string[]> = {};
  const spellings: Record<string, string> = {};
  for (const subdivision of data.subdivisions) {
    (codes[subdivision.country] ??= []).push(subdivision.code);
    for (const spelling of subdivisionSpellings(subdivision.code)) spellings[spelling] = subdivision.code;
  }
  for (const list of Object.values(codes)) list.sort();
  // A code ISO gave out again is the current subdivision's.
  const withdrawn: Record<string, WithdrawnCode> = {};
  for (const former of data['withdrawn-codes'].subdivisions) {
    const entry = { code: former.code, name: former.name, withdrawn: former.withdrawn, replaced_by: former.replaced_by };
    for (const spelling of subdivisionSpellings(former.code)) if (!spellings[spelling]) withdrawn[spelling] = entry;
  }
  return { codes, spellings, withdrawn, hints: {} };
}

/**
 * The currencies in use on the record date; a code no country uses any more answers 410 with what
 * replaced it, where and when it was last tender (the latest of its countries' last days).
 */
function currencies(data: Datasets): PathCodes {
  const current = data.currencies.currencies.map((currency) => currency.code).sort();
  const withdrawn: Record<string, WithdrawnCode> = {};
  for (const historic of data.currencies.historic) {
    const last = historic.used_in.reduce((latest, use) => (use.until > latest ? use.until : latest), '');
    withdrawn[historic.code.toLowerCase()] = {
      code: historic.code,
      name: historic.names.en?.name ?? historic.code,
      withdrawn: last || null,
      replaced_by: [...new Set(historic.used_in.flatMap((use) => (use.replaced_by ? [use.replaced_by.code] : [])))].sort(),
      standard: 'ISO 4217',
    };
  }
  return { codes: { '': current }, spellings: Object.fromEntries(current.map((code) => [code.toLowerCase(), code])), withdrawn, hints: {} };
}

/** Each kind's table from the data: one entry per kind of contract/path-codes.ts. */
export const PATH_CODE_TABLES: Record<PathCodeKindName, (data: Datasets) => PathCodes> = {
  country: countries,
  subdivision: subdivisions,
  currency: currencies,
};

export const pathCodeTables = (data: Datasets): Record<string, PathCodes> =>
  Object.fromEntries(Object.entries(PATH_CODE_TABLES).map(([kind, table]) => [kind, table(data)]));
