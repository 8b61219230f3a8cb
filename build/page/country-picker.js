/**
 * The country picker: an ARIA 1.2 combobox (an input with role=combobox, aria-expanded,
 * aria-controls and aria-activedescendant) with a listbox popup of countries. It searches as the
 * person types (debounced; an answer that is no longer the latest is dropped), the arrow keys move
 * through the options, Enter chooses, Escape closes the list (or, closed, clears the field).
 */
const SEARCH_DELAY_MS = 150;

/**
 * `search(text)` resolves to the countries to offer (items of the search answer: code, name,
 * calling_code, flag), `onChoose(country)` is told of the one chosen, `onError(error)` of a failed search.
 * Returns `refresh()`, which searches again if the list is open (the locale changed).
 */
export function countryPicker({ input, listbox, search, onChoose, onError }) {
  let results = [];
  let active = -1;
  let timer = 0;
  /** Every keystroke and every search takes a number; only the latest search's answer is shown. */
  let latest = 0;

  const show = (open) => {
    listbox.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (!open) setActive(-1);
  };

  const setActive = (index) => {
    active = index;
    [...listbox.children].forEach((option, at) => option.setAttribute('aria-selected', String(at === index)));
    const option = listbox.children[index];
    if (!option) return input.removeAttribute('aria-activedescendant');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  };

  const choose = (index) => {
    const country = results[index];
    input.value = country.name;
    show(false);
    onChoose(country);
  };

  const render = () => {
    listbox.replaceChildren(
      ...results.map((country, index) => {
        const option = document.createElement('li');
        option.id = `${listbox.id}-${country.code}`;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        const code = document.createElement('span');
        code.className = 'code';
        code.textContent = [country.code, country.calling_code].filter(Boolean).join(' ');
        option.append(`${country.flag.emoji} ${country.name} `, code);
        option.addEventListener('mousedown', (event) => event.preventDefault()); // keeps the focus in the input
        option.addEventListener('click', () => choose(index));
        return option;
      }),
    );
    show(results.length > 0);
  };

  const run = async () => {
    const text = input.value.trim();
    const ticket = ++latest;
    try {
      const found = /[\p{L}\p{N}]/u.test(text) ? await search(text) : [];
      if (ticket !== latest) return; // a later keystroke has its own search
      results = found;
      render();
    } catch (error) {
      onError(error);
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    latest++; // an answer on its way is stale from now on
    timer = setTimeout(run, SEARCH_DELAY_MS);
  });

  input.addEventListener('keydown', (event) => {
    const count = results.length;
    const open = !listbox.hidden;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      const down = event.key === 'ArrowDown';
      if (!open) show(true);
      setActive(!open || active < 0 ? (down ? 0 : count - 1) : (active + (down ? 1 : -1) + count) % count);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      if (open) show(false);
      else input.value = '';
    }
  });

  input.addEventListener('blur', () => show(false));

  return { refresh: () => (listbox.hidden ? undefined : run()) };
}
