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
 * Step 1: NFKC (full-width digits and letters to ASCII), upper case, each run of white space to one space, trimmed.
 * @param {string} typed
 */
export function preparePostalInput(typed) {
  return typed.normalize('NFKC').toUpperCase().replace(/\s+/g, ' ').trim();
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
