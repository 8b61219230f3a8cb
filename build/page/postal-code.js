// @ts-check
/**
 * From what a person typed to the canonical postal code, with the GET /v1/postal-code/{country}
 * answer alone: the algorithm its schema documents for `input_forms`. Dependency-free and
 * browser-ready for the form page; the data gate and the tests apply the same one
 * (build/lib/postal-input.ts re-exports it).
 */

/**
 * @typedef {{ pattern: string, replacement: string }} InputForm
 * @typedef {{ pattern: string, input_forms: InputForm[] }} PostalInputRule
 */

/**
 * A decimal digit of any script as its ASCII digit. Unicode writes each script's digits 0 to 9 at ten
 * consecutive code points, so a digit's value is how far it stands from the first digit of its run.
 * @param {string} digit one character of category Nd
 */
function asciiDigit(digit) {
  const code = /** @type {number} */ (digit.codePointAt(0));
  let zero = code;
  while (code - zero < 9 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return String(code - zero);
}

/**
 * Step 1: NFKC (full-width digits and letters to ASCII), digits of any script to ASCII (Arabic ١١٤٥١,
 * Persian, Devanagari, Thai...), upper case, each run of white space to one space, trimmed.
 * @param {string} typed
 */
export function preparePostalInput(typed) {
  return typed.normalize('NFKC').replace(/[^\d\P{Nd}]/gu, asciiDigit).toUpperCase().replace(/\s+/g, ' ').trim();
}

/**
 * Steps 2 and 3: the first input form whose pattern matches rewrites the code with its replacement
 * ($1..$9, a group that did not take part gives nothing); the result must match the canonical `pattern`.
 * Returns the canonical code, or null when the input is not a valid code.
 * @param {PostalInputRule} rule
 * @param {string} typed
 * @returns {string | null}
 */
export function canonicalPostalCode(rule, typed) {
  const prepared = preparePostalInput(typed);
  const form = rule.input_forms.find((candidate) => new RegExp(candidate.pattern).test(prepared));
  if (!form) return null;
  const canonical = prepared.replace(new RegExp(form.pattern), form.replacement);
  return new RegExp(rule.pattern).test(canonical) ? canonical : null;
}

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
