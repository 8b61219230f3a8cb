/**
 * The page's own words in the reader's language, from data/curated/page-words.json as the build
 * writes it: `page/words.json` lists the languages, `page/words.<language>.json` holds one's words.
 * A locale takes the longest language tag it starts with (zh-Hant-TW: zh-Hant; pt-BR: pt), else
 * English. Elements with `data-word="key"` show that word; `{name}` in a word is filled in by `say`
 * (text) or `put` (an element, each value isolated so a number keeps its order in a right-to-left word).
 */

/** Placeholders holding a name take their own direction; the others (numbers, codes, a status) are written left to right. */
const NAMES = new Set(['country']);
const PLACEHOLDER = /\{([a-z_]+)\}/g;

const prefixes = (tag) => tag.split('-').map((_, index, parts) => parts.slice(0, parts.length - index).join('-'));
const scriptOf = (tag) => new Intl.Locale(tag).maximize().script;

/**
 * The language of `locale` the words come in: its longest prefix among `languages` (RFC 4647 lookup),
 * then its maximized tag's (zh-TW is zh-Hant-TW), written in the locale's script (zh-TW readers are
 * not given zh, which is Simplified); else en.
 */
export function wordsLanguage(locale, languages) {
  const byLower = new Map(languages.map((language) => [language.toLowerCase(), language]));
  const script = scriptOf(locale);
  for (const tag of [...prefixes(locale), ...prefixes(new Intl.Locale(locale).maximize().toString())]) {
    const found = byLower.get(tag.toLowerCase());
    if (found && scriptOf(found) === script) return found;
  }
  return 'en';
}

/** Loads words over `fetchJson(path)`; `use(locale)` switches language, `say(key, values)` gives a word. */
export function pageWords(fetchJson) {
  let languages = ['en'];
  let current = { language: 'en', words: {} };
  const cache = new Map();

  const load = async (language) => {
    if (!cache.has(language)) cache.set(language, fetchJson(`/page/words.${language}.json`));
    return cache.get(language);
  };

  return {
    async init() {
      ({ languages } = await fetchJson('/page/words.json'));
    },
    /** Switches to the words for `locale`; resolves to the language chosen. */
    async use(locale) {
      const language = wordsLanguage(locale, languages);
      current = await load(language);
      return language;
    },
    get language() {
      return current.language;
    },
    say(key, values = {}) {
      const word = current.words[key] ?? key;
      return word.replace(PLACEHOLDER, (_, name) => values[name] ?? '');
    },
    /**
     * Writes the word into `element`, marked with its language (English in a page that has no words of
     * its own, so it is laid out left to right), each value in a <bdi>: "+966501234567" keeps its plus
     * in front in an Arabic sentence, "11011" its order, a country's name its own direction.
     */
    put(element, key, values = {}) {
      const word = current.words[key] ?? key;
      const parts = word.split(PLACEHOLDER).map((part, index) => {
        if (index % 2 === 0) return part;
        const isolated = document.createElement('bdi');
        if (!NAMES.has(part)) isolated.dir = 'ltr';
        isolated.textContent = values[part] ?? '';
        return isolated;
      });
      element.replaceChildren(...parts.filter((part) => part !== ''));
      element.lang = current.language;
      return element;
    },
    /** Writes every `data-word` element's word (and its lang) in the current language. */
    apply(root) {
      for (const element of root.querySelectorAll('[data-word]')) this.put(element, element.dataset.word);
    },
  };
}
