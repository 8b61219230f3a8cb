import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isInLocaleScript } from '../build/lib/locale-script.ts';
import { checkFormerNames } from '../build/validate/former-names.ts';
import { checkNamesInLocale } from '../build/validate/names-in-locale.ts';
import { formatProblem } from '../build/validate/problems.ts';
import type { Datasets } from '../build/types/datasets.ts';
import { realData } from './helpers/real-data.ts';

const data = realData().data as Datasets;
const country = (copy: Datasets, code: string) => copy.countries.find((entry) => entry.alpha2 === code)!;
const subdivision = (copy: Datasets, code: string) => copy.subdivisions.find((entry) => entry.code === code)!;
const region = (copy: Datasets, code: string) => copy.regions.find((entry) => entry.code === code)!;

/** A copy of the datasets a gate reads, so a case can break one value. */
function copied(): Datasets {
  return { ...data, countries: structuredClone(data.countries), subdivisions: structuredClone(data.subdivisions), regions: structuredClone(data.regions) };
}

const script = suite("names in their locale's script");

const SCRIPT_CASES: [string, string, boolean][] = [
  ['Турецкая Республика', 'ru', true],
  ['Republic of Türkiye', 'ru', false],
  ['माली', 'te', false],
  ['コソボ-Metohija', 'ja', false],
  ['ブラックバーン・ウィズ・ダーウェン', 'ja', true],
  ['హాంకాంగ్ SAR చైనా', 'te', true],
  ['Ілокос (Регіон I)', 'uk', true],
  ['UK', 'te', true],
  ['SUCRE', 'ko', false],
  ['Ուգանդաji Հանրապետություն', 'hy', false],
  ['Oʻzbekiston', 'uz', true],
  ['Србија', 'sr-Latn', false],
  ['土耳其共和國', 'zh-Hant', true],
];
for (const [text, tag, expected] of SCRIPT_CASES) {
  script(`should ${expected ? 'accept' : 'refuse'} ${JSON.stringify(text)} under ${tag}`, () => {
    assert.is(isInLocaleScript(text, tag), expected);
  });
}

const gates = suite('name gates (names-in-locale, former-names)');

gates('should pass on the real data', () => {
  assert.equal([...checkNamesInLocale(data), ...checkFormerNames(data)].map(formatProblem), []);
});

/** Each class broken in one record and locale of each dataset, with what the gate must say. */
const BREACHES: { name: string; gate: (data: Datasets) => ReturnType<typeof checkNamesInLocale>; mutate: (copy: Datasets) => void; expected: string }[] = [
  {
    name: 'English under a Cyrillic locale (countries)',
    gate: checkNamesInLocale,
    expected: 'TR official_name "Republic of Türkiye" is not written in the Cyrl script of ru',
    mutate: (copy) => {
      country(copy, 'TR').official_name.ru = 'Republic of Türkiye';
    },
  },
  {
    name: 'English under a Latin locale (countries)',
    gate: checkNamesInLocale,
    expected: 'TR official_name "Republic of Türkiye" is the English name, which CLDR does not give in fr',
    mutate: (copy) => {
      country(copy, 'TR').official_name.fr = 'Republic of Türkiye';
    },
  },
  {
    name: 'Latin under Japanese (countries)',
    gate: checkNamesInLocale,
    expected: 'CZ iso_name "Czechia" is not written in the Jpan script of ja',
    mutate: (copy) => {
      country(copy, 'CZ').iso_name!.ja = 'Czechia';
    },
  },
  {
    name: 'another Indic script (countries)',
    gate: checkNamesInLocale,
    expected: 'ML iso_name "माली" is not written in the Telu script of te',
    mutate: (copy) => {
      country(copy, 'ML').iso_name!.te = 'माली';
    },
  },
  {
    name: 'English among alternative names',
    gate: checkNamesInLocale,
    expected: 'CZ alternative_names "Czech Republic" is the English name, which CLDR does not give in de',
    mutate: (copy) => {
      country(copy, 'CZ').alternative_names.de = ['Czech Republic'];
    },
  },
  {
    name: 'Latin under Hindi (subdivisions)',
    gate: checkNamesInLocale,
    expected: 'IN-MH name "Maharashtra" is not written in the Deva script of hi',
    mutate: (copy) => {
      subdivision(copy, 'IN-MH').name.hi = 'Maharashtra';
    },
  },
  {
    name: 'English under a Latin locale (subdivisions)',
    gate: checkNamesInLocale,
    expected: 'ZA-WC name "Western Cape" is the English name, which CLDR does not give in pt',
    mutate: (copy) => {
      subdivision(copy, 'ZA-WC').name.pt = 'Western Cape';
    },
  },
  {
    name: 'Latin under Russian (regions)',
    gate: checkNamesInLocale,
    expected: '155 name "Western Europe" is not written in the Cyrl script of ru',
    mutate: (copy) => {
      region(copy, '155').name.ru = 'Western Europe';
    },
  },
  {
    name: 'English under a Latin locale (regions)',
    gate: checkNamesInLocale,
    expected: '155 name "Western Europe" is the English name, which CLDR does not give in it',
    mutate: (copy) => {
      region(copy, '155').name.it = 'Western Europe';
    },
  },
  {
    name: 'a former short name in English',
    gate: checkFormerNames,
    expected: 'SZ name "Swaziland" in zu is the name ISO replaced',
    mutate: (copy) => {
      country(copy, 'SZ').name.zu = 'Swaziland';
    },
  },
  {
    name: 'a former short name in another script',
    gate: checkFormerNames,
    expected: 'SZ name "Свазиленд" in ky is the name ISO replaced ("Свази")',
    mutate: (copy) => {
      country(copy, 'SZ').name.ky = 'Свазиленд';
    },
  },
  {
    name: 'a translation of a former full name',
    gate: checkFormerNames,
    expected: 'IS official_name "Republik Island" in de is the name ISO replaced',
    mutate: (copy) => {
      country(copy, 'IS').official_name.de = 'Republik Island';
    },
  },
  {
    name: 'a former short name that iso-codes still gives',
    gate: checkFormerNames,
    expected: 'NL iso_name "Niederlande" in de is the name ISO replaced',
    mutate: (copy) => {
      country(copy, 'NL').iso_name!.de = 'Niederlande';
    },
  },
  {
    name: 'a former name kept by CLDR as a variant',
    gate: checkFormerNames,
    expected: 'CZ name "Tschechische Republik" in de is the name ISO replaced',
    mutate: (copy) => {
      country(copy, 'CZ').name.de = 'Tschechische Republik';
    },
  },
  {
    name: 'a former name in Korean',
    gate: checkFormerNames,
    expected: 'TR name "터키" in ko is the name ISO replaced',
    mutate: (copy) => {
      country(copy, 'TR').name.ko = '터키';
    },
  },
  {
    name: "the English of a renamed field not ISO's current name",
    gate: checkFormerNames,
    expected: 'MM official_name is "Republic of Myanmar"; ISO renamed it',
    mutate: (copy) => {
      country(copy, 'MM').official_name.en = 'Republic of Myanmar';
    },
  },
  {
    name: 'a review that no longer matches',
    gate: checkFormerNames,
    expected: 'the review of "缅甸联邦共和国" in zh matches no name any more',
    mutate: (copy) => {
      delete country(copy, 'MM').official_name.zh;
    },
  },
];

for (const breach of BREACHES) {
  gates(`should refuse ${breach.name}`, () => {
    const copy = copied();
    breach.mutate(copy);
    const messages = breach.gate(copy).map(formatProblem);
    assert.ok(
      messages.some((message) => message.includes(breach.expected)),
      `expected "${breach.expected}" among:\n${messages.join('\n')}`,
    );
  });
}

const chains = suite('locale fallback chains');
const chainOf = (tag: string) => data.locales.locales.find((locale: any) => locale.tag === tag)!.fallback as string[];

const CHAINS: [string, string[]][] = [
  ['kk', ['ru', 'en']],
  ['ky', ['ru', 'en']],
  ['ca', ['es', 'en']],
  ['eu', ['es', 'en']],
  ['gl', ['es', 'en']],
  ['zh-Hant', ['en']],
  ['zh-Hant-HK', ['zh-Hant', 'en']],
  ['yue', ['zh-Hant', 'en']],
  ['pt-AO', ['pt-PT', 'pt', 'en']],
  ['az', ['en']],
];
for (const [tag, expected] of CHAINS) {
  chains(`should make ${tag} fall back to ${expected.join(', ')}`, () => assert.equal(chainOf(tag), expected));
}

chains("should end every chain but English's with English, and never reach Simplified Chinese from Traditional", () => {
  for (const locale of data.locales.locales) {
    if (locale.tag === 'en') continue;
    assert.is(locale.fallback.at(-1), 'en', locale.tag);
    if (/Hant|^yue$/.test(locale.tag)) assert.not.ok(locale.fallback.includes('zh'), locale.tag);
  }
});

script.run();
gates.run();
chains.run();
