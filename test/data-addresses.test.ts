import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { namesTheCity } from '../build/dist/address-lines.ts';
import { Localizer } from '../build/dist/localize.ts';
import { Responses } from '../build/dist/responses.ts';
import { canonicalPostalCode } from '../build/lib/postal-input.ts';
import { validateData } from '../build/validate/validate-data.ts';
import { DATA_DIR } from './helpers/paths.ts';

const { data } = validateData(DATA_DIR);
const responses = new Responses(data!, new Localizer(data!.locales));
const subdivisions = new Map<string, any>(data!.subdivisions.map((subdivision: any) => [subdivision.code, subdivision]));
const postal = new Map<string, any>(data!['postal-codes'].map((entry: any) => [entry.country, entry.postal_code]));

/** Places with no named streets to write: uninhabited, a research station or base, or streets without names. */
const NO_STREETS = ['AQ', 'BV', 'FM', 'GS', 'HM', 'IO', 'KI', 'MH', 'NR', 'NU', 'PN', 'PW', 'TF', 'TK', 'TV', 'UM', 'WF'];
/** Places that have named streets, for whose example no street could yet be confirmed from a source (issue 15). */
const STREET_UNCONFIRMED = ['AI', 'AS', 'BL', 'BT', 'CC', 'EH', 'MS', 'SJ', 'TD'];
/** Official names whose parentheses are part of the name, not a gloss of it. */
const NAMES_WITH_PARENTHESES = ['Cocos (Keeling) Islands'];
/** Place lines as the institution writes them in the country's address language, once glossed in English. */
const PLACES: [country: string, place: string][] = [
  ['AO', 'Banco Nacional de Angola'],
  ['AQ', 'United States Antarctic Program'],
  ['AR', 'Casa Rosada'],
  ['BE', 'Chancellerie du Premier Ministre'],
  ['BR', 'Palácio do Planalto'],
  ['DE', 'Deutscher Bundestag'],
  ['FO', 'Løgmansskrivstovan'],
];

/** The text each layout code writes for a country's example, in the layout's order, as the response renders it. */
function partsOf(country: string, response: any): [code: string, text: string][] {
  const entry = data!.addresses.find((candidate: any) => candidate.country === country);
  const { example } = response;
  const subdivision = example.subdivision ? subdivisions.get(`${country}-${example.subdivision}`) : null;
  const label = subdivision && (entry.format.subdivision_style === 'code' ? example.subdivision : subdivision.name.en);
  const texts: Record<string, string | null> = {
    A: example.street, C: example.city, Z: example.postal_code,
    S: label && !namesTheCity(label, example.city) ? label : null,
  };
  return [...response.format.layout.matchAll(/%([ACSZ])/g)]
    .map(([, code]: string[]) => [code, texts[code]] as [string, string | null])
    .filter((part): part is [string, string] => Boolean(part[1]))
    .map(([code, text]) => [code, response.format.uppercase.includes(code) ? text.toUpperCase() : text]);
}

const lines = suite('address examples (lines)');

for (const { country } of data!.addresses) {
  lines(`should write every part of ${country}'s example once, in its layout's order`, () => {
    const response = responses.addressExample(country);
    const place = response.format.uppercase.includes('O') ? response.place.toUpperCase() : response.place;
    assert.ok(response.lines.includes(place), `the place is not a line of ${JSON.stringify(response.lines)}`);
    if (response.example.street) assert.not.ok(place.includes(response.example.street), 'the place repeats the street');
    // The place is a name (Landesmuseum Zürich), not a part: the parts are counted in the other lines.
    const text = response.lines.filter((line: string) => line !== place).join('\n');
    const parts = partsOf(country, response);
    const layoutText = response.format.layout.replace(/%[A-Za-z]/g, ' ').toUpperCase();
    for (const [field, code] of [['street', 'A'], ['city', 'C'], ['postal_code', 'Z']] as const) {
      const value = response.example[field];
      // A city the layout spells out as literal text (GIBRALTAR, SINGAPORE) is written by the layout.
      if (value && !parts.some(([written]) => written === code)) assert.ok(layoutText.includes(value.toUpperCase()), `${field} is not in the layout ${response.format.layout}`);
    }
    let cursor = 0;
    for (const [code, part] of parts) {
      const at = text.indexOf(part, cursor);
      assert.ok(at >= cursor, `%${code} "${part}" missing or out of order in ${JSON.stringify(response.lines)}`);
      cursor = at + part.length;
      assert.is(text.split(part).length - 1, 1, `%${code} "${part}" is written more than once in ${JSON.stringify(response.lines)}`);
    }
  });
}

const examples = suite('address examples (data)');

examples('should give a street wherever one is known, and say why where there is none', () => {
  const streetless = data!.addresses.filter((entry: any) => !entry.example.street);
  assert.equal(streetless.map((entry: any) => entry.country), [...NO_STREETS, ...STREET_UNCONFIRMED].sort());
  for (const entry of streetless) assert.ok(entry.example.note, `${entry.country} has no street and no note saying why`);
});

examples('should write every postal code in its canonical form', () => {
  for (const { country, example } of data!.addresses) {
    if (example.postal_code) assert.is(canonicalPostalCode(postal.get(country), example.postal_code), example.postal_code, country);
  }
});

examples('should name each place as it is addressed, with no gloss in parentheses', () => {
  const glossed = data!.addresses
    .filter(({ example }: any) => /[()（）]/.test(NAMES_WITH_PARENTHESES.reduce((place, name) => place.replace(name, ''), example.place)))
    .map(({ country, example }: any) => `${country}: ${example.place}`);
  assert.equal(glossed, []);
});

for (const [country, place] of PLACES) {
  examples(`should write ${country}'s place as "${place}"`, () => {
    assert.is(data!.addresses.find((entry: any) => entry.country === country).example.place, place);
  });
}

lines.run();
examples.run();
