import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CityProvinceCheck, type CityProvinceWords } from '../build/lib/city-province-words.ts';
import { checkCityProvinceWords } from '../build/validate/city-province-words.ts';
import type { Datasets } from '../build/types/datasets.ts';
import { realData } from './helpers/real-data.ts';

const data = realData().data as Datasets;
const check = new CityProvinceCheck(data['curated/city-province-words'] as CityProvinceWords);
const place = (code: string) => data.subdivisions.find((subdivision) => subdivision.code === code)!;

/** A city and the province around it confused, as iso-codes' catalogues gave them (and two the issue names). */
const WRONG: [code: string, locale: string, value: string][] = [
  ['TW-TPE', 'zh', '台北县'],
  ['TW-HSZ', 'zh', '新竹县'],
  ['HR-01', 'zh', '萨格勒布市'],
  ['HU-VM', 'zh', '维斯普雷姆州'],
  ['MZ-MPM', 'lt', 'Maputu provincija'],
  ['IT-PU', 'vi', 'Thành Phố Pesaro'],
  ['TH-10', 'uk', 'Столичний округ'],
  ['VN-HN', 'vi', 'Tỉnh Hà Nội'],
  ['VN-44', 'vi', 'Thành phố An Giang'],
  ['CN-GD', 'zh', '广东市'],
  ['LA-VT', 'lo', 'ແຂວງວຽງຈັນ'],
  ['KH-12', 'km', 'ខេត្តភ្នំពេញ'],
];

/** Right names the check must let through: a designation of the place's own kind, a word its own names write, a syllable that is no word. */
const RIGHT: [code: string, locale: string, value: string][] = [
  ['TW-TPE', 'zh', '台北市'],
  ['CN-BJ', 'zh', '北京市'],
  ['CN-GD', 'zh', '广东省'],
  ['KR-11', 'ko', '서울특별시'],
  ['JP-13', 'ja', '東京都'],
  ['VN-HN', 'vi', 'Thành phố Hà Nội'],
  ['VN-44', 'vi', 'Tỉnh An Giang'],
  ['CH-BS', 'fr', 'Bâle-Ville'],
  ['US-TN', 'ko', '테네시'],
  ['TH-30', 'th', 'นครราชสีมา'],
  ['LA-VT', 'lo', 'ນະຄອນຫຼວງວຽງຈັນ'],
  ['BG-23', 'bg', 'Софийска област'],
];

const words = suite('city-province-word');

for (const [code, locale, value] of WRONG) {
  words(`should refuse ${code} ${locale} ${JSON.stringify(value)}`, () => {
    assert.ok(check.failure(place(code), locale, value));
  });
}

for (const [code, locale, value] of RIGHT) {
  words(`should pass ${code} ${locale} ${JSON.stringify(value)}`, () => {
    assert.is(check.failure(place(code), locale, value), null);
  });
}

words('should list every language with a word of each kind at most once', () => {
  for (const language of data['curated/city-province-words'].languages) {
    assert.equal(
      language.city.filter((word) => language.province.includes(word)),
      [],
      language.language,
    );
  }
});

words('should serve none of the names the import dropped so', () => {
  const served = new Set(
    data.subdivisions.flatMap((subdivision) => Object.entries<string>(subdivision.name).map(([tag, name]) => `${subdivision.code} ${tag} ${name}`)),
  );
  const dropped = data['dropped-names'].filter((entry) => entry.check === 'city-province-word');
  assert.ok(dropped.length > 0);
  assert.equal(
    dropped.filter((entry) => served.has(`${entry.code} ${entry.locale} ${entry.value}`)),
    [],
  );
});

const gate = suite('city-province-word gate');

gate('should pass the data as imported', () => {
  assert.equal(checkCityProvinceWords(data), []);
});

gate('should refuse a served catalogue name that calls a city a county', () => {
  const subdivisions = structuredClone(data.subdivisions);
  subdivisions.find((subdivision) => subdivision.code === 'TW-TPE')!.name.zh = '台北县';
  const problems = checkCityProvinceWords({ ...data, subdivisions });
  assert.equal(
    problems.map((problem) => problem.pointer),
    [`/${subdivisions.findIndex((subdivision) => subdivision.code === 'TW-TPE')}/name/zh`],
  );
  assert.match(problems[0].reason, 'city-province-word');
});

gate('should refuse an exception that matches no served name', () => {
  const exceptions = [
    ...data['curated/name-check-exceptions'],
    { check: 'city-province-word', code: 'TW-TPE', field: 'name', locale: 'zh', value: '台北县', reason: 'a case: no served name is so' },
  ] as Datasets['curated/name-check-exceptions'];
  const problems = checkCityProvinceWords({ ...data, 'curated/name-check-exceptions': exceptions });
  assert.equal(
    problems.map((problem) => problem.file),
    ['data/curated/name-check-exceptions.json'],
  );
});

words.run();
gate.run();
