/**
 * The form page: an address and phone form built on the public API alone, as any client would build it.
 * Every request goes to this page's own origin with `Authorization: Bearer <key>`; the key comes from
 * the address's fragment (`#key=...`, which a browser never sends) or the key field, is kept in
 * sessionStorage for this tab only, and is removed from the address bar at once.
 */
import { formatPhoneInput } from './phone-format.js';
import { canonicalPostalCode } from './postal-code.js';

const KEY_ITEM = 'country-reference-key';
const LOCALE_ITEM = 'country-reference-locale';
const SEARCH_DELAY_MS = 150;
/** Scripts written right to left: a locale in one of them lays the page out right to left. */
const RTL_SCRIPTS = new Set(['Arab', 'Adlm', 'Hebr', 'Mand', 'Mend', 'Nkoo', 'Rohg', 'Samr', 'Syrc', 'Thaa', 'Yezi']);

const $ = (id) => document.getElementById(id);
const ui = {
  keyForm: $('key-form'), keyReason: $('key-reason'), key: $('key'), form: $('form'), error: $('error'),
  locale: $('locale'), country: $('country'), options: $('country-options'),
  address: $('address'), lines: $('address-lines'),
  subdivisionField: $('subdivision-field'), subdivisionLabel: $('subdivision-label'), subdivision: $('subdivision'),
  postalField: $('postal-field'), postalLabel: $('postal-label'), postal: $('postal'), postalStatus: $('postal-status'), postalNone: $('postal-none'),
  phoneLabel: $('phone-label'), phone: $('phone'), phoneStatus: $('phone-status'),
};

/** What the page knows: the key, the UI locale, the chosen country and its answers. */
const state = {
  key: '',
  locale: 'en',
  /** @type {{ code: string, name: string } | null} */
  country: null,
  /** The GET /v1/phone/{country} answer, and the postal_code of GET /v1/postal-code/{country}. */
  phone: null,
  postal: null,
  /** @type {{ code: string, name: string, calling_code?: string | null, flag: { emoji: string } }[]} */
  results: [],
  active: -1,
  searchTimer: 0,
  /** Each search and each country load gets a number; an answer that is not the latest is dropped. */
  searchSeq: 0,
  countrySeq: 0,
};

class KeyRefused extends Error {}

/** GET `path` of this origin's API with the key; the parsed body, or throws with the problem's detail. */
async function api(path) {
  const response = await fetch(path, {
    headers: { Authorization: `Bearer ${state.key}` }, credentials: 'omit', referrerPolicy: 'no-referrer',
  });
  if (response.status === 401) throw new KeyRefused();
  if (!response.ok) throw new Error((await response.json().catch(() => null))?.detail ?? `${path}: ${response.status}`);
  return response.json();
}

/** Shows the key field, saying why; the form waits for a key. */
function askForKey(reason) {
  sessionStorage.removeItem(KEY_ITEM);
  state.key = '';
  ui.keyReason.textContent = reason;
  ui.form.hidden = true;
  ui.keyForm.hidden = false;
  ui.key.focus();
}

/** Any failure ends here: a refused key asks for another, anything else is said in the alert. */
function fail(error) {
  if (error instanceof KeyRefused) askForKey('The API refused this key. Enter a valid one.');
  else ui.error.textContent = `The API could not answer: ${error.message}`;
}

// --- locale -------------------------------------------------------------------------------------------

function directionOf(tag) {
  try {
    return RTL_SCRIPTS.has(new Intl.Locale(tag).maximize().script ?? '') ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/** A locale's name in its own language, as the browser knows it (the tag where it does not). */
function localeName(tag) {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The first supported tag for the browser's languages, by RFC 4647 lookup; else English. */
function preferredLocale(supported) {
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

async function loadLocales() {
  const { locales } = await api('/v1');
  ui.locale.replaceChildren(...locales.map((tag) => {
    const option = new Option(`${localeName(tag)} (${tag})`, tag);
    option.lang = tag;
    return option;
  }));
  const stored = sessionStorage.getItem(LOCALE_ITEM);
  setLocale(stored && locales.includes(stored) ? stored : preferredLocale(locales));
}

function setLocale(tag) {
  state.locale = tag;
  ui.locale.value = tag;
  sessionStorage.setItem(LOCALE_ITEM, tag);
  document.documentElement.lang = tag;
  document.documentElement.dir = directionOf(tag);
  ui.country.lang = tag;
}

ui.locale.addEventListener('change', async () => {
  setLocale(ui.locale.value);
  try {
    if (state.country) {
      const seq = state.countrySeq;
      const [country] = await Promise.all([api(`/v1/countries/${state.country.code}?locale=${encodeURIComponent(state.locale)}`), loadSubdivisions(state.country.code)]);
      if (seq !== state.countrySeq) return;
      state.country.name = country.name.common;
      ui.country.value = country.name.common;
    }
    if (ui.options.hidden === false) search();
  } catch (error) {
    fail(error);
  }
});

// --- country combobox (ARIA 1.2 combobox with a listbox popup) ----------------------------------------

function showOptions(open) {
  ui.options.hidden = !open;
  ui.country.setAttribute('aria-expanded', String(open));
  if (!open) {
    state.active = -1;
    ui.country.removeAttribute('aria-activedescendant');
  }
}

function renderOptions() {
  ui.options.replaceChildren(...state.results.map((country, index) => {
    const option = document.createElement('li');
    option.id = `country-option-${country.code}`;
    option.setAttribute('role', 'option');
    option.setAttribute('aria-selected', String(index === state.active));
    const code = document.createElement('span');
    code.className = 'code';
    code.textContent = [country.code, country.calling_code].filter(Boolean).join(' ');
    option.append(`${country.flag.emoji} ${country.name} `, code);
    option.addEventListener('mousedown', (event) => event.preventDefault()); // keeps the focus in the input
    option.addEventListener('click', () => choose(index));
    return option;
  }));
  showOptions(state.results.length > 0);
}

function setActive(index) {
  state.active = index;
  [...ui.options.children].forEach((option, at) => option.setAttribute('aria-selected', String(at === index)));
  const option = ui.options.children[index];
  if (!option) return ui.country.removeAttribute('aria-activedescendant');
  ui.country.setAttribute('aria-activedescendant', option.id);
  option.scrollIntoView({ block: 'nearest' });
}

async function search() {
  const q = ui.country.value.trim();
  const seq = ++state.searchSeq;
  if (!/[\p{L}\p{N}]/u.test(q)) {
    state.results = [];
    return renderOptions();
  }
  try {
    const answer = await api(`/v1/countries/search?q=${encodeURIComponent(q)}&locale=${encodeURIComponent(state.locale)}&limit=10`);
    if (seq !== state.searchSeq) return; // a later keystroke has its own search
    state.results = answer.countries;
    state.active = -1;
    renderOptions();
  } catch (error) {
    fail(error);
  }
}

ui.country.addEventListener('input', () => {
  clearTimeout(state.searchTimer);
  state.searchSeq++; // an answer on its way is stale from now on
  state.searchTimer = setTimeout(search, SEARCH_DELAY_MS);
});

ui.country.addEventListener('keydown', (event) => {
  const count = state.results.length;
  const open = !ui.options.hidden;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    if (!open) {
      if (count > 0) showOptions(true);
      return setActive(count > 0 ? (event.key === 'ArrowDown' ? 0 : count - 1) : -1);
    }
    const step = event.key === 'ArrowDown' ? 1 : -1;
    setActive((state.active + step + count) % count);
  } else if (event.key === 'Enter') {
    if (open && state.active >= 0) {
      event.preventDefault();
      choose(state.active);
    }
  } else if (event.key === 'Escape') {
    if (open) showOptions(false);
    else ui.country.value = '';
  }
});

ui.country.addEventListener('blur', () => showOptions(false));

function choose(index) {
  const country = state.results[index];
  ui.country.value = country.name;
  showOptions(false);
  loadCountry({ code: country.code, name: country.name });
}

// --- the country's rules --------------------------------------------------------------------------------

async function loadCountry(country) {
  const seq = ++state.countrySeq;
  state.country = country;
  try {
    const [phone, postal, example] = await Promise.all([
      api(`/v1/phone/${country.code}`), api(`/v1/postal-code/${country.code}`), api(`/v1/address-example/${country.code}`),
      loadSubdivisions(country.code),
    ]);
    if (seq !== state.countrySeq) return;
    ui.error.textContent = '';
    showAddress(example);
    showPostal(postal.postal_code, country.name);
    showPhone(phone);
    ui.address.disabled = false;
  } catch (error) {
    fail(error);
  }
}

/** One line field per line of the country's address example, in its order, the example as placeholder. */
function showAddress(example) {
  const fields = example.lines.map((line, index) => {
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
  });
  ui.lines.replaceChildren(...fields.flat());
}

async function loadSubdivisions(code) {
  const seq = state.countrySeq;
  const { subdivisions } = await api(`/v1/subdivisions/${code}?locale=${encodeURIComponent(state.locale)}`);
  if (seq !== state.countrySeq) return;
  const chosen = ui.subdivision.value;
  const types = [...new Set(subdivisions.map((subdivision) => subdivision.type))];
  const option = (subdivision) => new Option(subdivision.name, subdivision.code);
  // Several kinds (GB: countries, council areas...): one group per kind, in the list's order.
  const groups = types.length < 2 ? subdivisions.map(option) : types.map((type) => {
    const group = document.createElement('optgroup');
    group.label = type;
    group.append(...subdivisions.filter((subdivision) => subdivision.type === type).map(option));
    return group;
  });
  ui.subdivision.replaceChildren(new Option('—', ''), ...groups);
  ui.subdivision.value = subdivisions.some((subdivision) => subdivision.code === chosen) ? chosen : '';
  ui.subdivisionLabel.textContent = types.length === 1 ? types[0] : 'Subdivision';
  ui.subdivisionField.hidden = subdivisions.length === 0;
  ui.subdivision.disabled = subdivisions.length === 0;
}

// --- postal code: the answer's input_forms take what was typed to the canonical form (postal-code.js) ----

function showPostal(rule, countryName) {
  state.postal = rule;
  ui.postal.value = '';
  ui.postalField.hidden = rule === null;
  ui.postal.disabled = rule === null;
  ui.postalNone.hidden = rule !== null;
  if (rule === null) {
    ui.postalNone.textContent = `${countryName} does not use postal codes.`;
    return;
  }
  ui.postalLabel.textContent = rule.local_name && rule.local_name.toLowerCase() !== 'postal code' ? `Postal code (${rule.local_name})` : 'Postal code';
  ui.postal.placeholder = rule.example;
  ui.postal.required = rule.required;
  checkPostal();
}

function checkPostal() {
  const typed = ui.postal.value;
  const canonical = typed.trim() ? canonicalPostalCode(state.postal, typed) : null;
  setStatus(ui.postal, ui.postalStatus, typed.trim() === '' ? null : canonical !== null,
    canonical !== null ? `Valid: ${canonical}` : `Not a valid code here; for example ${state.postal.example}`);
  return canonical;
}

ui.postal.addEventListener('input', checkPostal);
// Once the person leaves the field, what they typed is shown as the post writes it.
ui.postal.addEventListener('change', () => {
  const canonical = checkPostal();
  if (canonical !== null) ui.postal.value = canonical;
});

// --- phone ----------------------------------------------------------------------------------------------

function showPhone(phone) {
  state.phone = phone;
  ui.phone.disabled = false;
  ui.phone.value = '';
  ui.phoneLabel.textContent = phone.calling_code ? `Phone (${phone.calling_code})` : 'Phone';
  ui.phone.placeholder = phone.example?.national ?? '';
  setStatus(ui.phone, ui.phoneStatus, null, '');
  if (phone.patterns === null) ui.phoneStatus.textContent = 'This territory has no numbering plan of its own; the number is not checked.';
}

ui.phone.addEventListener('input', () => {
  if (!state.phone || state.phone.patterns === null) return;
  // Formatting moves the caret to the end: done only while the person types at the end.
  const atEnd = ui.phone.selectionStart === ui.phone.value.length;
  const result = formatPhoneInput(state.phone, ui.phone.value);
  if (atEnd) ui.phone.value = result.text;
  setStatus(ui.phone, ui.phoneStatus, ui.phone.value.trim() === '' ? null : result.valid, result.valid ? `Valid number: ${result.e164}` : 'Not a valid number yet');
});

/** `valid` null: nothing to judge (empty field). */
function setStatus(input, status, valid, text) {
  status.textContent = valid === null ? '' : text;
  status.className = `status${valid === null ? '' : valid ? ' valid' : ' invalid'}`;
  if (valid === false) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

// --- start ----------------------------------------------------------------------------------------------

async function start() {
  ui.error.textContent = '';
  try {
    await loadLocales();
    ui.keyForm.hidden = true;
    ui.form.hidden = false;
  } catch (error) {
    fail(error);
  }
}

ui.keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  state.key = ui.key.value.trim();
  ui.key.value = '';
  sessionStorage.setItem(KEY_ITEM, state.key);
  start().then(() => ui.form.hidden || ui.country.focus());
});

// The key in the fragment (`npm start` prints such a link) is taken and removed from the address bar and history.
const fromFragment = new URLSearchParams(location.hash.slice(1)).get('key');
if (fromFragment) {
  sessionStorage.setItem(KEY_ITEM, fromFragment);
  history.replaceState(null, '', location.pathname + location.search);
}
state.key = sessionStorage.getItem(KEY_ITEM) ?? '';
if (state.key) start();
else askForKey('This page needs an API key. npm start prints a link that carries one.');
