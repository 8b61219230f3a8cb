// @ts-check
/**
 * Formats a phone number as a person types it, from the answer of GET /v1/phone/{country} alone, the
 * way libphonenumber's as-you-type formatter does: strip what is typed before the national number
 * (national_prefix_for_parsing), keep the formats whose leading_digits fit the digits so far, write a
 * complete number with its format, else fill the first fitting format's template digit by digit.
 * Dependency-free and browser-ready: `import { formatPhoneInput } from './phone-format.js'`.
 */

/**
 * @typedef {object} PhoneFormat  One of `formats`; the API's PhoneFormat schema says what each field means.
 * @property {string} pattern
 * @property {string} national_format
 * @property {string | null} international_format
 * @property {string[]} leading_digits
 * @property {string | null} national_prefix_rule
 * @property {boolean} national_prefix_optional
 *
 * @typedef {object} PhoneMetadata  The fields of the GET /v1/phone/{country} answer read here.
 * @property {string | null} calling_code
 * @property {string | null} national_prefix
 * @property {string | null} national_prefix_for_parsing
 * @property {string | null} national_prefix_transform_rule
 * @property {{ national: string, possible_lengths: number[] } | null} patterns
 * @property {PhoneFormat[] | null} formats
 *
 * @typedef {object} PhoneInput
 * @property {string} text             What the field should show.
 * @property {boolean} international   Typed with a leading +.
 * @property {string} nationalNumber   The national significant number typed so far (no calling code, no national prefix).
 * @property {boolean} possible        Its length is one of patterns.possible_lengths.
 * @property {boolean} valid           It is possible and matches patterns.national.
 * @property {string | null} e164      +<calling code><national number> once valid, else null.
 *
 * @typedef {object} Typed  What a person typed, split as libphonenumber splits it.
 * @property {boolean} international
 * @property {string} digits           The digits that belong to the number written (after the calling code when international).
 * @property {string} nationalNumber   The national significant number.
 * @property {string} nationalPrefix   The national prefix typed, if any.
 * @property {string} otherPrefix      Digits typed before the national number that are not only the national prefix (a carrier code).
 */

/** libphonenumber chooses a format only once 3 digits of the national number are known. */
const MIN_LEADING_DIGITS = 3;
const LONGEST_TEMPLATE = 15;
const SLOT = 'x';
/** A format a template can be made from: groups in order from $1, only punctuation between them. */
const GROUPS_ONLY = /^[^\d$]*\$1(?:[^\d$]*\$\d)*[^\d$]*$/;
const FIRST_GROUP = /(\$\d)/;

const digitsOf = (/** @type {string} */ text) => text.replace(/\D/g, '');

/**
 * @param {PhoneMetadata} phone  The phone answer of the selected country.
 * @param {string} input         What the person has typed so far, in any punctuation.
 * @returns {PhoneInput}
 */
export function formatPhoneInput(phone, input) {
  const international = input.trimStart().startsWith('+');
  const allDigits = digitsOf(input);
  const callingCode = (phone.calling_code ?? '+').slice(1);
  if (international && !(callingCode && allDigits.startsWith(callingCode))) {
    return { text: `+${allDigits}`, international, nationalNumber: '', possible: false, valid: false, e164: null };
  }
  const typed = international ? afterCallingCode(allDigits.slice(callingCode.length)) : splitNational(phone, allDigits);
  const grouped = (phone.formats && typed.nationalNumber.length >= MIN_LEADING_DIGITS && format(phone, typed)) || typed.digits;
  const text = international ? `+${callingCode}${grouped && ` ${grouped}`}` : grouped;
  const { nationalNumber } = typed;
  const { patterns } = phone;
  const possible = !!patterns && patterns.possible_lengths.includes(nationalNumber.length);
  const valid = !!patterns && possible && new RegExp(patterns.national).test(nationalNumber);
  return { text, international, nationalNumber, possible, valid, e164: valid ? `+${callingCode}${nationalNumber}` : null };
}

/** @returns {Typed} */
const afterCallingCode = (/** @type {string} */ digits) => ({ international: true, digits, nationalNumber: digits, nationalPrefix: '', otherPrefix: '' });

/**
 * Splits national input into what precedes the national number and the number itself
 * (libphonenumber's extractNationalNumberFromPossiblyIncompleteNumber).
 * @param {PhoneMetadata} phone @param {string} digits @returns {Typed}
 */
function splitNational(phone, digits) {
  const none = { international: false, digits, nationalNumber: digits, nationalPrefix: '', otherPrefix: '' };
  const rule = phone.national_prefix_for_parsing;
  const match = rule ? new RegExp(rule).exec(digits) : null;
  if (!rule || !match?.[0]) return none;
  const captured = match.length > 1 && match[match.length - 1];
  const nationalNumber =
    phone.national_prefix_transform_rule && captured ? digits.replace(new RegExp(rule), phone.national_prefix_transform_rule) : digits.slice(match[0].length);
  if (nationalNumber === digits) return none;
  // Where groups were captured (a carrier code), the national prefix is what precedes them, if anything.
  const beforeGroups = captured ? digits.slice(0, digits.indexOf(match[1])) : match[0];
  const nationalPrefix = !captured || beforeGroups === phone.national_prefix ? beforeGroups : '';
  // A transform rule may have rewritten the number: then nothing typed stands before it as such.
  const before = digits.endsWith(nationalNumber) ? digits.slice(0, digits.length - nationalNumber.length) : '';
  return { international: false, digits, nationalNumber, nationalPrefix, otherPrefix: before !== nationalPrefix ? before : '' };
}

/** The formats that fit the digits so far and the way the number was typed (libphonenumber's narrowing). */
function candidates(/** @type {PhoneMetadata} */ phone, /** @type {Typed} */ typed) {
  const length = typed.nationalNumber.length;
  return (phone.formats ?? []).filter((candidate) => {
    const { leading_digits: leading } = candidate;
    if (leading.length && !new RegExp(leading[Math.min(length - MIN_LEADING_DIGITS, leading.length - 1)]).test(typed.nationalNumber)) return false;
    if (typed.international) return candidate.international_format !== null;
    if (typed.nationalPrefix) return usesNationalPrefix(candidate) || candidate.national_prefix_optional;
    return !usesNationalPrefix(candidate) || candidate.national_prefix_optional;
  });
}

/** The rule writes the national prefix, not only brackets around the first group. */
const usesNationalPrefix = (/** @type {PhoneFormat} */ candidate) => !!candidate.national_prefix_rule && !/^\(?\$1\)?$/.test(candidate.national_prefix_rule);

/** Whether to write the first group with national_prefix_rule, as the number was typed. */
const triesRule = (/** @type {PhoneFormat} */ candidate, /** @type {Typed} */ typed) =>
  !!candidate.national_prefix_rule && (usesNationalPrefix(candidate) ? !!typed.nationalPrefix : !typed.international);

/** What separates a national prefix typed outside the format's rule from the number. */
const separator = (/** @type {PhoneMetadata} */ phone, /** @type {PhoneFormat} */ candidate) =>
  phone.calling_code === '+1' || /[- ]/.test(candidate.national_prefix_rule ?? '') ? ' ' : '';

/** @returns {string | undefined} */
function format(/** @type {PhoneMetadata} */ phone, /** @type {Typed} */ typed) {
  const fitting = candidates(phone, typed);
  if (phone.patterns?.possible_lengths.includes(typed.nationalNumber.length)) {
    for (const candidate of fitting) {
      const complete = formatComplete(phone, candidate, typed);
      if (complete) return complete;
    }
  }
  for (const candidate of fitting) {
    const template = templateOf(phone, candidate, typed);
    if (template) return fill(template, typed.digits);
  }
  return undefined;
}

/**
 * A number its format's pattern matches whole, written with the format: with the national prefix
 * rule where it applies, else with what was typed before the number put in front. Only a result with
 * exactly the digits typed counts (a transform rule may have added some).
 * @param {PhoneMetadata} phone @param {PhoneFormat} candidate @param {Typed} typed
 */
function formatComplete(phone, candidate, typed) {
  const pattern = new RegExp(candidate.pattern);
  if (!pattern.test(typed.nationalNumber)) return undefined;
  const written = (/** @type {string} */ replacement) => typed.nationalNumber.replace(pattern, replacement);
  const sameDigits = (/** @type {string} */ text) => (digitsOf(text) === typed.digits ? text : undefined);
  if (typed.international) return sameDigits(written(/** @type {string} */ (candidate.international_format)));
  const withRule =
    triesRule(candidate, typed) && sameDigits(written(candidate.national_format.replace(FIRST_GROUP, /** @type {string} */ (candidate.national_prefix_rule))));
  if (withRule) return withRule;
  const before = typed.otherPrefix ? `${typed.otherPrefix} ` : typed.nationalPrefix && `${typed.nationalPrefix}${separator(phone, candidate)}`;
  return sameDigits(before + written(candidate.national_format));
}

/**
 * The format written over a run of placeholder digits as long as the format takes (or as the number
 * typed, where the format takes that length); undefined where the number is longer.
 * @param {PhoneMetadata} phone @param {PhoneFormat} candidate @param {Typed} typed
 */
function templateOf(phone, candidate, typed) {
  let written = typed.international ? /** @type {string} */ (candidate.international_format) : candidate.national_format;
  if (!GROUPS_ONLY.test(written)) return undefined;
  const pattern = new RegExp(candidate.pattern);
  const nines = (/** @type {number} */ length) => '9'.repeat(length);
  let room = LONGEST_TEMPLATE;
  while (room > 0 && !pattern.test(nines(room))) room--;
  if (typed.nationalNumber.length > room) return undefined;
  if (pattern.test(nines(typed.nationalNumber.length))) room = typed.nationalNumber.length;

  let prefixInTemplate = false;
  const rule = candidate.national_prefix_rule;
  if (rule && triesRule(candidate, typed) && digitsOf(rule) === `${typed.nationalPrefix}1`) {
    written = written.replace(FIRST_GROUP, rule);
    for (let i = 0; i < typed.nationalPrefix.length; i++) written = written.replace(/\d/, SLOT);
    prefixInTemplate = true;
  }
  const template = nines(room).replace(pattern, written).replace(/9/g, SLOT);
  if (prefixInTemplate) return template;
  if (typed.otherPrefix) return `${SLOT.repeat(typed.otherPrefix.length)} ${template}`;
  return typed.nationalPrefix ? `${SLOT.repeat(typed.nationalPrefix.length)}${separator(phone, candidate)}${template}` : template;
}

/**
 * Puts the digits in the template's slots and cuts it after the last one (and a bracket closing
 * right after it), dropping brackets left open; undefined when there are more digits than slots.
 * @param {string} template @param {string} digits
 */
function fill(template, digits) {
  let end = 0;
  for (const digit of digits) {
    const slot = template.indexOf(SLOT, end);
    if (slot < 0) return undefined;
    template = template.slice(0, slot) + digit + template.slice(slot + 1);
    end = slot + 1;
  }
  if (template[end] === ')') end++;
  const text = template.slice(0, end);
  /** @type {number[]} */
  const open = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') open.push(i);
    else if (text[i] === ')') open.pop();
  }
  return [...text].filter((_, i) => !open.includes(i)).join('');
}
