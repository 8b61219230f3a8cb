import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { namesTheCity, upperCased } from '../build/lib/address-lines.ts';
import { Localizer } from '../build/write/localize.ts';
import { Responses } from '../build/write/responses.ts';
import { canonicalPostalCode } from '../build/lib/postal-input.ts';
import { lettersOutside } from '../build/validate/address-rules.ts';
import { realData } from './helpers/real-data.ts';

const { data } = realData();
const responses = new Responses(data!, new Localizer(data!.locales));
const postal = new Map<string, any>(data!['postal-codes'].map((entry: any) => [entry.country, entry.postal_code]));
const entries = new Map<string, any>(data!.addresses.map((entry: any) => [entry.country, entry]));

/** Places with no named streets to write: uninhabited, a research station or base, or streets without names. */
const NO_STREETS = ['AQ', 'BV', 'FM', 'GS', 'HM', 'IO', 'KI', 'MH', 'NR', 'NU', 'PN', 'PW', 'TF', 'TK', 'TV', 'UM', 'WF'];
/** Places that have named streets, for whose example no street could yet be confirmed from a source. */
const STREET_UNCONFIRMED = ['AI', 'AS', 'BL', 'BT', 'CC', 'EH', 'MS', 'SJ', 'TD'];
/** Place lines as the institution writes them in the address language, once glossed in English, and their Latin-script form. */
const PLACES: [country: string, place: string, latin: string | null][] = [
  ['AT', 'Parlament', null],
  ['BR', 'Palácio do Planalto', null],
  ['CZ', 'Poslanecká sněmovna Parlamentu České republiky', null],
  ['DE', 'Deutscher Bundestag', null],
  ['FO', 'Løgmansskrivstovan', null],
  ['JP', '東京都庁', 'Tokyo Metropolitan Government'],
  ['LU', 'Chambre des Députés', null],
  ['RU', 'Государственная Дума Федерального Собрания Российской Федерации', 'State Duma of the Federal Assembly of the Russian Federation'],
  ['SA', 'جامعة الملك سعود', 'King Saud University'],
  ['TR', 'Topkapı Sarayı Müzesi', null],
];
/** Whole answers a reader of each country checked, line by line: in its own script and in Latin script. */
const LINES: [country: string, lines: string[], latin: string[] | null][] = [
  ['DE', ['Deutscher Bundestag', 'Platz der Republik 1', '11011 BERLIN'], null],
  [
    'JP',
    ['〒163-8001', '東京都', '新宿区西新宿二丁目8番1号', '東京都庁'],
    ['Tokyo Metropolitan Government', '2-8-1 Nishi-Shinjuku, Shinjuku-ku, TOKYO', '163-8001'],
  ],
  ['KY', ['Government Administration Building', '133 Elgin Avenue', 'GEORGE TOWN', 'Grand Cayman KY1-9000'], null],
  ['NA', ['Bank of Namibia', '71 Robert Mugabe Avenue', 'WINDHOEK', '10005'], null],
  ['SA', ['جامعة الملك سعود', 'ص.ب 2454', 'الرياض 11451'], ['King Saud University', 'P.O. Box 2454', 'RIYADH 11451']],
  ['TR', ['Topkapı Sarayı Müzesi', 'Cankurtaran Mahallesi, Babıhümayun Caddesi', '34122 FATİH/İstanbul'], null],
];

/** The answer's written forms: the country's own, and the Latin-script one where the country writes another script. */
function writtenForms(country: string): [name: string, form: any, written: any, language: string, script: string][] {
  const entry = entries.get(country);
  const response = responses.addressExample(country);
  const forms: [string, any, any, string, string][] = [['lines', response, entry.example, entry.language, entry.script]];
  if (response.latin) forms.push(['latin.lines', response.latin, entry.example.latin, 'en', 'Latn']);
  return forms;
}

/** The text each layout code writes for one written form, in the layout's order, as the response renders it. */
function partsOf(country: string, form: any, written: any, language: string): [code: string, text: string][] {
  const entry = entries.get(country);
  const label = responses.subdivisionLabel(entry, entry.example, written, language);
  const texts: Record<string, string | null> = {
    A: form.example.street,
    C: form.example.city,
    Z: form.example.postal_code,
    S: label && !namesTheCity(label, form.example.city) ? label : null,
  };
  return [...form.format.layout.matchAll(/%([ACSZ])/g)]
    .map(([, code]: string[]) => [code, texts[code]] as [string, string | null])
    .filter((part): part is [string, string] => Boolean(part[1]))
    .map(([code, text]) => [code, form.format.uppercase.includes(code) ? upperCased(text, language) : text]);
}

const lines = suite('address examples (lines)');

for (const { country } of data!.addresses) {
  lines(`should write every part of ${country}'s example once, in its layout's order`, () => {
    for (const [name, form, written, language] of writtenForms(country)) {
      const place = form.format.uppercase.includes('O') ? upperCased(form.place, language) : form.place;
      assert.ok(form.lines.includes(place), `${name}: the place is not a line of ${JSON.stringify(form.lines)}`);
      if (form.example.street) assert.not.ok(place.includes(form.example.street), `${name}: the place repeats the street`);
      // The place is a name (Landesmuseum Zürich), not a part: the parts are counted in the other lines.
      const text = form.lines.filter((line: string) => line !== place).join('\n');
      const layoutText = form.format.layout.replace(/%[A-Za-z]/g, ' ').toUpperCase();
      const parts = partsOf(country, form, written, language);
      for (const [field, code] of [
        ['street', 'A'],
        ['city', 'C'],
        ['postal_code', 'Z'],
      ] as const) {
        const value = form.example[field];
        // A city the layout spells out as literal text (GIBRALTAR, SINGAPORE) is written by the layout.
        if (value && !parts.some(([written]) => written === code))
          assert.ok(layoutText.includes(value.toUpperCase()), `${name}: ${field} is not in the layout ${form.format.layout}`);
      }
      let cursor = 0;
      for (const [code, part] of parts) {
        const at = text.indexOf(part, cursor);
        assert.ok(at >= cursor, `${name}: %${code} "${part}" missing or out of order in ${JSON.stringify(form.lines)}`);
        cursor = at + part.length;
        assert.is(text.split(part).length - 1, 1, `${name}: %${code} "${part}" is written more than once in ${JSON.stringify(form.lines)}`);
      }
    }
  });

  lines(`should write ${country}'s lines in the script of its address language, and its Latin form in Latin script`, () => {
    for (const [name, form, , , script] of writtenForms(country)) {
      assert.equal(lettersOutside(form.lines.join('\n'), script), [], `${name} ${JSON.stringify(form.lines)} should be in ${script}`);
    }
  });
}

const examples = suite('address examples (data)');

examples('should give a street wherever one is known, and say why where there is none', () => {
  const streetless = data!.addresses.filter((entry) => !entry.example!.street);
  assert.equal(
    streetless.map((entry: any) => entry.country),
    [...NO_STREETS, ...STREET_UNCONFIRMED].sort(),
  );
  for (const entry of streetless) assert.ok(entry.example!.note, `${entry.country} has no street and no note saying why`);
});

examples('should write every postal code in its canonical form', () => {
  for (const { country, example } of data!.addresses) {
    if (example?.postal_code) assert.is(canonicalPostalCode(postal.get(country), example.postal_code), example.postal_code, country);
  }
});

examples("should print every postal code in a form its country's rule accepts", () => {
  const refused: string[] = [];
  for (const { country } of data!.addresses) {
    for (const [name, form] of writtenForms(country)) {
      if (!form.example.postal_code) continue;
      // The layout's own prefix glued to the code ("CH-%Z", "〒%Z") is printed with it.
      const prefix = /(?:^|%n|\s)([A-Z]{1,3}-?|〒)?%Z/.exec(form.format.layout)?.[1] ?? '';
      const printed = `${prefix}${form.example.postal_code}`;
      const line = form.lines.find((candidate: string) => candidate.includes(printed));
      assert.ok(line, `${country} ${name}: "${printed}" is not printed in ${JSON.stringify(form.lines)}`);
      // A code that carries its country's letters (AZ 1066, L-1728) is not given them twice ("AZ AZ 1066").
      const letters = /^[A-Z]+/.exec(printed)?.[0];
      if (letters) assert.not.ok(line.slice(0, line.indexOf(printed)).trimEnd().endsWith(letters), `${country} ${name}: "${line}" doubles ${letters}`);
      if (canonicalPostalCode(postal.get(country), printed) === null && !refused.includes(country)) refused.push(country);
    }
  }
  assert.equal(refused, [], 'printed postal codes the rules refuse');
});

for (const [country, place, latin] of PLACES) {
  examples(`should write ${country}'s place as "${place}"${latin ? `, "${latin}" in Latin script` : ''}`, () => {
    const example = entries.get(country).example;
    assert.is(example.place, place);
    assert.is(example.latin?.place ?? null, latin);
  });
}

for (const [country, native, latin] of LINES) {
  examples(`should write ${country}'s example as ${JSON.stringify(native)}`, () => {
    const response = responses.addressExample(country);
    assert.equal(response.lines, native);
    assert.equal(response.latin?.lines ?? null, latin);
  });
}

lines.run();
examples.run();
