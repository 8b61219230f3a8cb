/**
 * build/page/phone-format.js against the built phone answers (v1/phone/XX.json), the only input a page
 * or any client has: every example typed digit by digit, the states a person sees, and libphonenumber-js's
 * own as-you-type formatter as the reference for every state.
 */
import { join } from 'node:path';
import { AsYouType, type CountryCode } from 'libphonenumber-js/max';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatPhoneInput, type PhoneInput, type PhoneMetadata } from '../build/page/phone-format.js';
import { readJson } from '../build/lib/canonical-json.ts';
import { builtDist } from './helpers/dist.ts';
import { readDataset } from './helpers/datasets.ts';

const dist = builtDist();
const answers = readDataset('countries').map((country) =>
  readJson<PhoneMetadata & { country: string; examples: Record<string, { e164: string; national: string; international: string } | null> | null }>(
    join(dist, `v1/phone/${country.alpha2}.json`),
  ),
);
const plans = answers.filter((answer) => answer.patterns);
const digitsOf = (text: string) => text.replace(/\D/g, '');

/** What the field shows after each character of `input`, typed one at a time. */
function typing(phone: PhoneMetadata, input: string): PhoneInput[] {
  return [...input].map((_, index) => formatPhoneInput(phone, input.slice(0, index + 1)));
}

/** Each example of a country, typed as its national digits and as its E.164 digits after a +. */
function typedExamples(phone: (typeof answers)[number]): { input: string; expected: string; e164: string }[] {
  return [phone.examples?.mobile, phone.examples?.fixed_line].flatMap((example) =>
    !example
      ? []
      : [
          { input: digitsOf(example.national), expected: example.national, e164: example.e164 },
          { input: `+${digitsOf(example.e164)}`, expected: example.international, e164: example.e164 },
        ],
  );
}

const examples = suite('phone-format: every example typed digit by digit');
const exampleCount = plans.reduce((sum, phone) => sum + typedExamples(phone).length / 2, 0);

examples(`should cover every country with a numbering plan (${plans.length} countries, ${exampleCount} examples)`, () => {
  assert.ok(plans.length > 240);
  for (const phone of plans) assert.ok(typedExamples(phone).length > 0, `${phone.country} has an example`);
  assert.ok(answers.filter((answer) => !answer.patterns).every((answer) => answer.formats === null));
});

for (const phone of plans) {
  examples(`should end ${phone.country}'s examples in their national and international forms, keeping the digits typed`, () => {
    for (const { input, expected, e164 } of typedExamples(phone)) {
      const states = typing(phone, input);
      states.forEach((state, index) =>
        assert.is(digitsOf(state.text), digitsOf(input.slice(0, index + 1)), `${input}: step ${index + 1} shows "${state.text}"`),
      );
      const last = states[states.length - 1];
      assert.is(last.text, expected, input);
      assert.ok(last.valid && last.possible, `${input} is valid`);
      assert.is(last.e164, e164);
    }
  });
}

const reference = suite('phone-format: libphonenumber-js as the reference');

reference("should show what libphonenumber-js's AsYouType shows once 3 digits of the national number are typed", () => {
  const differing: string[] = [];
  let compared = 0;
  for (const phone of plans) {
    for (const { input } of typedExamples(phone)) {
      typing(phone, input).forEach((state, index) => {
        if (state.nationalNumber.length < 3) return;
        const typed = input.slice(0, index + 1);
        const theirs = new AsYouType(typed.startsWith('+') ? undefined : (phone.country as CountryCode)).input(typed);
        compared++;
        if (state.text !== theirs) differing.push(`${phone.country} ${typed}: "${state.text}", libphonenumber-js "${theirs}"`);
      });
    }
  }
  assert.equal(differing.slice(0, 10), []);
  assert.ok(compared > 5000, `${compared} states compared`);
});

const person = suite('phone-format: what a person sees while typing');
const byCountry = (code: string) => answers.find((answer) => answer.country === code)!;

/** [country, what is typed, what the field shows after each character] */
const STATES: [string, string, string][] = [
  ['DE', '030123456', '0|03|030|030 1|030 12|030 123|030 1234|030 12345|030 123456'],
  [
    'DE',
    '+4915123456789',
    '+|+4|+49|+49 1|+49 15|+49 151|+49 1512|+49 1512 3|+49 1512 34|+49 1512 345|+49 1512 3456|+49 1512 34567|+49 1512 345678|+49 1512 3456789',
  ],
  ['US', '2015550123', '2|20|(201)|(201) 5|(201) 55|(201) 555|(201) 555-0|(201) 555-01|(201) 555-012|(201) 555-0123'],
  ['US', '12015550123', '1|12|120|1 (201)|1 (201) 5|1 (201) 55|1 (201) 555|1 (201) 555-0|1 (201) 555-01|1 (201) 555-012|1 (201) 555-0123'],
  ['US', '+12015550123', '+|+1|+1 2|+1 20|+1 201|+1 201 5|+1 201 55|+1 201 555|+1 201 555 0|+1 201 555 01|+1 201 555 012|+1 201 555 0123'],
  ['JP', '0312345678', '0|03|031|03-12|03-123|03-1234|03-1234-5|03-1234-56|03-1234-567|03-1234-5678'],
  ['JP', '+819012345678', '+|+8|+81|+81 9|+81 90|+81 90 1|+81 90 12|+81 90 123|+81 90 1234|+81 90 1234 5|+81 90 1234 56|+81 90 1234 567|+81 90 1234 5678'],
  ['BR', '11961234567', '1|11|(11) 9|(11) 96|(11) 961|(11) 9612|(11) 96123|(11) 96123-4|(11) 96123-45|(11) 96123-456|(11) 96123-4567'],
  [
    'BR',
    '+5511961234567',
    '+|+5|+55|+55 1|+55 11|+55 11 9|+55 11 96|+55 11 961|+55 11 9612|+55 11 96123|+55 11 96123 4|+55 11 96123 45|+55 11 96123 456|+55 11 96123 4567',
  ],
  ['GB', '02079460000', '0|02|020|020 7|020 79|020 794|020 7946|020 7946 0|020 7946 00|020 7946 000|020 7946 0000'],
  ['GB', '07400123456', '0|07|074|0740|07400|07400 1|07400 12|07400 123|07400 1234|07400 12345|07400 123456'],
];

for (const [country, input, shown] of STATES) {
  person(`should show ${country} ${input} as ${shown.split('|').pop()}, grouping as the digits arrive`, () => {
    assert.equal(
      typing(byCountry(country), input).map((state) => state.text),
      shown.split('|'),
    );
  });
}

person('should accept punctuation and spaces typed or pasted, and a national prefix typed or not where it is optional', () => {
  assert.is(formatPhoneInput(byCountry('DE'), '030 / 123-456').text, '030 123456');
  assert.is(formatPhoneInput(byCountry('US'), ' (201) 555-0123').text, '(201) 555-0123');
  assert.is(formatPhoneInput(byCountry('GB'), '+44 (7400) 123 456').e164, '+447400123456');
});

const invalid = suite('phone-format: invalid numbers');

/** [country, typed, shown, possible, why] */
const INVALID: [string, string, string, boolean, string][] = [
  ['DE', '0301', '030 1', false, 'too short'],
  ['US', '20155501234', '20155501234', false, 'one digit too many: no format fits, the digits stay as typed'],
  ['US', '1234567890', '1 (234) 567-890', false, 'a national prefix 1 and 9 digits'],
  ['US', '0015550123', '0015550123', true, 'ten digits, but no area code starts with 0'],
  ['GB', '0740012345678', '0740012345678', false, 'too long for any UK number'],
  ['DE', '+3312', '+3312', false, "another country's calling code"],
  ['AQ', '12345', '12345', false, 'Antarctica has no numbering plan of its own'],
];

for (const [country, typed, shown, possible, why] of INVALID) {
  invalid(`should report ${country} ${typed} as invalid (${why})`, () => {
    const result = formatPhoneInput(byCountry(country), typed);
    assert.is(result.text, shown);
    assert.is(result.possible, possible);
    assert.is(result.valid, false);
    assert.is(result.e164, null);
  });
}

examples.run();
reference.run();
person.run();
invalid.run();
