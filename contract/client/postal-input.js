// @ts-check
/**
 * From what a person typed to the canonical postal code, with the GET /v1/postal-code/{country}
 * answer alone: the algorithm its schema documents for `input_forms`. Plain JavaScript with no
 * imports, so one module serves both sides: the form page runs it in the browser (build/write/page.ts
 * writes it beside the page as page/postal-input.js), and the data gate and the tests import it in Node
 * (through build/lib/postal-input.ts).
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
  return typed
    .normalize('NFKC')
    .replace(/[^\d\P{Nd}]/gu, asciiDigit)
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
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
