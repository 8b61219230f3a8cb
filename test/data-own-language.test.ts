import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson } from '../build/lib/canonical-json.ts';
import type { Datasets } from '../build/types/datasets.ts';
import { checkOwnLanguageFloor, ownLanguageCoverage } from '../build/validate/own-language-coverage.ts';
import { DATA_DIR } from './helpers/paths.ts';

const data: Pick<Datasets, 'subdivisions' | 'locales' | 'curated/own-language-floors'> = {
  subdivisions: readJson(`${DATA_DIR}/subdivisions.json`),
  locales: readJson(`${DATA_DIR}/locales.json`),
  'curated/own-language-floors': readJson(`${DATA_DIR}/curated/own-language-floors.json`),
};
/** A copy with the names of `country`'s subdivisions in `locale` taken out, or with only `keep`'s subdivisions. */
const edited = (edit: (subdivisions: Datasets['subdivisions']) => Datasets['subdivisions']) => ({
  ...data,
  subdivisions: edit(structuredClone(data.subdivisions)),
});
const withoutNames = (country: string, locale: string) =>
  edited((subdivisions) => {
    for (const subdivision of subdivisions.filter((entry) => entry.country === country)) delete subdivision.name[locale];
    return subdivisions;
  });

const floor = suite('own-language floor');

floor('should hold the data to every floor, each set at the coverage it had', () => {
  assert.equal(checkOwnLanguageFloor(data), []);
  const coverage = new Map(ownLanguageCoverage(data).map((row) => [`${row.country} ${row.locale}`, row.named]));
  for (const { country, locale, floor } of data['curated/own-language-floors'])
    assert.ok((coverage.get(`${country} ${locale}`) ?? 0) >= floor, `${country} ${locale}`);
});

const LOST: [country: string, locale: string][] = [
  ['AF', 'fa'],
  ['JP', 'ja'],
  ['GR', 'el'],
];
for (const [country, locale] of LOST) {
  floor(`should refuse ${country}'s subdivisions losing their ${locale} names`, () => {
    const reasons = checkOwnLanguageFloor(withoutNames(country, locale)).map((problem) => problem.reason);
    assert.equal(reasons.length, 1, reasons.join('\n'));
    assert.match(reasons[0], `${country} ${locale}: 0 subdivisions named`);
  });
}

floor('should hold a cut of the data only to the floors of the countries it keeps', () => {
  assert.equal(checkOwnLanguageFloor(edited((subdivisions) => subdivisions.filter((entry) => entry.country === 'JP'))), []);
});

floor.run();

const cities = suite('subdivisions that are a zone city, in the languages of widest reach');

/** The reader's examples: the capital and the largest city in the names every reader of these languages knows. */
const CITY_NAMES: [code: string, locale: string, expected: string][] = [
  ['TH-10', 'zh', '曼谷'],
  ['TH-10', 'ru', 'Бангкок'],
  ['VN-SG', 'zh', '胡志明市'],
  ['EG-C', 'ru', 'Каир'],
  ['EG-C', 'zh', '开罗'],
  ['EG-C', 'fr', 'Le Caire'],
  ['KR-11', 'ja', 'ソウル'],
  ['VN-HN', 'zh', '河内市'],
];
for (const [code, locale, expected] of CITY_NAMES) {
  cities(`should name ${code} ${expected} in ${locale}`, () => {
    assert.is(data.subdivisions.find((subdivision) => subdivision.code === code)?.name[locale], expected);
  });
}

cities.run();
