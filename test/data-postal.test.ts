import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson } from '../build/lib/canonical-json.ts';
import { canonicalPostalCode } from '../build/lib/postal-input.ts';
import { postalCodeName } from '../build/page/postal-code.js';
import { compareWithPostcodeValidator } from '../build/validate/references/postcode-validator.ts';
import { checkPostalCodes } from '../build/validate/rules.ts';
import { DATA_DIR } from './helpers/paths.ts';
import { realData } from './helpers/real-data.ts';

const postal: any[] = readJson(`${DATA_DIR}/postal-codes.json`);
const rule = (country: string) => postal.find((entry) => entry.country === country).postal_code;

/** What people type, and the canonical code a form should show for it. */
const TYPED: [country: string, typed: string, canonical: string][] = [
  ['PL', '00901', '00-901'],
  ['PL', '00 901', '00-901'],
  ['PT', '1250096', '1250-096'],
  ['LU', 'L-1234', 'L-1234'],
  ['LU', '1234', 'L-1234'],
  ['LU', 'l 1234', 'L-1234'],
  ['MD', 'md-2012', 'MD-2012'],
  ['MD', '2012', 'MD-2012'],
  ['AZ', 'AZ1000', 'AZ 1000'],
  ['AZ', '1000', 'AZ 1000'],
  ['HT', 'HT 6110', 'HT6110'],
  ['HT', '6110', 'HT6110'],
  ['LV', '1050', 'LV-1050'],
  ['LT', 'LT-01100', '01100'],
  ['GB', 'sw1a2aa', 'SW1A 2AA'],
  ['GB', 'M1 1AE', 'M1 1AE'],
  ['GB', ' gir0aa ', 'GIR 0AA'],
  ['GB', 'bfpo 61', 'BFPO 61'],
  ['GG', 'gy11aa', 'GY1 1AA'],
  ['CA', 'k1a0b1', 'K1A 0B1'],
  ['NL', '1234ab', '1234 AB'],
  ['IE', 'd02x285', 'D02 X285'],
  ['SE', 'SE-114 55', '114 55'],
  ['SE', '11455', '114 55'],
  ['CZ', '11000', '110 00'],
  ['FR', '75 001', '75001'],
  ['FI', 'FI-00100', '00100'],
  ['AX', 'AX-22100', '22100'],
  ['HR', 'HR-10000', '10000'],
  ['SI', 'SI-1000', '1000'],
  ['JP', '1000001', '100-0001'],
  ['JP', '〒100-0001', '100-0001'],
  ['JP', '１００－０００１', '100-0001'],
  ['TW', '100', '100'],
  ['TW', '115000', '115000'],
  ['TW', '10603', '10603'],
  ['IN', '110 001', '110001'],
  ['BR', '01.310-100', '01310-100'],
  ['US', '95014 1010', '95014-1010'],
  ['US', '950141010', '95014-1010'],
  ['PR', '00930', '00930'],
  ['MS', 'msr 1110', 'MSR1110'],
  ['LC', 'lc05201', 'LC05 201'],
  ['TT', '120110', '120110'],
  ['KY', 'KY1 1100', 'KY1-1100'],
  ['MT', 'vlt1117', 'VLT 1117'],
  ['OM', 'PC 112', '112'],
  ['SV', '1101', 'CP 1101'],
  ['AI', '2640', 'AI-2640'],
  // The forms our own address lines print (Google's layouts glue the prefix on) read back as the code.
  ['CH', 'CH-8001', '8001'],
  ['CH', 'ch 8001', '8001'],
  ['LI', 'FL-9490', '9490'],
  ['LI', 'LI-9490', '9490'],
  ['MC', 'MC-98000', '98000'],
  ['FO', 'FO100', '100'],
  ['FO', 'FO-100', '100'],
  ['LT', 'LT-01109', '01109'],
  ['DE', '01001', '01001'],
  ['DE', '99998', '99998'],
  ['CH', '9658', '9658'],
  ['BE', '9992', '9992'],
  ['AU', '0800', '0800'],
  // Digits as a keyboard of the country's script types them.
  ['SA', '١١٤٥١', '11451'],
  ['EG', '١١٥١١', '11511'],
  ['IR', '۱۱۳۶۹-۱۴۱۱۱', '11369-14111'],
  ['IN', '११०००१', '110001'],
  ['TH', '๑๐๒๐๐', '10200'],
  ['JP', '〒１６３－８００１', '163-8001'],
  ['MM', '၁၁၁၈၁', '11181'],
];

/** Codes that cannot exist: wrong length, letters no post uses, and obsolete forms. */
const IMPOSSIBLE: [country: string, typed: string, why: string][] = [
  ['US', '1234', 'four digits'],
  ['US', '95014-12', 'a short ZIP+4'],
  ['DE', '1234', 'four digits'],
  ['GB', 'SW1A 2CI', 'C and I are never inward letters'],
  ['GB', 'QQ1 1AA', 'no QQ postcode area'],
  ['CA', 'D1A 1A1', 'D never starts a Canadian code'],
  ['NL', '0123 AB', 'a leading 0'],
  ['NL', '1234 SS', 'SS is not used'],
  ['IE', 'B12 3456', 'B is no routing key letter'],
  ['IN', '012345', 'PIN codes start 1-9'],
  ['JP', '100-000', 'six digits'],
  ['AM', '375010', 'the Soviet-era code'],
  ['CR', '1000', 'the 4-digit code'],
  ['MT', 'NXR 01', 'the pre-2007 form'],
  ['RS', '106314', 'six digits'],
  ['TZ', '6090', 'the 4-digit code'],
  ['PE', 'LIMA 23', 'the Lima district form'],
  ['VN', '700000', 'the pre-2018 six digits'],
  ['IL', '61000', 'the pre-2013 five digits'],
  ['MS', 'MSR1140', 'not one of the eight codes'],
  ['LU', '12345', 'five digits'],
  ['PL', '00-9012', 'six digits'],
  ['BR', '1234-567', 'seven digits'],
  ['AR', 'I1234ABC', 'I is no province letter'],
  ['MD', 'MD-20123', 'five digits'],
  // Outside the range the post publishes.
  ['DE', '00000', 'below 01001'],
  ['DE', '99999', 'above 99998'],
  ['CH', '0800', 'below 1000'],
  ['CH', 'CH-9700', 'above 9658'],
  ['AT', '0999', 'no Leitzone 0'],
  ['BE', '9993', 'above 9992'],
  ['ES', '53000', 'no province 53'],
  ['TR', '82000', 'no plate code 82'],
  ['CZ', '800 00', 'a Slovak code'],
  ['SK', '100 00', 'a Czech code'],
  ['KR', '64000', 'no province 64'],
  ['RU', '700000', 'no Russian index starts 7'],
  ['LI', 'FL-9500', 'a Swiss code'],
  ['AU', '0500', 'no 05xx postcode'],
  ['FR', '00100', 'no département 00'],
];

const typing = suite('postal codes (typed forms)');

for (const [country, typed, canonical] of TYPED) {
  typing(`should read ${country} "${typed}" as ${canonical}`, () => assert.is(canonicalPostalCode(rule(country), typed), canonical));
}

for (const [country, typed, why] of IMPOSSIBLE) {
  typing(`should refuse ${country} "${typed}" (${why})`, () => assert.is(canonicalPostalCode(rule(country), typed), null));
}

typing('should have a rule for MS, LC and TT, and none for a country without postcodes (AE)', () => {
  for (const country of ['MS', 'LC', 'TT']) assert.ok(rule(country), `${country} has no rule`);
  assert.is(rule('AE'), null);
});

typing("should give GB the masks of every outward code form, the example's as format", () => {
  assert.is(rule('GB').format, '@@#@ #@@');
  for (const mask of ['@# #@@', '@## #@@', '@@# #@@', '@@## #@@', '@#@ #@@', '@@#@ #@@']) assert.ok(rule('GB').formats.includes(mask), mask);
});

const gate = suite('postal codes (data gate)');
const { data } = realData();

/** Each postal rule of the gate, broken on a copy of the real data, with the message it must print. */
const BREACHES: [what: string, mutate: (entry: any) => void, expected: string][] = [
  [
    'an input form that does not give the example back',
    (entry) => {
      entry.input_forms[0].replacement = '$2$1';
    },
    'input forms turn "00-950" into nothing',
  ],
  [
    'an example no format fits',
    (entry) => {
      entry.formats = ['#####'];
    },
    'fits none of the formats',
  ],
  [
    "a format that is not the example's mask",
    (entry) => {
      entry.format = '#####';
    },
    'does not describe the example',
  ],
];

for (const [what, mutate, expected] of BREACHES) {
  gate(`should fail on ${what}`, () => {
    const copy = { ...data!, 'postal-codes': structuredClone(data!['postal-codes']) };
    mutate(copy['postal-codes'].find((entry) => entry.country === 'PL')!.postal_code);
    const reasons = checkPostalCodes(copy).map((problem) => problem.reason);
    assert.ok(
      reasons.some((reason) => reason.includes(expected)),
      `expected "${expected}" in:\n${reasons.join('\n')}`,
    );
  });
}

const names = suite('postal codes (local names)');

/** A reader's locale, and the term the form labels the field with (in which language). */
const LABELS: [country: string, locale: string, name: string, language: string][] = [
  ['CH', 'de', 'PLZ', 'de'],
  ['CH', 'fr-CH', 'NPA', 'fr'],
  ['CH', 'it', 'NPA', 'it'],
  ['CH', 'en', 'PLZ', 'de'],
  ['BE', 'fr', 'code postal', 'fr'],
  ['BE', 'de', 'Postleitzahl', 'de'],
  ['BE', 'ja', 'postcode', 'nl'],
  ['CA', 'fr-CA', 'code postal', 'fr'],
  ['FI', 'sv', 'postnummer', 'sv'],
  ['TW', 'zh-Hant-HK', '郵遞區號', 'zh-Hant'],
  ['DE', 'de-AT', 'Postleitzahl', 'de'],
  ['BR', 'en', 'CEP', 'pt'],
  ['JP', 'ja', '郵便番号', 'ja'],
];

for (const [country, locale, name, language] of LABELS) {
  names(`should label ${country}'s field for a ${locale} reader with "${name}"`, () => assert.equal(postalCodeName(rule(country), locale), { name, language }));
}

names('should give local_name as one of local_names, and both or neither', () => {
  for (const { country, postal_code: entry } of postal.filter((candidate) => candidate.postal_code)) {
    assert.is(entry.local_name === null, entry.local_names === null, country);
    if (entry.local_name) assert.ok(Object.values(entry.local_names).includes(entry.local_name), country);
  }
  assert.is(postalCodeName(rule('AF'), 'en'), null);
});

typing.run();
gate.run();
names.run();

const reference = suite('postal codes (postcode-validator reference)');

reference('should report a rule that refuses what postcode-validator accepts, and one it lacks', () => {
  const copy = { ...data!, 'postal-codes': structuredClone(data!['postal-codes']) };
  const poland = copy['postal-codes'].find((entry) => entry.country === 'PL')!;
  poland.postal_code!.pattern = '^(?:\\d{2}-\\d{2})$';
  copy['postal-codes'].find((entry) => entry.country === 'DE')!.postal_code = null;
  const keys = compareWithPostcodeValidator(copy).disagreements.map((disagreement) => disagreement.key);
  assert.ok(keys.includes('DE/rule'), keys.join(', '));
  assert.ok(
    keys.some((key) => key.startsWith('PL/drawn/')),
    keys.join(', '),
  );
});

reference.run();
