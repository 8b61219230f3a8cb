// @ts-check
/**
 * The post's own term for a postal code, as the form page labels the field. The code itself is checked
 * by postal-input.js, which the build writes beside the page from contract/client/.
 */

/**
 * The post's term for the code in the reader's language where the post writes that language
 * (CH: "NPA" for fr or fr-CH, "PLZ" for de), else in the country's first official language;
 * null where the post has no term of its own.
 * @param {{ local_name: string | null, local_names: Record<string, string> | null }} rule
 * @param {string} locale the reader's locale tag (BCP 47)
 * @returns {{ name: string, language: string } | null}
 */
export function postalCodeName(rule, locale) {
  if (!rule.local_name || !rule.local_names) return null;
  const names = rule.local_names;
  const parts = locale.split('-');
  // fr-CH, then fr; zh-Hant-TW, then zh-Hant, then zh.
  for (let length = parts.length; length > 0; length -= 1) {
    const tag = parts.slice(0, length).join('-');
    if (names[tag]) return { name: names[tag], language: tag };
  }
  const first = Object.keys(names).find((tag) => names[tag] === rule.local_name) ?? Object.keys(names)[0];
  return { name: rule.local_name, language: first };
}
