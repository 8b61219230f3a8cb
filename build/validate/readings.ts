/**
 * The data gate's rules for name readings (data/name-readings.json): every Japanese name written with
 * kanji has a kana reading (or a curated entry saying why none is citable), every Chinese name has
 * pinyin, and each reading is written in its script: kana for ja (a kanji left in it is no reading),
 * toneless Latin pinyin for zh. Search matches these readings and the ja list sorts by them.
 */
import { Problems, type Problem } from './problems.ts';
import { namesInLanguage } from '../lib/names-in-language.ts';
import type { Datasets } from '../types/datasets.ts';

const HAN = /\p{Script=Han}/u;
const KANA_READING = /^[\p{Script=Hiragana}ー\p{P}\p{Zs}\p{N}\p{Script=Latin}]+$/u;
const PINYIN_READING = /^[a-zü]+(?:[ \p{P}]+[a-zü]*)*[\p{P}]*$/u;

export function checkReadings(data: Datasets): Problem[] {
  const problems = new Problems('data/name-readings.json');
  const readings = data['name-readings'];
  const read = new Set(readings.map((entry) => `${entry.country} ${entry.language} ${entry.name}`));
  const unreadable = new Set(
    data['curated/name-readings'].filter((entry) => entry.readings.length === 0).map((entry) => `${entry.country} ${entry.language} ${entry.name}`),
  );
  for (const country of data.countries) {
    for (const language of ['ja', 'zh']) {
      for (const name of new Set(namesInLanguage(country, language).filter((text) => HAN.test(text)))) {
        const key = `${country.alpha2} ${language} ${name}`;
        if (!read.has(key) && !unreadable.has(key))
          problems.add('/', `${country.alpha2} ${language} name ${name} has no reading (give one, or a curated entry with the reason none is citable)`);
      }
    }
  }
  readings.forEach((entry, index) => {
    const shape = entry.language === 'ja' ? KANA_READING : PINYIN_READING;
    for (const reading of entry.readings) {
      if (!shape.test(reading))
        problems.add(
          `/${index}`,
          `${entry.country} ${entry.language} reading ${JSON.stringify(reading)} of ${entry.name} is not ${entry.language === 'ja' ? 'kana' : 'toneless pinyin'}`,
        );
    }
  });
  return problems.list;
}
