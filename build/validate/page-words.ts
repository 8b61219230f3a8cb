/**
 * Gate: the form page speaks the 15 most used languages of the web, zh-Hant and the right-to-left
 * languages most read after Arabic (Hebrew, Persian, Urdu) in full. Every language has English's
 * strings, no more, with the same `{placeholders}`; a word equal to the English one is refused unless
 * the language lists it in same_as_english (a name, a loanword); a language written in another script
 * holds no Latin-script word but the names the page keeps as they are; and the language select's label
 * and the record's labels (currency, time zone) are CLDR's words in that language, as their sources say.
 */
import type { CldrMain } from '../lib/cldr-names.ts';
import { readPackageJson } from '../lib/upstream.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

/** The 15 most used content languages of the web (W3Techs' ranking), Traditional Chinese, and the right-to-left ones besides Arabic. */
export const PAGE_LANGUAGES = ['en', 'zh', 'zh-Hant', 'es', 'ar', 'pt', 'fr', 'ja', 'ru', 'de', 'hi', 'ko', 'it', 'tr', 'id', 'vi', 'he', 'fa', 'ur'];
/** Latin-script names kept as they are in every script: the product, a command, key names (Enter, as keyboards print it) and postal terms that are names. */
const KEPT_NAMES = /Country Reference API|npm start|API|CEDEX|Eircode|PIN|Enter/g;
const PLACEHOLDER = /\{[a-z_]+\}/g;

const placeholders = (text: string) => (text.match(PLACEHOLDER) ?? []).sort().join(' ');
type PageWords = Datasets['curated/page-words'][number];
const wordsOf = (entry: PageWords): Record<string, string> => Object.assign({}, ...Object.values(entry.sets).map((set) => set.words));
const scriptOf = (language: string) => new Intl.Locale(language).maximize().script;

type DisplayNames = { codePatterns: { language: string }; keys: { currency: string; timezone: string } };
const displayNames = (language: string) =>
  readPackageJson<CldrMain<DisplayNames>>('cldr-localenames-full', `main/${language}/localeDisplayNames.json`).main[language].localeDisplayNames;
const capitalised = (word: string, language: string) => word.charAt(0).toLocaleUpperCase(language) + word.slice(1);

/** CLDR's label for a language select: codePatterns.language ("Language: {0}", fr "langue : {0}", he "שפה:\u200f {0}") without the value, capitalised. */
export function cldrLanguageLabel(language: string): string {
  return capitalised(
    displayNames(language)
      .codePatterns.language.replace('{0}', '')
      .replace(/[\s:：\u200e\u200f\u202f]+$/u, ''),
    language,
  );
}

/** CLDR's names of the record's keys (keys.currency, keys.timezone), capitalised, under the page's word keys. */
export function cldrRecordLabels(language: string): Record<'currency' | 'time_zone', string> {
  const { keys } = displayNames(language);
  return { currency: capitalised(keys.currency, language), time_zone: capitalised(keys.timezone, language) };
}

export function checkPageWords(data: Datasets): Problem[] {
  const problems = new Problems('data/curated/page-words.json');
  const entries = data['curated/page-words'];
  const position = new Map(entries.map((entry, index) => [entry.language, index]));
  for (const language of PAGE_LANGUAGES)
    if (!position.has(language)) problems.add('', `no words in ${language}: the page must speak ${PAGE_LANGUAGES.join(', ')}`);
  const english = entries[position.get('en') ?? -1];
  if (!english) return problems.list;
  const englishWords = wordsOf(english);
  for (const [index, entry] of entries.entries()) {
    const words = wordsOf(entry);
    const latinScript = scriptOf(entry.language) === 'Latn';
    for (const key of Object.keys(englishWords)) if (!(key in words)) problems.add(`/${index}`, `${entry.language} lacks ${key}`);
    for (const [key, text] of Object.entries(words)) {
      const at = `/${index}/${key}`;
      if (!(key in englishWords)) {
        problems.add(at, `${key} is no English string; the page would never show it`);
        continue;
      }
      if (placeholders(text) !== placeholders(englishWords[key]))
        problems.add(at, `${entry.language} ${key} has ${placeholders(text) || 'no placeholders'}, English ${placeholders(englishWords[key]) || 'none'}`);
      if (entry.language !== 'en' && text === englishWords[key] && !entry.same_as_english.includes(key)) {
        problems.add(
          at,
          `${entry.language} ${key} is the English ${JSON.stringify(text)}: translate it, or list it in same_as_english where ${entry.language} writes it so`,
        );
      }
      if (!latinScript && /[A-Za-z]/.test(text.replace(PLACEHOLDER, '').replace(KEPT_NAMES, ''))) {
        problems.add(at, `${entry.language} ${key} ${JSON.stringify(text)} holds a Latin-script word; a reader of ${entry.language} would see English`);
      }
    }
    for (const key of entry.same_as_english)
      if (words[key] !== englishWords[key]) problems.add(`/${index}/same_as_english`, `${entry.language} lists ${key}, which it writes otherwise than English`);
    const cldr = { language: cldrLanguageLabel(entry.language), ...cldrRecordLabels(entry.language) };
    for (const [key, label] of Object.entries(cldr))
      if (words[key] !== label)
        problems.add(`/${index}/${key}`, `${entry.language} ${key} ${JSON.stringify(words[key])} is not CLDR's ${JSON.stringify(label)}`);
  }
  return problems.list;
}
