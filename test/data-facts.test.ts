import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readDataset } from './helpers/datasets.ts';

const countries = readDataset('countries');
const subdivisions = readDataset('subdivisions');
const postal = readDataset('postal-codes');
const phone = readDataset('phone');
const locales = readDataset('locales');
const country = (code: string) => countries.find((entry) => entry.alpha2 === code)!;
const subdivision = (code: string) => subdivisions.find((entry) => entry.code === code)!;

const facts = suite('data (facts anyone can confirm)');

facts('should give BR its official name in Portuguese', () => {
  assert.is(country('BR').official_name.pt, 'República Federativa do Brasil');
  assert.is(country('BR').official_name.en, 'Federative Republic of Brazil');
});

const TYPES: [string, string][] = [
  ['US-CA', 'State'],
  ['BR-SP', 'State'],
  ['GB-KEC', 'London borough'],
];
for (const [code, type] of TYPES) facts(`should type ${code} as ${type}`, () => assert.is(subdivision(code).type, type));

facts('should place GB-KEC under England', () => assert.is(subdivision('GB-KEC').parent, 'GB-ENG'));

facts('should shape JP postal examples as NNN-NNNN', () => {
  const rule = postal.find((entry) => entry.country === 'JP')!.postal_code!;
  assert.is(rule.format, '###-####');
  assert.match(rule.example, /^\d{3}-\d{4}$/);
});

const CALLING_CODES: [string, string][] = [
  ['BR', '+55'],
  ['US', '+1'],
  ['GB', '+44'],
  ['XK', '+383'],
  ['AQ', '+672'],
];
for (const [code, callingCode] of CALLING_CODES) {
  facts(`should give ${code} the calling code ${callingCode}`, () => assert.is(country(code).calling_code, callingCode));
}

facts('should include XK with names in every locale', () => {
  assert.ok(country('XK'));
  assert.is(country('XK').name.en, 'Kosovo');
  assert.is(Object.keys(country('XK').name).length, locales.locales.length);
});

facts('should support at least 100 locales, each naming at least 95% of countries', () => {
  assert.ok(locales.locales.length >= 100, `${locales.locales.length} locales`);
  for (const { tag } of locales.locales) {
    const named = countries.filter((entry) => entry.name[tag]).length;
    assert.ok(named / countries.length >= 0.95, `${tag}: ${named}`);
  }
});

facts('should resolve regional variants that change names through the right parent', () => {
  const fallbackOf = (tag: string) => locales.locales.find((locale) => locale.tag === tag)?.fallback;
  assert.equal(fallbackOf('pt-PT'), ['pt', 'en']);
  assert.equal(fallbackOf('es-419'), ['es', 'en']);
  assert.is(locales.aliases['zh-tw'], 'zh-Hant');
  assert.equal(fallbackOf('pt-AO'), ['pt-PT', 'pt', 'en']);
  assert.is(locales.aliases['pt-st'], 'pt-PT');
});

facts('should cover every libphonenumber region among our countries, and null the rest', () => {
  assert.is(phone.filter((entry) => entry.numbering_plan).length, 243);
  const withoutPlan = phone
    .filter((entry) => !entry.numbering_plan)
    .map((entry) => entry.country)
    .sort();
  assert.equal(withoutPlan, ['AQ', 'BV', 'GS', 'HM', 'PN', 'TF', 'UM']);
});

facts.run();
