/**
 * `npm run import`: regenerates every dataset in data/ from the pinned upstreams and the curated files
 * in data/curated/, in canonical form, so that re-running it on the same versions changes nothing.
 */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { writeCanonicalJson } from './lib/canonical-json.ts';
import { debianVersion, type IsoCountry, isoCodesVersion, packageVersion, readIsoCodes } from './lib/upstream.ts';
import { importAddresses } from './import/import-addresses.ts';
import { dropCommunityCountryNames } from './import/community-names.ts';
import { hunspellJudge } from './lib/dictionary-words.ts';
import { importCountries, territoryContainment } from './import/import-countries.ts';
import { importCapitals } from './import/import-capitals.ts';
import { importConventions } from './import/import-conventions.ts';
import { importCountryLanguages } from './import/import-country-languages.ts';
import { importCurrencies } from './import/import-currencies.ts';
import { chainsOf } from './import/fallback-prune.ts';
import { importLanguages } from './import/import-languages.ts';
import { importLocales } from './import/import-locales.ts';
import { importPhone } from './import/import-phone.ts';
import { importPostalCodes } from './import/import-postal-codes.ts';
import { importReadings } from './import/import-readings.ts';
import { importSubdivisions } from './import/import-subdivisions.ts';
import { importTimeZones } from './import/import-time-zones.ts';
import { recordDate } from './import/record-date.ts';
import { importUnservedLocaleNames } from './import/import-unserved-names.ts';
import { importWithdrawnCountries } from './import/import-withdrawn.ts';
import { IsoRenames } from './import/iso-renames.ts';
import { NameOverrides } from './import/name-overrides.ts';
import { CuratedSubdivisionNames } from './import/subdivision-names.ts';
import { OtherScriptNames } from './import/other-script-names.ts';
import { sourcesMarkdown, UPSTREAMS } from './import/sources.ts';

const dataDir = join(import.meta.dirname, '..', 'data');
// `--out DIR` writes the generated datasets elsewhere (curated inputs are still read from data/), so a
// test can prove that a re-import reproduces the committed data byte for byte.
const outIndex = process.argv.indexOf('--out');
const outDir = outIndex > 0 ? process.argv[outIndex + 1] : dataDir;

function checkPinnedVersions(): void {
  for (const upstream of UPSTREAMS) {
    const installed =
      upstream.kind === 'npm' ? packageVersion(upstream.name) : upstream.name === 'iso-codes' ? isoCodesVersion() : debianVersion(upstream.name);
    if (installed !== upstream.version) {
      throw new Error(
        `${upstream.name}: installed ${installed}, pinned ${upstream.version}. Install the pinned version or update the pin in build/import/sources.ts.`,
      );
    }
  }
}

async function step<T>(label: string, run: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`  ${label.padEnd(14)} ${Math.round(performance.now() - started)} ms`);
  return result;
}

checkPinnedVersions();
console.log('import: reading pinned upstreams');
const isoCountryCodes = readIsoCodes<IsoCountry>('3166-1').map((entry) => entry.alpha_2);
const curatedCodes = ['XK'];
const countryCodes = [...isoCountryCodes, ...curatedCodes].sort();
const regionCodes = [...new Set(territoryContainment().values())];

const locales = await step('locales', () => importLocales([...countryCodes, ...regionCodes]));
const overrides = new NameOverrides(dataDir);
const otherScripts = new OtherScriptNames();
const renames = new IsoRenames(dataDir);
const { countries, regions, formerNames } = await step('countries', () => importCountries(dataDir, locales, overrides, { renames, otherScripts }));
const spelling = hunspellJudge();
const droppedNames = await step('checks', () =>
  dropCommunityCountryNames(dataDir, countries, {
    locales: locales.locales.map((locale) => locale.tag),
    overrides,
    unknownWords: spelling.unknownWords,
  }),
);
const unservedNames = await step('more names', () => importUnservedLocaleNames(countries, new Set(locales.locales.map((locale) => locale.tag))));
const countryLanguages = await step('languages', () => importCountryLanguages(countryCodes));
const readings = await step('readings', () => importReadings(dataDir, countries));
const callingCodes = new Map(countries.map((country) => [country.alpha2, country.calling_code]));
const phone = await step('phone', () => importPhone(dataDir, countryCodes, callingCodes));
const postalCodes = await step('postal codes', () => importPostalCodes(dataDir, countryCodes));
const curatedSubdivisionNames = new CuratedSubdivisionNames(dataDir);
const {
  subdivisions,
  withdrawn: withdrawnSubdivisions,
  dropped: droppedSubdivisionNames,
} = await step('subdivisions', () => importSubdivisions(dataDir, locales, overrides, curatedSubdivisionNames, otherScripts));
overrides.checkAllApplied();
curatedSubdivisionNames.checkAllApplied();
const addresses = await step('addresses', () => importAddresses(dataDir, countryCodes, subdivisions));
const asOf = recordDate(dataDir);
const chains = chainsOf(locales.locales);
const currencies = await step('currencies', () => importCurrencies(countryCodes, chains, asOf));
const timeZones = await step('time zones', () => importTimeZones(dataDir, countryCodes, chains, asOf));
const languages = await step('languages+', () => importLanguages(countryCodes, chains));
const conventions = await step('conventions', () => importConventions(countryCodes));
const capitals = await step('capitals', () => importCapitals(dataDir, countryCodes, chains));
const withdrawn = await step('withdrawn', () => ({ countries: importWithdrawnCountries(dataDir, new Set(countryCodes)), subdivisions: withdrawnSubdivisions }));

writeCanonicalJson(join(outDir, 'locales.json'), locales);
writeCanonicalJson(join(outDir, 'countries.json'), countries);
writeCanonicalJson(join(outDir, 'regions.json'), regions);
writeCanonicalJson(join(outDir, 'former-names.json'), formerNames);
writeCanonicalJson(join(outDir, 'dropped-names.json'), [...droppedNames, ...droppedSubdivisionNames]);
writeCanonicalJson(join(outDir, 'spelling.json'), spelling.verdicts());
writeCanonicalJson(join(outDir, 'unserved-locale-names.json'), unservedNames);
writeCanonicalJson(join(outDir, 'country-languages.json'), countryLanguages);
writeCanonicalJson(join(outDir, 'name-readings.json'), readings);
writeCanonicalJson(join(outDir, 'phone.json'), phone.entries);
writeCanonicalJson(join(outDir, 'postal-codes.json'), postalCodes);
writeCanonicalJson(join(outDir, 'subdivisions.json'), subdivisions);
writeCanonicalJson(join(outDir, 'addresses.json'), addresses);
writeCanonicalJson(join(outDir, 'withdrawn-codes.json'), withdrawn);
writeCanonicalJson(join(outDir, 'currencies.json'), currencies);
writeCanonicalJson(join(outDir, 'time-zones.json'), timeZones);
writeCanonicalJson(join(outDir, 'languages.json'), languages);
writeCanonicalJson(join(outDir, 'conventions.json'), conventions);
writeCanonicalJson(join(outDir, 'capitals.json'), capitals);
writeCanonicalJson(join(outDir, 'upstreams.json'), UPSTREAMS);
writeFileSync(join(outDir, 'SOURCES.md'), sourcesMarkdown());
for (const line of otherScripts.summary()) console.log(`  names not in their locale's script, dropped: ${line}`);
console.log(
  `  community names dropped (a check failed; data/dropped-names.json): ${droppedNames.length} of countries, ${droppedSubdivisionNames.length} of subdivisions`,
);
for (const [where, change] of renames.dropped) console.log(`  former name dropped: ${where}: ${change}`);
console.log(
  `import: wrote ${countries.length} countries, ${locales.locales.length} locales, ${subdivisions.length} subdivisions, ` +
    `${phone.entries.filter((entry) => entry.numbering_plan).length} numbering plans (${phone.droppedFixedLine} fixed-line examples dropped: ` +
    `libphonenumber-js disagrees), ${postalCodes.filter((entry) => entry.postal_code).length} postal-code rules, ` +
    `${addresses.filter((entry) => entry.example).length} address examples`,
);
