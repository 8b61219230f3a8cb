import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chainsOf, checkSubdivisionCoverage, OWN_FALLBACK_CEILING, subdivisionCoverage } from '../build/validate/subdivision-coverage.ts';
import { readDataset } from './helpers/datasets.ts';

const subdivisions = readDataset('subdivisions');
const curated = readDataset('curated/subdivision-names');
const locales = readDataset('locales');
const subdivision = (code: string) => subdivisions.find((entry) => entry.code === code);

const scripts = suite('data: a reader of a non-Latin locale names the subdivisions of their own country in their script');

/** Own-country subdivisions that may fall back, per locale: every one did before their names were curated. */
const PINNED: Record<string, number> = { hi: 0, kk: 0, ru: 0, 'zh-Hant': 0, ne: 0, ar: 54, ko: 0, fa: 0, el: 0, mk: 0, sw: 212 };

for (const row of subdivisionCoverage(subdivisions, Object.keys(PINNED), chainsOf(locales))) {
  scripts(`should leave at most ${PINNED[row.locale]} of the ${row.own} subdivisions of ${row.own_countries.join(' ')} without a ${row.locale} name`, () => {
    assert.ok(row.own_fallback.length <= PINNED[row.locale], `${row.own_fallback.length}: ${row.own_fallback.join(' ')}`);
    assert.ok(OWN_FALLBACK_CEILING[row.locale] <= PINNED[row.locale], `the gate's ceiling for ${row.locale} was raised`);
  });
}

/** [code, locale, name a native reader uses today] */
const NAMES: [string, string, string][] = [
  ['IN-MH', 'hi', 'महाराष्ट्र'],
  ['IN-HR', 'hi', 'हरियाणा'],
  ['KZ-10', 'kk', 'Абай облысы'],
  ['KZ-62', 'ru', 'область Ұлытау'],
  ['KZ-11', 'ru', 'Акмолинская область'],
  ['KG-Y', 'ru', 'Иссык-Кульская область'],
  ['CN-GD', 'zh-Hant', '廣東'],
  ['CN-NX', 'zh-Hant', '寧夏'],
  ['NP-P1', 'ne', 'कोशी प्रदेश'],
  ['KR-42', 'ko', '강원특별자치도'],
  ['KR-45', 'ko', '전북특별자치도'],
  ['IR-01', 'fa', 'گیلان'],
  ['IR-30', 'fa', 'البرز'],
  ['GR-H', 'el', 'Στερεά Ελλάδα'],
  ['MK-805', 'mk', 'Ѓорче Петров'],
  ['SA-01', 'ar', 'الرياض'],
  ['MA-06', 'ar', 'الدار البيضاء - سطات'],
  ['IQ-KR', 'ar', 'إقليم كردستان'],
  ['AE-AZ', 'ar', 'أبوظبي'],
  ['TZ-07', 'sw', 'Unguja Kaskazini'],
];
for (const [code, tag, expected] of NAMES) {
  scripts(`should name ${code} "${expected}" in ${tag}`, () => assert.is(subdivision(code)?.name[tag], expected));
}

scripts('should carry every curated subdivision name into the data (npm run import was run)', () => {
  assert.ok(curated.length >= 700, `${curated.length} entries`);
  // As a reader sees it: a name equal to the fallback's (kk Алматы, ru Алматы) is stored once, in the fallback.
  const chains = chainsOf(locales);
  const shown = (code: string, tag: string) =>
    chains
      .get(tag)!
      .map((locale) => subdivision(code)?.name[locale])
      .find(Boolean);
  assert.equal(
    curated.filter((entry) => shown(entry.code, entry.locale) !== entry.value).map((entry) => `${entry.code} ${entry.locale}`),
    [],
  );
});

scripts('should make the gate refuse a lost name, and a Latin one in its place', () => {
  const lost = structuredClone(subdivisions);
  delete lost.find((entry) => entry.code === 'IN-MH')!.name.hi;
  lost.find((entry) => entry.code === 'KZ-10')!.name.kk = 'Abay oblysy';
  const reasons = checkSubdivisionCoverage({ subdivisions: lost, locales }).map((problem) => problem.reason);
  assert.ok(
    reasons.some((reason) => reason.startsWith('hi: 1 of the 36 subdivisions of IN') && reason.endsWith('IN-MH')),
    reasons.join('\n'),
  );
  assert.ok(
    reasons.some((reason) => reason.startsWith('kk: 1 of the 20 subdivisions of KZ')),
    reasons.join('\n'),
  );
  assert.equal(checkSubdivisionCoverage({ subdivisions, locales }), []);
});

scripts.run();
