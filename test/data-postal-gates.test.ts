import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkPostalNames, scriptOf } from '../build/validate/postal-names.ts';
import { checkPrintedPostalForms, gluedPrefix, printedForm } from '../build/validate/postal-printed-forms.ts';
import { checkPostalRanges } from '../build/validate/postal-ranges.ts';
import { realData } from './helpers/real-data.ts';

const { data } = realData();
const entryOf = (copy: any, dataset: string, country: string) => copy[dataset].find((entry: any) => entry.country === country);
/** The real data with the two datasets the breaches below change copied, so a case can break one value (the checks change nothing). */
const reasonsOf = (check: (data: any) => { reason: string }[], mutate: (copy: any) => void) => {
  const copy = { ...data!, 'postal-codes': structuredClone(data!['postal-codes']), addresses: structuredClone(data!.addresses) };
  mutate(copy);
  return check(copy).map((problem) => problem.reason);
};

const ranges = suite('postal codes (published ranges gate)');

ranges('should pass on the real data', () => assert.equal(checkPostalRanges(data!), []));

/** Rules broken on a copy of the real data, and what the range gate must say. */
const RANGE_BREACHES: [what: string, mutate: (copy: any) => void, expected: string][] = [
  [
    'DE back to any five digits',
    (copy) => {
      Object.assign(entryOf(copy, 'postal-codes', 'DE').postal_code, {
        pattern: '^(?:\\d{5})$',
        input_forms: [{ pattern: '^(?:(\\d{5}))$', replacement: '$1' }],
      });
    },
    'DE accepts 00000 (as 00000), outside the range',
  ],
  [
    'CH back to any four digits',
    (copy) => {
      entryOf(copy, 'postal-codes', 'CH').postal_code.pattern = '^(?:\\d{4})$';
    },
    'CH accepts 0800 (as 0800), outside the range',
  ],
  [
    'CH cut short of Wildhaus',
    (copy) => {
      entryOf(copy, 'postal-codes', 'CH').postal_code.pattern = '^(?:[1-8]\\d{3})$';
    },
    'CH refuses 9658, inside the range',
  ],
  [
    'SK taking Czech codes',
    (copy) => {
      entryOf(copy, 'postal-codes', 'SK').postal_code.pattern = '^(?:\\d{3} \\d{2})$';
    },
    'SK accepts 10000 (as 100 00), outside the range',
  ],
  [
    'a published range with no rule',
    (copy) => {
      entryOf(copy, 'postal-codes', 'BE').postal_code = null;
    },
    'BE has a published range but no postal rule',
  ],
];

for (const [what, mutate, expected] of RANGE_BREACHES) {
  ranges(`should fail on ${what}`, () => {
    const reasons = reasonsOf(checkPostalRanges, mutate);
    assert.ok(
      reasons.some((reason) => reason.includes(expected)),
      `expected "${expected}" in:\n${reasons.join('\n')}`,
    );
  });
}

const printed = suite('postal codes (printed forms gate)');

printed('should pass on the real data', () => assert.equal(checkPrintedPostalForms(data!), []));

printed('should read the prefix a layout glues before the code, and no separator after another field', () => {
  const cases: [layout: string, prefix: string][] = [
    ['%O%n%N%n%A%nCH-%Z %C', 'CH-'],
    ['%N%n%O%n%A%nFO%Z %C', 'FO'],
    ['〒%Z%n%S%n%A', '〒'],
    ['%N%n%O%n%A%n%C-%Z', ''],
    ['%N%n%O%n%A%nAZ %Z %C', ''],
    ['%N%n%O%n%A%n%C', ''],
  ];
  for (const [layout, prefix] of cases) assert.is(gluedPrefix(layout), prefix, layout);
});

printed('should take the printed form from the rendered line: the glued prefix with the code, the code alone after a separator', () => {
  const cases: [country: string, code: string, printed: string][] = [
    ['CH', '8001', '8001'],
    ['LI', '9490', 'FL-9490'],
    ['FO', '100', 'FO100'],
    ['SE', '111 52', 'SE-111 52'],
    ['LU', 'L-1728', 'L-1728'],
    ['PK', '44000', '44000'],
    ['DE', '11011', '11011'],
  ];
  for (const [country, code, form] of cases) {
    const entry = entryOf(data, 'addresses', country);
    assert.is(printedForm(entry.format.latin_layout ?? entry.format.layout, entry.format.uppercase, entry.example, code, entry.language), form, country);
  }
});

/** Our own data broken on a copy, and what the printed-forms gate must say. */
const PRINTED_BREACHES: [what: string, mutate: (copy: any) => void, expected: string][] = [
  [
    'a rule that refuses the FL- its layout prints',
    (copy) => {
      entryOf(copy, 'postal-codes', 'LI').postal_code.input_forms = [{ pattern: '^(?:(\\d{4}))$', replacement: '$1' }];
    },
    'LI: lines print "FL-9490", which the rule reads as no code',
  ],
  [
    'a rule that refuses the FO its layout glues on',
    (copy) => {
      entryOf(copy, 'postal-codes', 'FO').postal_code.input_forms = [{ pattern: '^(?:FO-)?(\\d{3})$', replacement: '$1' }];
    },
    'FO: lines print "FO100", which the rule reads as no code',
  ],
  [
    'an address example in a form that is not canonical',
    (copy) => {
      entryOf(copy, 'addresses', 'LT').example.postal_code = 'LT-01109';
    },
    'LT example LT-01109 is not canonical (the rule reads it as 01109)',
  ],
];

for (const [what, mutate, expected] of PRINTED_BREACHES) {
  printed(`should fail on ${what}`, () => {
    const reasons = reasonsOf(checkPrintedPostalForms, mutate);
    assert.ok(
      reasons.some((reason) => reason.includes(expected)),
      `expected "${expected}" in:\n${reasons.join('\n')}`,
    );
  });
}

const names = suite('postal codes (local names gate)');

names('should pass on the real data', () => assert.equal(checkPostalNames(data!), []));

names('should know the script of each language tag, or say it does not', () => {
  const cases: [tag: string, script: string | null][] = [
    ['ru', 'Cyrl'],
    ['sr', 'Cyrl'],
    ['ja', 'Jpan'],
    ['zh-Hant', 'Hant'],
    ['cnr-Latn', 'Latn'],
    ['cnr', null],
  ];
  for (const [tag, script] of cases) assert.is(scriptOf(tag), script, tag);
});

/** Local names broken on a copy of the real data, and what the gate must say. */
const NAME_BREACHES: [what: string, mutate: (copy: any) => void, expected: string][] = [
  [
    'an English gloss filed as Russian',
    (copy) => {
      Object.assign(entryOf(copy, 'postal-codes', 'RU').postal_code, { local_name: 'postal index', local_names: { ru: 'postal index' } });
    },
    'RU local name "postal index" is not written in Cyrl, the script of ru',
  ],
  [
    'a romanization filed as Japanese',
    (copy) => {
      entryOf(copy, 'postal-codes', 'JP').postal_code.local_names.ja = 'yūbin bangō';
    },
    'is not written in Jpan',
  ],
  [
    'a local_name none of the languages gives',
    (copy) => {
      entryOf(copy, 'postal-codes', 'CH').postal_code.local_name = 'Postcode';
    },
    'CH local_name Postcode is none of its local_names',
  ],
  [
    'a language CLDR does not know, without its script',
    (copy) => {
      entryOf(copy, 'postal-codes', 'ME').postal_code.local_names = { cnr: 'poštanski broj' };
    },
    'a language CLDR does not know',
  ],
  [
    'a local_name without local_names',
    (copy) => {
      entryOf(copy, 'postal-codes', 'DE').postal_code.local_names = null;
    },
    'DE has local_name Postleitzahl but local_names null',
  ],
];

for (const [what, mutate, expected] of NAME_BREACHES) {
  names(`should fail on ${what}`, () => {
    const reasons = reasonsOf(checkPostalNames, mutate);
    assert.ok(
      reasons.some((reason) => reason.includes(expected)),
      `expected "${expected}" in:\n${reasons.join('\n')}`,
    );
  });
}

ranges.run();
printed.run();
names.run();
