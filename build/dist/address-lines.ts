/**
 * Renders an address example into ordered lines by the country's layout (Google's fmt codes:
 * %O organisation, %A street, %D dependent locality, %C city, %S subdivision, %Z postal code,
 * %X sorting code, %N name, %n new line). The example is in Latin script, so the Latin layout
 * (lfmt) wins where the country has one. Fields listed in `uppercase` are upper-cased.
 * Every part of the example is written once: see `completeLayout` and `namesTheCity`.
 */
export interface AddressFields { place: string; street: string | null; city: string | null; subdivision: string | null; postal_code: string | null }

const folded = (text: string) => text.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/** A subdivision whose name is the city's (Seoul, Beijing, Abu Dhabi) is already written by the city. */
export function namesTheCity(subdivisionLabel: string, city: string | null): boolean {
  if (!city) return false;
  const [a, b] = [folded(subdivisionLabel), folded(city)];
  return a.includes(b) || b.includes(a);
}

/**
 * Google's layouts leave out what a country's envelopes seldom need: the city where the ward or
 * emirate is written instead (JP, KY, MO, AE), the postal code where there was none (LC, MS, TT).
 * Where the example has such a part, it goes where the layout would write it: the city after the
 * street (with the separator that follows the street), the postal code after the city. A city the
 * layout spells out as literal text (GIBRALTAR, SINGAPORE) is not added again.
 */
export function completeLayout(layout: string, fields: AddressFields): string {
  let complete = layout;
  const literal = layout.replace(/%[A-Za-z]/g, ' ');
  if (fields.city && !complete.includes('%C') && !folded(literal).includes(folded(fields.city))) {
    const separator = /^%A(, |%n)/.exec(complete.slice(complete.indexOf('%A')))?.[1] ?? '%n';
    complete = complete.replace('%A', `%A${separator}%C`);
  }
  if (fields.postal_code && !complete.includes('%Z')) {
    complete = complete.includes('%C') ? complete.replace('%C', '%C %Z') : `${complete}%n%Z`;
  }
  return complete;
}

export function renderAddressLines(layout: string, uppercase: string, fields: AddressFields, subdivisionLabel: string | null): string[] {
  const values: Record<string, string> = {
    O: fields.place,
    A: fields.street ?? '',
    C: fields.city ?? '',
    S: subdivisionLabel && !namesTheCity(subdivisionLabel, fields.city) ? subdivisionLabel : '',
    Z: fields.postal_code ?? '',
  };
  return completeLayout(layout, fields)
    .split('%n')
    .map((line) =>
      line.replace(/%([A-Z])/g, (_, code: string) => {
        const value = values[code] ?? '';
        return uppercase.includes(code) ? value.toUpperCase() : value;
      }))
    // Separators around a missing field (", " before an empty subdivision, "〒" alone) go with it.
    .map((line) => line.replace(/\s{2,}/g, ' ').replace(/^[\s,\-–/〒]+|[\s,\-–/]+$/g, '').trim())
    .filter((line) => /[\p{L}\p{N}]/u.test(line));
}
