import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { currenciesOf, currency, inLocale, record } from './helpers/record.ts';

const currencies = suite('currencies (data/currencies.json)');

/** Tenders in use on the record date, as the central banks announced them. */
const IN_USE: [string, [string, string | null][]][] = [
  ['BG', [['EUR', '2026-01-01']]],
  ['CW', [['XCG', '2025-03-31']]],
  ['SX', [['XCG', '2025-03-31']]],
  [
    'PA',
    [
      ['PAB', '1903-11-04'],
      ['USD', '1903-11-18'],
    ],
  ],
  [
    'ZW',
    [
      ['ZWG', '2024-06-25'],
      ['USD', '2009-04-12'],
    ],
  ],
  ['NO', [['NOK', '1905-06-07']]],
  ['IS', [['ISK', '1981-01-01']]],
  ['KZ', [['KZT', '1993-11-05']]],
  ['US', [['USD', '1792-01-01']]],
  ['AQ', []],
];
for (const [country, expected] of IN_USE) {
  currencies(`should give ${country} ${expected.map(([code]) => code).join(' and ') || 'no currency'}`, () => {
    assert.equal(
      currenciesOf(country).map((entry) => [entry.code, entry.since]),
      expected,
    );
  });
}

for (const country of ['BT', 'LS', 'NA', 'HT', 'PS']) {
  currencies(`should give ${country} both its tenders`, () => assert.is(currenciesOf(country).length, 2));
}

const REPLACED: [string, string, string, string][] = [
  ['BGN', 'BG', 'EUR', '2026-01-01'],
  ['HRK', 'HR', 'EUR', '2023-01-01'],
  ['ANG', 'CW', 'XCG', '2025-03-31'],
  ['SLL', 'SL', 'SLE', '2022-07-01'],
  ['VEF', 'VE', 'VES', '2018-08-20'],
  ['ZWL', 'ZW', 'ZWG', '2024-06-25'],
];
for (const [code, country, successor, since] of REPLACED) {
  currencies(`should file ${code} as historic, replaced in ${country} by ${successor} on ${since}`, () => {
    const historic = record.currencies.historic.find((entry: any) => entry.code === code);
    assert.equal(historic.used_in.find((use: any) => use.country === country).replaced_by, { code: successor, since });
    assert.not.ok(currency(code));
  });
}

const SYMBOLS: [string, string, string][] = [
  ['USD', 'en', '$'],
  ['USD', 'en-CA', 'US$'],
  ['CAD', 'en-CA', '$'],
  ['EUR', 'de', '€'],
  ['JPY', 'ja', '￥'],
];
for (const [code, tag, symbol] of SYMBOLS) {
  currencies(`should write ${code} as ${symbol} in ${tag}`, () => assert.is(inLocale<any>(currency(code).names, tag)!.value.symbol, symbol));
}

currencies('should give the plural forms the locale has (ru: one, few, many, other)', () => {
  assert.equal(Object.keys(inLocale<any>(currency('USD').names, 'ru')!.value.plural).sort(), ['few', 'many', 'one', 'other']);
});

/** Node's ICU (its own CLDR) is a reference nobody here wrote; it strips the bidi marks CLDR keeps in symbols. */
const bare = (text: string | undefined) => text?.replace(/[\u200e\u200f\u061c]/g, '');
const icuPart = (tag: string, code: string, display: 'symbol' | 'narrowSymbol') =>
  new Intl.NumberFormat(tag, { style: 'currency', currency: code, currencyDisplay: display }).formatToParts(1).find((part) => part.type === 'currency')?.value;
const language = (tag: string) => tag.split('-')[0];
/** Where ICU 78 departs from the CLDR 48.2 JSON the data is imported from (checked by hand in main/<tag>/currencies.json). */
const ICU_DEPARTS = new Set(['BYN sr-Cyrl-ME narrowSymbol']);

currencies('should agree with ICU on every symbol a locale of the same language supplies', () => {
  const disagreements: string[] = [];
  let compared = 0;
  for (const entry of record.currencies.currencies) {
    for (const { tag } of record.locales) {
      const found = inLocale<any>(entry.names, tag);
      if (!found || language(found.from) !== language(tag)) continue;
      compared++;
      for (const [display, ours] of [
        ['symbol', found.value.symbol],
        ['narrowSymbol', found.value.narrow_symbol],
      ] as const) {
        if (ICU_DEPARTS.has(`${entry.code} ${tag} ${display}`)) continue;
        if (bare(icuPart(tag, entry.code, display)) !== bare(ours))
          disagreements.push(`${entry.code} ${tag} ${display}: ours ${ours}, ICU ${icuPart(tag, entry.code, display)}`);
      }
    }
  }
  assert.ok(compared > 20000, `compared ${compared}`);
  assert.equal(disagreements, []);
});

currencies('should give every currency in use the minor units ICU gives it', () => {
  const differing = record.currencies.currencies.filter(
    (entry: any) => new Intl.NumberFormat('en', { style: 'currency', currency: entry.code }).resolvedOptions().maximumFractionDigits !== entry.minor_units,
  );
  assert.equal(
    differing.map((entry: any) => entry.code),
    [],
  );
});

currencies('should list each country under every currency it uses', () => {
  for (const entry of record.currencies.countries) {
    for (const { code } of entry.currencies) assert.ok(currency(code).countries.includes(entry.country), `${entry.country} ${code}`);
  }
});

currencies.run();
