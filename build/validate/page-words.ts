/**
 * Gate: the form page speaks the 15 most used languages of the web (and zh-Hant) in full. Every
 * language has English's strings, no more, with the same `{placeholders}`; a word equal to the English
 * one is refused unless the language lists it in same_as_english (a name, a loanword); a language
 * written in another script holds no Latin-script word but the names the page keeps as they are; and
 * the language select's label is CLDR's word for "language" in that language, as its source says.
 */
import type { CldrMain } from '../lib/cldr-names.ts';
import { readPackageJson } from '../lib/upstream.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

/** The 15 most used content languages of the web (W3Techs' ranking), and Traditional Chinese. */
export const PAGE_LANGUAGES = ['en', 'zh', 'zh-Hant', 'es', 'ar', 'pt', 'fr', 'ja', 'ru', 'de', 'hi', 'ko', 'it', 'tr', 'id', 'vi'];
/** Latin-script names kept as they are in every script: the product, a command, key names and postal terms that are names. */
const KEPT_NAMES = /Country Reference API|npm start|API|CEDEX|Eircode|PIN/g;
const PLACEHOLDER = /\{[a-z_]+\}/g;

const placeholders = (text: string) => (text.match(PLACEHOLDER) ?? []).sort().join(' ');
type PageWords = Datasets['curated/page-words'][number];
const wordsOf = (entry: PageWords): Record<string, string> => Object.assign({}, ...Object.values(entry.sets).map((set) => set.words));
const scriptOf = (language: string) => new Intl.Locale(language).maximize().script;

/** CLDR's label for a language select: codePatterns.language ("Language: {0}", fr "langue : {0}") without the value, capitalised. */
export function cldrLanguageLabel(language: string): string {
  const names = readPackageJson<CldrMain<{ codePatterns: { language: string } }>>('cldr-localenames-full', `main/${language}/localeDisplayNames.json`).main[
    language
  ].localeDisplayNames;
  const word = names.codePatterns.language.replace('{0}', '').replace(/[\s:：\u202f]+$/u, '');
  return word.charAt(0).toLocaleUpperCase(language) + word.slice(1);
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
    const label = cldrLanguageLabel(entry.language);
    if (words.language !== label)
      problems.add(`/${index}/language`, `${entry.language} language ${JSON.stringify(words.language)} is not CLDR's ${JSON.stringify(label)}`);
  }
  return problems.list;
}
