/**
 * The form page: an address and phone form built on the public API alone, as any client would build it.
 * Every request goes to this page's own origin with `Authorization: Bearer <key>`; the key comes from
 * the address's fragment (`#key=...`, which a browser never sends) or the key field, is kept in
 * sessionStorage for this tab only, and is removed from the address bar at once. Here: the key, the
 * UI locale, and loading a chosen country's answers into the picker (country-picker.js) and the
 * fields (fields.js).
 */
import { countryPicker } from './country-picker.js';
import { phoneInput, postalCodeInput, showAddressLines, showSubdivisions } from './fields.js';

const KEY_ITEM = 'country-reference-key';
const LOCALE_ITEM = 'country-reference-locale';
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
  /** Each country load gets a number; answers to one that is not the latest are dropped. */
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
  postalField.relabel(state.locale);
  try {
    if (state.country) {
      const seq = state.countrySeq;
      const [country] = await Promise.all([api(`/v1/countries/${state.country.code}?locale=${encodeURIComponent(state.locale)}`), loadSubdivisions(state.country.code)]);
      if (seq !== state.countrySeq) return;
      state.country.name = country.name.common;
      ui.country.value = country.name.common;
    }
    picker.refresh();
  } catch (error) {
    fail(error);
  }
});

const postalField = postalCodeInput({ field: ui.postalField, label: ui.postalLabel, input: ui.postal, status: ui.postalStatus, none: ui.postalNone });
const phoneField = phoneInput({ label: ui.phoneLabel, input: ui.phone, status: ui.phoneStatus });
const picker = countryPicker({
  input: ui.country,
  listbox: ui.options,
  search: async (text) => (await api(`/v1/countries/search?q=${encodeURIComponent(text)}&locale=${encodeURIComponent(state.locale)}&limit=10`)).countries,
  onChoose: ({ code, name }) => loadCountry({ code, name }),
  onError: fail,
});

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
    showAddressLines(ui.lines, example.lines);
    postalField.show(postal.postal_code, country.name, state.locale);
    phoneField.show(phone);
    ui.address.disabled = false;
  } catch (error) {
    fail(error);
  }
}

async function loadSubdivisions(code) {
  const seq = state.countrySeq;
  const { subdivisions } = await api(`/v1/subdivisions/${code}?locale=${encodeURIComponent(state.locale)}`);
  if (seq === state.countrySeq) showSubdivisions({ field: ui.subdivisionField, label: ui.subdivisionLabel, select: ui.subdivision }, subdivisions);
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
