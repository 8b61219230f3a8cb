import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson } from '../build/lib/canonical-json.ts';
import { countryNameFailures } from '../build/lib/country-name-checks.ts';
import { hunspellJudge, recordedJudge, type SpellingVerdicts } from '../build/lib/dictionary-words.ts';
import { invisibleCharacter, withoutInvisibleCharacters } from '../build/lib/invisible-characters.ts';
import { DATA_DIR } from './helpers/paths.ts';

const countries: any[] = readJson(`${DATA_DIR}/countries.json`);
const dropped: any[] = readJson(`${DATA_DIR}/dropped-names.json`);
const everyValue = () => true;
const spelling: SpellingVerdicts = readJson(`${DATA_DIR}/spelling.json`);
// A name put in by a case is judged by Hunspell itself; the served ones by the verdicts the import recorded.
const { unknownWords } = hunspellJudge();

/** Each class of wrong community name, as iso-codes' catalogues gave it, with the check that catches it. */
const WRONG: { code: string; field: 'official_name' | 'iso_name'; locale: string; value: string; check: string }[] = [
  { code: 'NP', field: 'official_name', locale: 'ne', value: 'संघीय प्रजातन्त्रिक गणराज्य, ईथोपिया', check: 'own-name-missing' },
  { code: 'NG', field: 'official_name', locale: 'bn', value: 'প্রজাতন্ত্রী যুক্তরাষ্ট্র নেপাল', check: 'other-country-name' },
  { code: 'AM', field: 'official_name', locale: 'te', value: 'రిపబ్లిక్ ఆఫ్ అమేరికా', check: 'own-name-missing' },
  { code: 'NP', field: 'official_name', locale: 'vi', value: 'Cộng hoà Nhân dân Liên bang Ne-pan', check: 'own-name-missing' },
  { code: 'KR', field: 'official_name', locale: 'uk', value: 'Південна Корея', check: 'common-name-as-official' },
  { code: 'KR', field: 'official_name', locale: 'th', value: 'เกาหลีใต้', check: 'common-name-as-official' },
  { code: 'TH', field: 'official_name', locale: 'fr', value: 'République de Thaïlande', check: 'form-of-state' },
  { code: 'PK', field: 'official_name', locale: 'uk', value: 'Ісламська Респуліка Пакистан', check: 'unknown-word' },
  { code: 'TZ', field: 'official_name', locale: 'ne', value: 'तान्जानियाको संयक्त गणराज्य', check: 'unknown-word' },
];

/** Names the checks must let through: inflected, elided, Han forms of state. */
const RIGHT: { code: string; field: 'official_name'; locale: string; value: string }[] = [
  { code: 'NP', field: 'official_name', locale: 'ka', value: 'ნეპალის ფედერალური დემოკრატიული რესპუბლიკა' },
  { code: 'AD', field: 'official_name', locale: 'fr', value: "Principauté d'Andorre" },
  { code: 'RU', field: 'official_name', locale: 'uk', value: 'Російська Федерація' },
  { code: 'CN', field: 'official_name', locale: 'zh', value: '中华人民共和国' },
  { code: 'TH', field: 'official_name', locale: 'th', value: 'ราชอาณาจักรไทย' },
  { code: 'CL', field: 'official_name', locale: 'hy', value: 'Չիլիի Հանրապետություն' },
  { code: 'TG', field: 'official_name', locale: 'uk', value: 'Тоголезька Республіка' },
  { code: 'HN', field: 'official_name', locale: 'ta', value: 'ஹோன்டுராஸ் குடியரசு' },
];

function failuresWith(entry: { code: string; field: string; locale: string; value: string }) {
  const copy = structuredClone(countries);
  copy.find((country) => country.alpha2 === entry.code)[entry.field][entry.locale] = entry.value;
  const isCommunity = (code: string, field: string, locale: string) => code === entry.code && field === entry.field && locale === entry.locale;
  return countryNameFailures(copy, [entry.locale], { isCommunity, dropped, unknownWords });
}

const checks = suite('community country names');

for (const entry of WRONG) {
  checks(`should refuse ${entry.code} ${entry.field} ${entry.locale} ${JSON.stringify(entry.value)} as ${entry.check}`, () => {
    assert.equal(
      failuresWith(entry).map((failure) => failure.check),
      [entry.check],
    );
  });
}

for (const entry of RIGHT) {
  checks(`should pass ${entry.code} ${entry.locale} ${JSON.stringify(entry.value)}`, () => {
    assert.equal(failuresWith(entry), []);
  });
}

checks('should serve no community name that fails a check in the locales the reader sampled', () => {
  const failures = countryNameFailures(countries, ['vi', 'te', 'bn', 'ne', 'hy', 'ka', 'uk', 'th'], {
    isCommunity: everyValue,
    dropped,
    unknownWords: recordedJudge(spelling, (word, tag) => assert.unreachable(`${tag} ${word} has no verdict`)),
  });
  const exceptions: any[] = readJson(`${DATA_DIR}/curated/name-check-exceptions.json`);
  const reviewed = new Set(exceptions.map((entry) => `${entry.code} ${entry.field} ${entry.locale} ${entry.value}`));
  assert.equal(
    failures.filter((failure) => !reviewed.has(`${failure.code} ${failure.field} ${failure.locale} ${failure.value}`)),
    [],
  );
});

checks('should have dropped each wrong name the reader found', () => {
  const held = new Set(dropped.map((entry) => `${entry.code} ${entry.locale} ${entry.value}`));
  for (const entry of WRONG.slice(0, 4)) assert.ok(held.has(`${entry.code} ${entry.locale} ${entry.value}`), `${entry.code} ${entry.locale}`);
});

checks.run();

const invisible = suite('invisible characters');

const INVISIBLE: [string, string | null][] = [
  ['\u200bម៉ុងតេណេក្រូ', 'U+200B at the start'],
  ['សាធារណរដ្ឋ\u200bឈីលី\u200b', 'U+200B at the end'],
  ['Jog\u00adjakarta', 'U+00AD at 3'],
  ['សាធារណ\u200bរដ្ឋ', null],
  ['ఫ్రాన్స్\u200c', null],
  ['Paris\u200bFrance', 'U+200B in a script that writes spaces'],
];

for (const [text, expected] of INVISIBLE) {
  invisible(`should judge ${JSON.stringify(text)} ${expected ?? 'fine'}`, () => {
    assert.is(invisibleCharacter(text), expected);
    assert.is(invisibleCharacter(withoutInvisibleCharacters(text)), null);
  });
}

invisible.run();
