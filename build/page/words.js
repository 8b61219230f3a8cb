/**
 * The page's own words in the reader's language, from data/curated/page-words.json as the build
 * writes it: `page/words.json` lists the languages, `page/words.<language>.json` holds one's words.
 * A locale takes the longest language tag it starts with (zh-Hant-TW: zh-Hant; pt-BR: pt), else
 * English. Elements with `data-word="key"` show that word; `{name}` in a word is filled in by `say`.
 */

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
      return word.replace(/\{([a-z_]+)\}/g, (_, name) => values[name] ?? '');
    },
    /** Writes every `data-word` element's word (and its lang) in the current language. */
    apply(root) {
      for (const element of root.querySelectorAll('[data-word]')) {
        element.textContent = this.say(element.dataset.word);
        element.lang = current.language;
      }
    },
  };
}
