import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson } from '../build/lib/canonical-json.ts';
import { renderAddressLines } from '../build/lib/address-lines.ts';
import { canonicalPostalCode } from '../build/lib/postal-input.ts';
import { checkPhoneExamples } from '../build/validate/phone-examples.ts';
import { DATA_DIR } from './helpers/paths.ts';

const phone: any[] = readJson(`${DATA_DIR}/phone.json`);
const phoneExamples: any[] = readJson(`${DATA_DIR}/curated/phone-examples.json`);
const addresses: any[] = readJson(`${DATA_DIR}/addresses.json`);
const postal: any[] = readJson(`${DATA_DIR}/postal-codes.json`);

const phones = suite('phone examples');

phones('should find every example of the type it is labelled', () => {
  assert.equal(checkPhoneExamples({ phone, 'curated/phone-examples': phoneExamples } as any), []);
});

/** Upstream's examples of the wrong type, as libphonenumber gave them, and what the gate says. */
const WRONG_TYPE: [string, 'mobile' | 'fixed_line', string, string][] = [
  ['CL', 'mobile', '+56221234567', 'outside the mobile ranges'],
  ['CL', 'fixed_line', '+56600123456', 'a shared_cost number'],
  ['FR', 'mobile', '+33123456789', 'is FIXED_LINE to libphonenumber'],
];

for (const [country, type, e164, expected] of WRONG_TYPE) {
  phones(`should refuse ${country} ${type} ${e164} (${expected})`, () => {
    const copy = structuredClone(phone);
    copy.find((entry) => entry.country === country).examples[type] = { e164, international: e164, national: e164 };
    const reasons = checkPhoneExamples({ phone: copy, 'curated/phone-examples': phoneExamples } as any).map((problem) => problem.reason);
    assert.ok(
      reasons.some((reason) => reason.includes(expected)),
      reasons.join('; '),
    );
  });
}

phones.run();

const posts = suite('address and postal examples');

posts('should write the Swiss example as Swiss Post does at home, without CH-', () => {
  const entry = addresses.find((candidate) => candidate.country === 'CH');
  const lines = renderAddressLines(entry.format.layout, entry.format.uppercase, entry.example, entry.language);
  assert.ok(lines.includes('8001 Zürich'), lines.join(' / '));
  assert.not.ok(
    lines.some((line) => line.includes('CH-')),
    lines.join(' / '),
  );
});

const TAIWAN: [string, string | null][] = [
  ['100006', '100006'],
  ['10603', '10603'],
  ['100', '100'],
  ['1000', null],
  ['1000066', null],
];

for (const [typed, expected] of TAIWAN) {
  posts(`should read the Taiwanese code ${typed} as ${expected}`, () => {
    const rule = postal.find((entry) => entry.country === 'TW').postal_code;
    assert.is(canonicalPostalCode(rule, typed), expected);
  });
}

posts('should give Taiwan a full code, not the bare 3-digit area, as its example', () => {
  assert.is(postal.find((entry) => entry.country === 'TW').postal_code.example, '100006');
});

posts('should mark Bouvet Island as having no deliverable address', () => {
  const entry = addresses.find((candidate) => candidate.country === 'BV');
  assert.is(entry.example.street, null);
  assert.is(entry.example.postal_code, null);
  assert.ok(entry.example.note.includes('no streets'));
});

posts.run();
