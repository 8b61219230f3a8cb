/**
 * The form page's words gate (build/validate/page-words.ts) on the curated words and on copies with one
 * thing broken: a language missing, an English word left in a right-to-left language, a CLDR-sourced
 * label that is not CLDR's, a placeholder lost.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Datasets } from '../build/types/datasets.ts';
import { checkPageWords, cldrLanguageLabel, cldrRecordLabels, PAGE_LANGUAGES } from '../build/validate/page-words.ts';
import { DATA_DIR } from './helpers/paths.ts';

type PageWords = Datasets['curated/page-words'];
const curated: PageWords = JSON.parse(readFileSync(join(DATA_DIR, 'curated', 'page-words.json'), 'utf8'));
const check = (words: PageWords) => checkPageWords({ 'curated/page-words': words } as Datasets).map((problem) => problem.reason);
const entryOf = (words: PageWords, language: string) => words.find((entry) => entry.language === language)!;

const gate = suite('page words gate');

gate('should pass the curated words, every language the page speaks included', () => {
  assert.equal(check(curated), []);
  assert.equal(curated.map((entry) => entry.language).sort(), [...PAGE_LANGUAGES].sort());
});

gate('should take CLDR words for the labels, without the right-to-left mark CLDR writes after the Hebrew colon', () => {
  assert.is(cldrLanguageLabel('he'), 'שפה');
  assert.equal(cldrRecordLabels('de'), { currency: 'Währung', time_zone: 'Zeitzone' });
  assert.equal(cldrRecordLabels('fa'), { currency: 'واحد پول', time_zone: 'منطقهٔ زمانی' });
});

const BROKEN: [string, (words: PageWords) => void, RegExp][] = [
  ['a right-to-left language missing', (words) => words.splice(words.indexOf(entryOf(words, 'ur')), 1), /no words in ur/],
  [
    'an English word in Hebrew',
    (words) => {
      entryOf(words, 'he').sets.page.words.check = 'Check הכתובת';
    },
    /he check .* holds a Latin-script word/,
  ],
  [
    'a currency label that is not CLDR’s',
    (words) => {
      entryOf(words, 'fa').sets.record_labels.words.currency = 'ارز';
    },
    /fa currency "ارز" is not CLDR's "واحد پول"/,
  ],
  [
    'a placeholder lost',
    (words) => {
      entryOf(words, 'ur').sets.page.words.phone_valid = 'درست نمبر';
    },
    /ur phone_valid has no placeholders, English \{number\}/,
  ],
];
for (const [what, breakIt, expected] of BROKEN) {
  gate(`should refuse ${what}`, () => {
    const words = structuredClone(curated);
    breakIt(words);
    const problems = check(words);
    assert.ok(
      problems.some((problem) => expected.test(problem)),
      problems.join('\n'),
    );
  });
}

gate.run();
