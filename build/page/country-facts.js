/**
 * What the chosen country's record (GET /v1/countries/{country}?locale=) tells a person filling in the
 * form besides its address: an amount in each of its currencies, written as the page's language writes
 * money (the browser's Intl.NumberFormat, with the code and minor units the API serves), and its time
 * zones, each zone name once with the exemplar cities that keep it, as the API names them in the locale.
 * Every currency the record lists is shown, in its order: where two are tender (PA, BT, ZW...) both
 * are, neither chosen for the reader. A country with none (Antarctica) shows no amount at all.
 */

/** The amount shown: its grouping and decimals show how the language writes money. */
export const SAMPLE_AMOUNT = 1234.56;

/** `amount` in `currency` (a record's currency) as `locale` writes it; null where the browser cannot format the code. */
export function formatAmount(currency, locale, amount = SAMPLE_AMOUNT) {
  try {
    const digits = { minimumFractionDigits: currency.minor_units, maximumFractionDigits: currency.minor_units };
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.code, ...digits }).format(amount);
  } catch {
    return null;
  }
}

/** The record's zones grouped by zone name, in the record's order; a zone CLDR gives no name stands alone. */
export function zoneGroups(zones) {
  const groups = new Map();
  for (const zone of zones) {
    const key = zone.name === null ? `id:${zone.id}` : `name:${zone.name}`;
    if (!groups.has(key)) groups.set(key, { name: zone.name, name_locale: zone.name_locale, zones: [] });
    groups.get(key).zones.push(zone);
  }
  return [...groups.values()];
}

/** An element with text, marked with the language it is in where the API says (null: a code or an ID's own words). */
function inLanguage(tag, text, lang, className) {
  const element = document.createElement(tag);
  element.textContent = text;
  if (lang) element.lang = lang;
  if (className) element.className = className;
  return element;
}

/**
 * The cities as a list, each isolated in its own direction and language. Not joined into one sentence:
 * a city may hold a comma itself ("Monticello, Kentucky"); page.css sets the items apart with a dot.
 */
function cityList(zones) {
  const list = document.createElement('ul');
  list.className = 'cities';
  list.append(
    ...zones.map((zone) => {
      const item = document.createElement('li');
      item.dataset.zone = zone.id;
      item.append(inLanguage('bdi', zone.city, zone.city_locale));
      return item;
    }),
  );
  return list;
}

/**
 * `container` is a <dl> holding `currencyTerm` and `zoneTerm` (the <dt>s, their words put by the page);
 * `show(record, locale)` writes the <dd>s after each, hiding a term with nothing under it; `clear()` empties it.
 */
export function countryFacts({ container, currencyTerm, zoneTerm }) {
  const place = (term, items) => {
    term.hidden = items.length === 0;
    term.after(...items);
  };
  const clear = () => {
    for (const item of container.querySelectorAll('dd')) item.remove();
    container.hidden = true;
  };

  const show = (record, locale) => {
    clear();
    const amounts = record.currencies.flatMap((currency) => {
      const amount = formatAmount(currency, locale);
      if (amount === null) return [];
      const item = document.createElement('dd');
      item.className = 'currency';
      item.dataset.currency = currency.code;
      // The amount is isolated: a "$1,234.56" in a Hebrew page keeps its order, and the name beside it its own.
      item.append(inLanguage('bdi', amount, locale, 'amount'), ' ', inLanguage('span', currency.name, currency.name_locale, 'name'));
      return [item];
    });
    const zones = zoneGroups(record.time_zones).map((group) => {
      const item = document.createElement('dd');
      item.className = 'zone';
      if (group.name !== null) item.append(inLanguage('span', group.name, group.name_locale, 'name'), ' ');
      item.append(cityList(group.zones));
      return item;
    });
    place(currencyTerm, amounts);
    place(zoneTerm, zones);
    container.hidden = amounts.length === 0 && zones.length === 0;
  };
  return { show, clear };
}
