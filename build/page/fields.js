/**
 * The fields a chosen country shapes, each from one answer of the API: the address lines (address
 * example), the subdivision select (subdivision list), the postal code checked and put in canonical
 * form (postal-code answer, postal-code.js) and the phone masked as typed (phone answer,
 * phone-format.js). Each status is a live region; an invalid value is marked aria-invalid.
 */
import { formatPhoneInput } from './phone-format.js';
import { canonicalPostalCode, postalCodeName } from './postal-code.js';

/** `valid` null: nothing to judge (an empty field). */
function setStatus(input, status, valid, text) {
  status.textContent = valid === null ? '' : text;
  status.className = `status${valid === null ? '' : valid ? ' valid' : ' invalid'}`;
  if (valid === false) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/** One labelled field per line of the country's address example, in its order, the example as placeholder. */
export function showAddressLines(container, lines) {
  container.replaceChildren(...lines.flatMap((line, index) => {
    const label = document.createElement('label');
    label.htmlFor = `address-line-${index + 1}`;
    label.className = 'line';
    label.lang = 'en';
    label.textContent = `Address line ${index + 1}`;
    const input = document.createElement('input');
    input.id = `address-line-${index + 1}`;
    input.name = `address-line-${index + 1}`;
    input.placeholder = line;
    input.autocomplete = `address-line${Math.min(index + 1, 3)}`;
    return [label, input];
  }));
}

/** The subdivisions in the list's order (grouped by kind where there are several), keeping the choice; hidden where there are none. */
export function showSubdivisions({ field, label, select }, subdivisions) {
  const chosen = select.value;
  const types = [...new Set(subdivisions.map((subdivision) => subdivision.type))];
  const option = (subdivision) => new Option(subdivision.name, subdivision.code);
  // Several kinds (GB: countries, council areas...): one group per kind, in the list's order.
  const groups = types.length < 2 ? subdivisions.map(option) : types.map((type) => {
    const group = document.createElement('optgroup');
    group.label = type;
    group.append(...subdivisions.filter((subdivision) => subdivision.type === type).map(option));
    return group;
  });
  select.replaceChildren(new Option('—', ''), ...groups);
  select.value = subdivisions.some((subdivision) => subdivision.code === chosen) ? chosen : '';
  label.textContent = types.length === 1 ? types[0] : 'Subdivision';
  field.hidden = subdivisions.length === 0;
  select.disabled = subdivisions.length === 0;
}

/** The postal-code field: `show(rule, countryName)` with the answer's `postal_code` (null: the country has none). */
export function postalCodeInput({ field, label, input, status, none }) {
  let rule = null;
  const check = () => {
    const typed = input.value;
    const canonical = typed.trim() ? canonicalPostalCode(rule, typed) : null;
    setStatus(input, status, typed.trim() === '' ? null : canonical !== null,
      canonical !== null ? `Valid: ${canonical}` : `Not a valid code here; for example ${rule.example}`);
    return canonical;
  };
  input.addEventListener('input', check);
  // Once the person leaves the field, what they typed is shown as the post writes it.
  input.addEventListener('change', () => {
    const canonical = check();
    if (canonical !== null) input.value = canonical;
  });

  /** The label names the code as the post does, in the reader's language where the post writes it. */
  const relabel = (locale) => {
    if (rule === null) return;
    const term = postalCodeName(rule, locale);
    label.replaceChildren('Postal code');
    if (!term || term.name.toLowerCase() === 'postal code') return;
    const name = document.createElement('span');
    name.lang = term.language;
    name.textContent = term.name;
    label.append(' (', name, ')');
  };

  const show = (postalCode, countryName, locale) => {
    rule = postalCode;
    input.value = '';
    field.hidden = rule === null;
    input.disabled = rule === null;
    none.hidden = rule !== null;
    if (rule === null) {
      none.textContent = `${countryName} does not use postal codes.`;
      return;
    }
    relabel(locale);
    input.placeholder = rule.example;
    input.required = rule.required;
    check();
  };
  return { show, relabel };
}

/** The phone field: `show(phone)` with the phone answer; then each keystroke is masked and judged. */
export function phoneInput({ label, input, status }) {
  let phone = null;
  input.addEventListener('input', () => {
    if (!phone || phone.patterns === null) return;
    // Formatting moves the caret to the end: done only while the person types at the end.
    const atEnd = input.selectionStart === input.value.length;
    const result = formatPhoneInput(phone, input.value);
    if (atEnd) input.value = result.text;
    setStatus(input, status, input.value.trim() === '' ? null : result.valid, result.valid ? `Valid number: ${result.e164}` : 'Not a valid number yet');
  });

  const show = (answer) => {
    phone = answer;
    input.disabled = false;
    input.value = '';
    label.textContent = phone.calling_code ? `Phone (${phone.calling_code})` : 'Phone';
    input.placeholder = phone.example?.national ?? '';
    setStatus(input, status, null, '');
    if (phone.patterns === null) status.textContent = 'This territory has no numbering plan of its own; the number is not checked.';
  };
  return { show };
}
