/**
 * The fields a chosen country shapes besides the address's text fields (address-form.js): the
 * subdivision select (subdivision list), the postal code checked and put in canonical form
 * (postal-code answer, postal-input.js and postal-code.js) and the phone masked as typed (phone answer,
 * phone-format.js). Their words come from `words.say`; each status is a live region; an invalid
 * value is marked aria-invalid.
 */
import { formatPhoneInput } from './phone-format.js';
import { postalCodeName } from './postal-code.js';
// Written beside the page from contract/client/ (build/write/page.ts); tsconfig's rootDirs resolve it there.
import { canonicalPostalCode } from './postal-input.js';

/** `valid` null: nothing to judge (an empty field); else `[key, values]` is the word said, put by `words`. */
function setStatus(input, status, valid, words, [key, values]) {
  if (valid === null) status.replaceChildren();
  else words.put(status, key, values);
  status.className = `status${valid === null ? '' : valid ? ' valid' : ' invalid'}`;
  if (valid === false) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/**
 * The subdivisions in the list's order, keeping the choice. Grouped by kind where there are several
 * (GB: countries, council areas...) and the kinds are named in the reader's language; ISO's kinds
 * are English, so a reader of another language gets one list rather than English group names.
 */
export function showSubdivisions(select, subdivisions, language) {
  const chosen = select.value;
  const types = [...new Set(subdivisions.map((subdivision) => subdivision.type))];
  const inReadersLanguage = subdivisions.every((subdivision) => subdivision.type_locale.split('-')[0] === language.split('-')[0]);
  const option = (subdivision) => new Option(subdivision.name, subdivision.code);
  const groups =
    types.length < 2 || !inReadersLanguage
      ? subdivisions.map(option)
      : types.map((type) => {
          const group = document.createElement('optgroup');
          group.label = type;
          group.append(...subdivisions.filter((subdivision) => subdivision.type === type).map(option));
          return group;
        });
  select.replaceChildren(new Option('—', ''), ...groups);
  select.value = subdivisions.some((subdivision) => subdivision.code === chosen) ? chosen : '';
}

/** The word key of each of Google's postal-code name types. */
const POSTAL_WORDS = { postal: 'postal_code', zip: 'zip_code', pin: 'pin_code', eircode: 'eircode' };
const prefixes = (tag) => tag.split('-').map((_, index, parts) => parts.slice(0, parts.length - index).join('-'));

/**
 * The postal field: `show(rule, example, countryName, locale)` with the answer's `postal_code`
 * (null: the country has none) and the address example's code as placeholder.
 */
export function postalCodeInput({ field, label, input, status, none, words }) {
  let rule = null;
  let locale = 'en';
  const check = () => {
    const typed = input.value;
    const canonical = typed.trim() ? canonicalPostalCode(rule, typed) : null;
    setStatus(
      input,
      status,
      typed.trim() === '' ? null : canonical !== null,
      words,
      canonical !== null ? ['postal_valid', { code: canonical }] : ['postal_invalid', { example: rule.example }],
    );
    return canonical;
  };
  input.addEventListener('input', check);
  // Once the person leaves the field, what they typed is shown as the post writes it.
  input.addEventListener('change', () => {
    const canonical = check();
    if (canonical !== null) input.value = canonical;
  });

  /**
   * The label a form in the reader's language would print, and its language: the post's own term where
   * the post writes that language (de "Postleitzahl", pt "CEP", ja "郵便番号"), else the reader's word for
   * the code's kind (a postal code, a ZIP code, a PIN code), never a term in one language glossed in another.
   */
  const labelText = () => {
    const term = rule && postalCodeName(rule, locale);
    if (term && prefixes(locale).includes(term.language))
      return { text: term.name.charAt(0).toLocaleUpperCase(term.language) + term.name.slice(1), lang: term.language };
    return { text: words.say(POSTAL_WORDS[rule?.name_type] ?? 'postal_code'), lang: words.language };
  };

  const show = (postalCode, example, countryName, readerLocale) => {
    rule = postalCode;
    locale = readerLocale;
    input.value = '';
    input.disabled = rule === null;
    none.hidden = rule !== null;
    if (rule === null) {
      words.put(none, 'postal_none', { country: countryName });
      return;
    }
    input.placeholder = example ?? rule.example;
    setStatus(input, status, null, words, []);
  };
  /** After a change of language: the statuses and the note in the new one. */
  const relabel = (readerLocale, countryName) => {
    locale = readerLocale;
    if (rule === null) words.put(none, 'postal_none', { country: countryName });
    else if (input.value.trim()) check();
  };
  return { field, label, input, status, show, relabel, labelText };
}

/** The phone field: `show(phone)` with the phone answer; then each keystroke is masked and judged. */
export function phoneInput({ label, input, status, words }) {
  let phone = null;
  const judge = () => {
    const result = formatPhoneInput(phone, input.value);
    setStatus(
      input,
      status,
      input.value.trim() === '' ? null : result.valid,
      words,
      result.valid ? ['phone_valid', { number: result.e164 }] : ['phone_incomplete'],
    );
    return result;
  };
  input.addEventListener('input', () => {
    if (!phone || phone.patterns === null) return;
    // Formatting moves the caret to the end: done only while the person types at the end.
    const atEnd = input.selectionStart === input.value.length;
    const result = judge();
    if (atEnd) input.value = result.text;
  });

  const relabel = () => {
    if (!phone) return;
    // The calling code is isolated as left to right, so "+81" keeps its sign first in an Arabic label.
    words.put(label, 'phone');
    if (phone.calling_code) label.append(' (', Object.assign(document.createElement('bdi'), { dir: 'ltr', textContent: phone.calling_code }), ')');
    if (phone.patterns === null) words.put(status, 'phone_unchecked');
    else if (input.value.trim()) judge();
  };

  const show = (answer) => {
    phone = answer;
    input.disabled = false;
    input.value = '';
    input.placeholder = phone.example?.national ?? '';
    setStatus(input, status, null, words, []);
    relabel();
  };
  return { show, relabel };
}
