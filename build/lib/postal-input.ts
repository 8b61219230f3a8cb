/**
 * From what a person typed to the canonical postal code: the algorithm docs/responses.md documents for
 * `input_forms`, kept once in contract/client/postal-input.js (the form page runs it in the browser), so
 * the data gate, the tests, the reference gate and the page apply the same one; and the masks of codes.
 */
export type { InputForm, PostalInputRule } from '../../contract/client/postal-input.js';
export { canonicalPostalCode, preparePostalInput } from '../../contract/client/postal-input.js';

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
