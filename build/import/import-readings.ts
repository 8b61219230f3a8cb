/**
 * Readings of the Japanese and Chinese country names, for search (a Japanese reader types the kana
 * reading, through an IME from romaji; a Chinese reader types pinyin) and for the order of the ja list
 * (gojūon, by reading, as Japanese forms list countries). Kana from kuromoji's dictionary (mecab-ipadic),
 * toneless pinyin from pinyin-pro; data/curated/name-readings.json replaces a reading either gives wrongly,
 * naming the generated one, so a changed dictionary is looked at again rather than overridden blindly.
 */
import { join } from 'node:path';
import kuromoji from 'kuromoji';
import { pinyin } from 'pinyin-pro';
import { readJson } from '../lib/canonical-json.ts';
import { namesInLanguage } from '../lib/names-in-language.ts';
import { packageDir, packageVersion } from '../lib/upstream.ts';
import type { Country } from '../types/datasets.ts';

export interface Reading {
  country: string;
  language: 'ja' | 'zh';
  name: string;
  readings: string[];
  source: string;
}
interface CuratedReading extends Reading {
  generated: string[];
}

const HAN = /\p{Script=Han}/u;
const toHiragana = (text: string) => text.replace(/[\u30A1-\u30F6]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60));

async function japaneseTokenizer(): Promise<kuromoji.Tokenizer<kuromoji.IpadicFeatures>> {
  const dicPath = join(packageDir('kuromoji'), 'dict');
  return new Promise((resolve, reject) => kuromoji.builder({ dicPath }).build((error, tokenizer) => (error ? reject(error) : resolve(tokenizer))));
}

/** A name's reading in hiragana, or null where the dictionary does not know a word written in kanji. */
function kanaReading(tokenizer: kuromoji.Tokenizer<kuromoji.IpadicFeatures>, name: string): string | null {
  const parts = tokenizer
    .tokenize(name)
    .map((token) => (token.reading && token.reading !== '*' ? token.reading : HAN.test(token.surface_form) ? null : token.surface_form));
  return parts.includes(null) ? null : toHiragana(parts.join(''));
}

/** Toneless pinyin, syllables apart ("zhong guo"), ü kept; anything not Han stays as written. */
function pinyinReading(name: string): string {
  return pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(' ').replace(/\s+/g, ' ').trim();
}

export async function importReadings(dataDir: string, countries: Country[]): Promise<Reading[]> {
  const tokenizer = await japaneseTokenizer();
  const curated: CuratedReading[] = readJson(join(dataDir, 'curated', 'name-readings.json'));
  const applied = new Set<CuratedReading>();
  const kanaSource = `kuromoji ${packageVersion('kuromoji')} (mecab-ipadic-2.7.0-20070801)`;
  const pinyinSource = `pinyin-pro ${packageVersion('pinyin-pro')}`;
  const readings: Reading[] = [];
  for (const country of countries) {
    const generated = [
      ...namesInLanguage(country, 'ja')
        .filter((name) => HAN.test(name))
        .map((name) => {
          const reading = kanaReading(tokenizer, name);
          return { language: 'ja' as const, name, readings: reading ? [reading] : [], source: kanaSource };
        }),
      ...namesInLanguage(country, 'zh')
        .filter((name) => HAN.test(name))
        .map((name) => ({ language: 'zh' as const, name, readings: [pinyinReading(name)], source: pinyinSource })),
    ];
    for (const entry of generated) {
      const fix = curated.find((candidate) => candidate.country === country.alpha2 && candidate.language === entry.language && candidate.name === entry.name);
      if (fix && fix.generated.join('|') !== entry.readings.join('|')) {
        throw new Error(
          `name reading ${fix.country} ${fix.language} ${fix.name}: ${entry.source} now gives ${JSON.stringify(entry.readings)}, ` +
            `not ${JSON.stringify(fix.generated)}; review it in data/curated/name-readings.json`,
        );
      }
      if (fix) applied.add(fix);
      const chosen = fix ? { ...entry, readings: fix.readings, source: fix.source } : entry;
      if (chosen.readings.length > 0) readings.push({ country: country.alpha2, ...chosen });
      else if (!fix)
        throw new Error(
          `name reading ${country.alpha2} ${entry.language} ${entry.name}: ${entry.source} has no reading for a word of it; give one in data/curated/name-readings.json (or [] with the reason)`,
        );
    }
  }
  const unused = curated.filter((entry) => !applied.has(entry));
  if (unused.length > 0)
    throw new Error(`name readings that matched no name: ${unused.map((entry) => `${entry.country} ${entry.language} ${entry.name}`).join(', ')}`);
  return readings.sort((a, b) =>
    a.country < b.country
      ? -1
      : a.country > b.country
        ? 1
        : a.language < b.language
          ? -1
          : a.language > b.language
            ? 1
            : a.name < b.name
              ? -1
              : a.name > b.name
                ? 1
                : 0,
  );
}
