/**
 * The address fields of a country, built from its address example (GET /v1/address-example/{country})
 * as Google's libaddressinput builds a form: one row per line of the layout, one field per `%` letter
 * in the layout's order, only the fields the layout has (no subdivision for DE), each labelled with
 * the country's name type in the reader's language (JP prefecture, GB post town), required where
 * `format.required` says, the example's own value as its placeholder. The native layout serves readers of the address's language or script; others get the
 * Latin-script one where there is one (JP in en). Every input takes dir=auto, so an address in another
 * direction than the page's reads in its own order ("11011 BERLIN" in an Arabic page).
 */

/** Per layout letter: the word key of its label (or the name type that gives it), its autocomplete token, its example value. */
const FIELDS = {
  N: { word: () => 'recipient', autocomplete: 'name' },
  O: { word: () => 'organization', autocomplete: 'organization', example: (written) => written.place },
  A: { word: () => 'street', autocomplete: 'street-address', example: (written) => written.example.street },
  D: { word: (types) => types.dependent_locality, autocomplete: 'address-level3' },
  C: { word: (types) => types.city, autocomplete: 'address-level2', example: (written) => written.example.city },
  S: { word: (types) => types.subdivision, autocomplete: 'address-level1' },
  Z: {},
  X: { word: () => 'sorting_code' },
};
/** A literal the layout writes against a field ("〒%Z", "CH-%Z") is shown beside it; separators and constant lines are not. */
const PREFIX = /^[^\s%]*[\p{L}\p{S}][^\s%]*$/u;

/** The layout in rows: each a list of `{ letter }` and `{ prefix }` items, in order. */
export function layoutRows(layout) {
  return layout
    .split('%n')
    .map((line) => {
      const items = [];
      for (const [, text, letter] of line.matchAll(/([^%]*)%([A-Z])/g)) {
        if (PREFIX.test(text)) items.push({ prefix: text });
        if (FIELDS[letter]) items.push({ letter });
      }
      return items;
    })
    .filter((items) => items.some((item) => item.letter));
}

const scriptOf = (tag) => new Intl.Locale(tag).maximize().script;

/** The written form a reader of `locale` is given: the country's own where they read its language or script, else Latin. */
export function writtenFor(answer, locale) {
  const native =
    !answer.latin || new Intl.Locale(locale).language === new Intl.Locale(answer.language).language || scriptOf(locale) === scriptOf(answer.language);
  return native ? { ...answer, written_language: answer.language } : { ...answer.latin, written_language: 'en' };
}

/**
 * `container` receives the rows; `subdivision` and `postal` ({ field, label, input, status }, the
 * postal one with `labelText()`) are the page's own fields, moved to where the layout puts them.
 * `words.say(key)` gives a word. Returns `show`, `relabel` (after a change of language) and `check`.
 */
export function addressForm({ container, subdivision, postal, words }) {
  /** Letter -> { field, label, input, status }, for the fields shown. */
  let controls = new Map();
  const clear = ({ input, status }) => {
    status.textContent = '';
    input.removeAttribute('aria-invalid');
  };
  subdivision.input.addEventListener('change', () => clear(subdivision));

  const labelled = ({ field, label }, { text, lang }, letter, required) => {
    label.replaceChildren(text);
    label.lang = lang;
    if (required) {
      const marker = document.createElement('span');
      marker.className = 'required';
      marker.ariaHidden = 'true';
      marker.textContent = ' *';
      label.append(marker);
    }
    field.dataset.letter = letter;
  };
  /** A field's label and its language: the postal field's own term, else the word for its name type. */
  const labelOf = (letter, types) => (letter === 'Z' ? postal.labelText() : { text: words.say(FIELDS[letter].word(types)), lang: words.language });

  const textField = (letter, written, required) => {
    const field = document.createElement('div');
    field.className = 'field';
    const id = `address-${letter}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.id = `${id}-label`;
    const input = document.createElement('input');
    Object.assign(input, {
      id,
      name: id,
      type: 'text',
      dir: 'auto',
      lang: written.written_language,
      required,
      autocomplete: FIELDS[letter].autocomplete ?? 'off',
      placeholder: FIELDS[letter].example?.(written) ?? '',
    });
    const status = document.createElement('p');
    status.className = 'status';
    status.id = `${id}-status`;
    status.ariaLive = 'polite';
    input.setAttribute('aria-describedby', status.id);
    const control = { field, label, input, status };
    input.addEventListener('input', () => clear(control));
    field.append(label, input, status);
    return control;
  };

  let types = null;
  /**
   * Builds the fields for the written form `written` (from writtenFor), keeping what was typed in a
   * field the new layout also has. `hasPostalCodes` false leaves the postal code out whatever the
   * layout says; `hasSubdivisionList` false asks for the subdivision as text (HK's areas have no ISO code).
   */
  const show = (written, { hasPostalCodes, hasSubdivisionList }) => {
    const typed = new Map([...controls].filter(([letter]) => letter !== 'Z').map(([letter, control]) => [letter, control.input.value]));
    const { layout, required } = written.format;
    types = written.format.name_types;
    const rows = layoutRows(layout);
    if (hasPostalCodes && !rows.some((row) => row.some((item) => item.letter === 'Z'))) rows.push([{ letter: 'Z' }]);
    controls = new Map();
    subdivision.field.hidden = true;
    postal.field.hidden = true;
    container.replaceChildren(
      ...rows
        .map((row) => {
          const element = document.createElement('div');
          element.className = 'row';
          for (const item of row) {
            if (item.prefix) {
              const prefix = document.createElement('span');
              prefix.className = 'prefix';
              prefix.textContent = item.prefix;
              element.append(prefix);
              continue;
            }
            const { letter } = item;
            if (letter === 'Z' && !hasPostalCodes) continue;
            const isRequired = required.includes(letter);
            const own = letter === 'Z' ? postal : letter === 'S' && hasSubdivisionList ? subdivision : null;
            const control = own ?? textField(letter, written, isRequired);
            if (own) {
              own.input.required = isRequired;
              own.field.hidden = false;
            } else {
              control.input.value = typed.get(letter) ?? '';
            }
            labelled(control, labelOf(letter, types), letter, isRequired);
            controls.set(letter, control);
            element.append(control.field);
          }
          return element;
        })
        .filter((row) => row.querySelector('.field')),
    );
    return controls;
  };

  /** Relabels every field in the current language. */
  const relabel = () => {
    for (const [letter, control] of controls) labelled(control, labelOf(letter, types), letter, control.input.required);
  };

  /** Marks each required field left empty; true when none is. */
  const check = () => {
    let complete = true;
    for (const { input, status } of controls.values()) {
      if (!input.required || input.value.trim() !== '') continue;
      complete = false;
      words.put(status, 'missing');
      status.className = 'status invalid';
      input.setAttribute('aria-invalid', 'true');
    }
    return complete;
  };

  return { show, relabel, check };
}
