/**
 * What the page reads from a locale tag through the browser's own ICU (CLDR) data: the direction
 * it is written in, its name in itself, and which of the API's locales the browser prefers.
 */

/** Scripts written right to left: a locale in one of them lays the page out right to left. */
const RTL_SCRIPTS = new Set(['Arab', 'Adlm', 'Hebr', 'Mand', 'Mend', 'Nkoo', 'Rohg', 'Samr', 'Syrc', 'Thaa', 'Yezi']);

export function directionOf(tag) {
  try {
    return RTL_SCRIPTS.has(new Intl.Locale(tag).maximize().script ?? '') ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/** A locale's name in its own language, as the browser knows it (the tag where it does not). */
export function localeName(tag) {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The first supported tag for the browser's languages, by RFC 4647 lookup; else English. */
export function preferredLocale(supported) {
  const byLower = new Map(supported.map((tag) => [tag.toLowerCase(), tag]));
  for (const language of navigator.languages) {
    const parts = language.toLowerCase().split('-');
    for (let length = parts.length; length > 0; length--) {
      const found = byLower.get(parts.slice(0, length).join('-'));
      if (found) return found;
    }
  }
  return 'en';
}
