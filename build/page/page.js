/**
 * The form page: an address and phone form built on the public API alone, as any client would build it.
 * Every request goes to this page's own origin with `Authorization: Bearer <key>`; the key comes from
 * the address's fragment (`#key=...`, which a browser never sends) or the key field, is kept in
 * sessionStorage for this tab only, and is removed from the address bar at once. Here: the key, the
 * UI locale (which also chooses the page's own words, words.js), and loading a chosen country's
 * answers into the picker (country-picker.js), the address fields (address-form.js), the record's
 * currencies and time zones (country-facts.js) and the rest (fields.js).
 */
import { addressForm, writtenFor } from './address-form.js';
import { countryFacts } from './country-facts.js';
import { countryPicker } from './country-picker.js';
import { phoneInput, postalCodeInput, showSubdivisions } from './fields.js';
import { directionOf, localeName, preferredLocale } from './locale.js';
import { pageWords } from './words.js';

const KEY_ITEM = 'country-reference-key';
const LOCALE_ITEM = 'country-reference-locale';

const $ = (id) => document.getElementById(id);
const ui = {
  keyForm: $('key-form'),
  keyReason: $('key-reason'),
  key: $('key'),
  form: $('form'),
  error: $('error'),
  locale: $('locale'),
  country: $('country'),
  options: $('country-options'),
  address: $('address'),
  rows: $('address-rows'),
  check: $('check'),
  checkStatus: $('check-status'),
};

/** What the page knows: the key, the UI locale, the chosen country and its answers. */
const state = {
  key: '',
  locale: 'en',
  /** The word the key prompt shows: why a key is asked for. */
  keyReason: 'key_needed',
  /** @type {{ code: string, name: string } | null} */
  country: null,
  /** The chosen country's address example, postal-code rule and subdivision count. */
  answers: null,
  /** Each country load gets a number; answers to one that is not the latest are dropped. */
  countrySeq: 0,
};

class ApiError extends Error {
  constructor(status) {
    super(`status ${status}`);
    this.status = status;
  }
}
class KeyRefused extends Error {}

/** GET `path` of this origin's API with the key; the parsed body, or throws with the status. */
async function api(path) {
  const response = await fetch(path, {
    headers: { Authorization: `Bearer ${state.key}` },
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });
  if (response.status === 401) throw new KeyRefused();
  if (!response.ok) throw new ApiError(response.status);
  return response.json();
}

/** The page's own files need no key. */
const words = pageWords(async (path) => {
  const response = await fetch(path, { credentials: 'omit', referrerPolicy: 'no-referrer' });
  if (!response.ok) throw new ApiError(response.status);
  return response.json();
});

const subdivision = { field: $('subdivision-field'), label: $('subdivision-label'), input: $('subdivision'), status: $('subdivision-status') };
const postalField = postalCodeInput({
  field: $('postal-field'),
  label: $('postal-label'),
  input: $('postal'),
  status: $('postal-status'),
  none: $('postal-none'),
  words,
});
const phoneField = phoneInput({ label: $('phone-label'), input: $('phone'), status: $('phone-status'), words });
const address = addressForm({ container: ui.rows, subdivision, postal: postalField, words });
const facts = countryFacts({ container: $('facts'), currencyTerm: $('currency-term'), zoneTerm: $('zone-term') });

/** Shows the key field, saying why; the form waits for a key. */
function askForKey(reason) {
  sessionStorage.removeItem(KEY_ITEM);
  state.key = '';
  state.keyReason = reason;
  words.put(ui.keyReason, reason);
  ui.form.hidden = true;
  ui.keyForm.hidden = false;
  ui.key.focus();
}

/** Any failure ends here: a refused key asks for another, anything else is said in the alert. */
function fail(error) {
  if (error instanceof KeyRefused) askForKey('key_refused');
  else words.put(ui.error, 'api_error', { status: error instanceof ApiError ? error.status : '—' });
}

// --- locale -------------------------------------------------------------------------------------------

async function loadLocales() {
  const { locales } = await api('/v1');
  ui.locale.replaceChildren(
    ...locales.map((tag) => {
      const option = new Option(`${localeName(tag)} (${tag})`, tag);
      option.lang = tag;
      return option;
    }),
  );
  const stored = sessionStorage.getItem(LOCALE_ITEM);
  await setLocale(stored && locales.includes(stored) ? stored : preferredLocale(locales));
}

/** The page in `tag`, the locale chosen: the names the API gives, and the page's own words. */
async function setLocale(tag) {
  state.locale = tag;
  ui.locale.value = tag;
  sessionStorage.setItem(LOCALE_ITEM, tag);
  await speak(tag);
}

/** The page's direction, its own words, and every label and status already shown, in `tag`. */
async function speak(tag) {
  await words.use(tag);
  document.documentElement.lang = tag;
  document.documentElement.dir = directionOf(tag);
  ui.country.lang = tag;
  words.apply(document);
  document.title = `${words.say('title')} · Country Reference API`;
  words.put(ui.keyReason, state.keyReason);
  phoneField.relabel();
  ui.checkStatus.textContent = '';
}

ui.locale.addEventListener('change', async () => {
  try {
    await setLocale(ui.locale.value);
    if (state.country) {
      const seq = state.countrySeq;
      const [country] = await Promise.all([
        api(`/v1/countries/${state.country.code}?locale=${encodeURIComponent(state.locale)}`),
        loadSubdivisions(state.country.code),
      ]);
      if (seq !== state.countrySeq) return;
      state.country.name = country.name.common;
      ui.country.value = country.name.common;
      facts.show(country, state.locale);
      postalField.relabel(state.locale, state.country.name);
      showAddress();
    }
    picker.refresh();
  } catch (error) {
    fail(error);
  }
});

const picker = countryPicker({
  input: ui.country,
  listbox: ui.options,
  search: async (text) => (await api(`/v1/countries/search?q=${encodeURIComponent(text)}&locale=${encodeURIComponent(state.locale)}&limit=10`)).countries,
  onChoose: ({ code, name }) => loadCountry({ code, name }),
  onError: fail,
});

// --- the country's rules --------------------------------------------------------------------------------

/** The address fields for the chosen country, in the written form the reader's locale takes. */
function showAddress() {
  const { example, postal, subdivisionCount } = state.answers;
  address.show(writtenFor(example, state.locale), { hasPostalCodes: postal !== null, hasSubdivisionList: subdivisionCount > 0 });
}

async function loadCountry(country) {
  const seq = ++state.countrySeq;
  state.country = country;
  try {
    const [record, phone, postal, example, subdivisionCount] = await Promise.all([
      api(`/v1/countries/${country.code}?locale=${encodeURIComponent(state.locale)}`),
      api(`/v1/phone/${country.code}`),
      api(`/v1/postal-code/${country.code}`),
      api(`/v1/address-example/${country.code}`),
      loadSubdivisions(country.code),
    ]);
    if (seq !== state.countrySeq) return;
    ui.error.textContent = '';
    ui.checkStatus.textContent = '';
    state.answers = { example, postal: postal.postal_code, subdivisionCount };
    postalField.show(postal.postal_code, writtenFor(example, state.locale).example.postal_code, country.name, state.locale);
    showAddress();
    facts.show(record, state.locale);
    phoneField.show(phone);
    ui.address.disabled = false;
    ui.check.disabled = false;
  } catch (error) {
    fail(error);
  }
}

/** Fills the subdivision select in the UI locale; resolves to how many there are. */
async function loadSubdivisions(code) {
  const seq = state.countrySeq;
  const { subdivisions } = await api(`/v1/subdivisions/${code}?locale=${encodeURIComponent(state.locale)}`);
  if (seq === state.countrySeq) showSubdivisions(subdivision.input, subdivisions, state.locale);
  return subdivisions.length;
}

// "Check the address": each required field left empty says so; a complete address is said to be.
ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  const complete = address.check() && !ui.form.querySelector('[aria-invalid="true"]');
  if (complete) words.put(ui.checkStatus, 'address_complete');
  else ui.checkStatus.replaceChildren();
  ui.checkStatus.className = `status${complete ? ' valid' : ''}`;
  if (!complete) ui.form.querySelector('[aria-invalid="true"]')?.focus();
});

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
// The words first, in the language last chosen or the browser's: the key prompt is in it too.
words
  .init()
  .then(() => speak(sessionStorage.getItem(LOCALE_ITEM) ?? navigator.language))
  .then(() => (state.key ? start() : askForKey('key_needed')))
  .catch(fail);
