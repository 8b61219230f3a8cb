/**
 * From what a person typed to the canonical postal code: the algorithm the README documents for
 * `input_forms`, kept here once so the data gate, the tests and the reference gate apply the same one.
 */
export interface InputForm { pattern: string; replacement: string }
export interface PostalInputRule { pattern: string; input_forms: InputForm[] }

/** Step 1: NFKC (full-width digits and letters to ASCII), upper case, each run of white space to one space, trimmed. */
export function preparePostalInput(typed: string): string {
  return typed.normalize('NFKC').toUpperCase().replace(/\s+/g, ' ').trim();
}

/**
 * Steps 2 and 3: the first input form whose pattern matches rewrites the code with its replacement
 * ($1..$9, a group that did not take part gives nothing); the result must match the canonical `pattern`.
 * Returns the canonical code, or null when the input is not a valid code.
 */
export function canonicalPostalCode(rule: PostalInputRule, typed: string): string | null {
  const prepared = preparePostalInput(typed);
  const form = rule.input_forms.find((candidate) => new RegExp(candidate.pattern).test(prepared));
  if (!form) return null;
  const canonical = prepared.replace(new RegExp(form.pattern), form.replacement);
  return new RegExp(rule.pattern).test(canonical) ? canonical : null;
}

/** The mask of a code: `#` a digit, `@` a letter, anything else literal. */
export function postalMask(code: string): string {
  return code.replace(/\p{Nd}/gu, '#').replace(/\p{L}/gu, '@');
}

/** Whether a code fits a mask: `#` a digit, `@` a letter, `*` a letter or a digit, anything else itself. */
export function fitsMask(code: string, mask: string): boolean {
  if (code.length !== mask.length) return false;
  return [...mask].every((symbol, index) => {
    const character = code[index];
    if (symbol === '#') return /\d/.test(character);
    if (symbol === '@') return /[A-Z]/.test(character);
    if (symbol === '*') return /[A-Z\d]/.test(character);
    return symbol === character;
  });
}
