/**
 * The built lists as a reader of each locale expects them: countries and subdivisions in the order of
 * their names collated for the locale, and the compact items carrying what a phone country picker needs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson } from '../build/lib/canonical-json.ts';
import { builtDist } from './helpers/dist.ts';
import type { Manifest } from '../contract/manifest.ts';
import { readDataset } from './helpers/datasets.ts';

const dist = builtDist();
const manifest = readJson<Manifest>(join(dist, 'manifest.json'));
const read = (path: string) => JSON.parse(readFileSync(join(dist, path), 'utf8'));
const listPath = (tag: string, name: string) => (tag === 'en' ? `v1/${name}` : `v1/_locale/${tag}/${name}`);
const codes = (list: any[]) => list.map((item) => item.code);

/** The items out of order for `tag` (collated names, then codes), as "previous > next". */
function misordered(items: any[], tag: string, name: (item: any) => string): string[] {
  const collator = new Intl.Collator(tag);
  return items.slice(1).flatMap((item, index) => {
    const previous = items[index];
    const order = collator.compare(name(previous), name(item)) || (previous.code < item.code ? -1 : 1);
    return order > 0 ? [`${tag}: ${name(previous)} (${previous.code}) > ${name(item)} (${item.code})`] : [];
  });
}

const order = suite('lists: ordered by the name as the reader sees it');

/** Japanese lists sort a name by its kana reading (gojūon), as Japanese forms do; other lists by the name. */
const kana = new Map<string, string>(
  readDataset('name-readings')
    .filter((entry) => entry.language === 'ja')
    .map((entry) => [entry.name, entry.readings[0]]),
);
const sortName = (tag: string, name: string) => (tag.split('-')[0] === 'ja' ? (kana.get(name) ?? name) : name);

order('should order both views of the country list by name (ja: by reading), collated for the locale, in every locale', () => {
  const failures: string[] = [];
  for (const { tag } of manifest.locales) {
    failures.push(...misordered(read(listPath(tag, 'countries.json')).countries, tag, (country) => sortName(tag, country.name)));
    const full = read(listPath(tag, 'countries.full.json')).countries;
    failures.push(...misordered(full, tag, (country) => sortName(tag, country.name.common)));
    assert.equal(codes(full), codes(read(listPath(tag, 'countries.json')).countries), `${tag}: both views in one order`);
  }
  assert.equal(failures.slice(0, 5), []);
});

/** [locale, codes that must follow each other, why a reader expects it] */
const NEIGHBOURS: [string, string[], string][] = [
  ['en', ['AF', 'AX', 'AL'], 'Åland Islands sorts as Aland, between Afghanistan and Albania'],
  ['de', ['OM', 'AT', 'PK'], 'Österreich sorts with O in German, between Oman and Pakistan'],
  ['sv', ['ZW', 'AX', 'AT', 'TL'], 'Å and Ö are the last letters of the Swedish alphabet: Åland, Österrike, Östtimor come after Zimbabwe'],
  ['zh', ['AL', 'DZ', 'AF'], 'Chinese names sort by pinyin: 阿尔巴尼亚, 阿尔及利亚, 阿富汗 (a-er-b, a-er-j, a-f)'],
  [
    'ja',
    ['NE', 'EH', 'JP', 'NC'],
    'Japanese lists sort by reading (gojūon): 日本 (にほん) between ニジェール, 西サハラ (にしさはら) and ニューカレドニア, not after every kana name',
  ],
  ['ja', ['CM', 'KR', 'GM', 'KH'], '韓国 (かんこく) between カメルーン and ガンビア, カンボジア'],
  [
    'zh-Hant',
    ['TR', 'TC', 'TM'],
    'Traditional Chinese lists keep stroke order (CLDR zh_Hant default collation): 土耳其, 土克斯及開科斯群島, 土庫曼 (土, 3 strokes)',
  ],
];

for (const [tag, neighbours, why] of NEIGHBOURS) {
  order(`should put ${neighbours.join(', ')} next to each other in ${tag} (${why})`, () => {
    const list = codes(read(listPath(tag, 'countries.json')).countries);
    const start = list.indexOf(neighbours[0]);
    assert.equal(list.slice(start, start + neighbours.length), neighbours);
  });
}

const codeOrdered: { country: string; languages: string[] }[] = readJson(join(import.meta.dirname, '..', 'data', 'curated', 'subdivision-orders.json'));
const inCodeOrder = (country: string, tag: string) => codeOrdered.some((entry) => entry.country === country && entry.languages.includes(tag.split('-')[0]));

order('should order every subdivision list by name, collated for its locale, unless its forms use code order', () => {
  const lists = Object.keys(manifest.files).filter((path) => /^v1\/(_locale\/[^/]+\/)?subdivisions\/[A-Z]{2}\.json$/.test(path));
  const failures: string[] = [];
  for (const path of lists) {
    const tag = /^v1\/_locale\/([^/]+)\//.exec(path)?.[1] ?? 'en';
    const list = read(path);
    if (inCodeOrder(list.country, tag)) {
      const inOrder = [...codes(list.subdivisions)].sort();
      if (codes(list.subdivisions).join() !== inOrder.join()) failures.push(`${tag}: ${list.country} not in code order`);
    } else failures.push(...misordered(list.subdivisions, tag, (subdivision) => subdivision.name));
  }
  assert.equal(failures.slice(0, 5), []);
  assert.ok(lists.length > 1000, `${lists.length} subdivision lists checked`);
  assert.equal(codes(read('v1/subdivisions/US.json').subdivisions).slice(0, 3), ['US-AL', 'US-AK', 'US-AS']);
});

order("should list Japan's prefectures for ja as Japanese forms do: JIS X 0401 order, each with its 都, 道, 府 or 県", () => {
  const prefectures = read('v1/_locale/ja/subdivisions/JP.json').subdivisions;
  assert.equal(
    codes(prefectures),
    Array.from({ length: 47 }, (_, index) => `JP-${String(index + 1).padStart(2, '0')}`),
  );
  assert.equal(
    prefectures.slice(0, 10).map((prefecture: any) => prefecture.name),
    ['北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県'],
  );
  const byCode = new Map(prefectures.map((prefecture: any) => [prefecture.code, prefecture.name]));
  assert.equal(
    ['JP-13', 'JP-26', 'JP-27', 'JP-47'].map((code) => byCode.get(code)),
    ['東京都', '京都府', '大阪府', '沖縄県'],
  );
  assert.ok(
    prefectures.every((prefecture: any) => /[都道府県]$/u.test(prefecture.name)),
    'every prefecture ends in 都, 道, 府 or 県',
  );
  // English readers still get Japan by name: Aichi first.
  assert.is(read('v1/subdivisions/JP.json').subdivisions[0].code, 'JP-23');
});

const callingCode = suite('lists: calling_code in the compact view');

callingCode('should give every compact item the calling code of its full record, in every locale', () => {
  const full = new Map(read('v1/countries.full.json').countries.map((country: any) => [country.code, country.calling_code]));
  for (const { tag } of manifest.locales) {
    for (const country of read(listPath(tag, 'countries.json')).countries) assert.is(country.calling_code, full.get(country.code), `${tag} ${country.code}`);
  }
  const compact = new Map(read('v1/countries.json').countries.map((country: any) => [country.code, country.calling_code]));
  assert.is(compact.get('BR'), '+55');
  assert.is(compact.get('AQ'), '+672');
  assert.is(compact.get('VA'), '+39');
});

order.run();
callingCode.run();
