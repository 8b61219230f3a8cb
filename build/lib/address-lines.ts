/**
 * Renders an address example into ordered lines by a layout (Google's fmt codes: %O organisation,
 * %A street, %D dependent locality, %C city, %S subdivision, %Z postal code, %X sorting code,
 * %N name, %n new line). The caller picks the layout of the example's script: the country's own
 * (fmt) for its script, the Latin one (lfmt) for Latin text. Fields listed in `uppercase` are
 * upper-cased by the rules of the address language (Turkish "Fatih" is "FATİH").
 * Every part of the example is written once: see `completeLayout` and `namesTheCity`.
 */
export interface AddressParts {
  place: string;
  street: string | null;
  city: string | null;
  /** The subdivision as the address writes it (a code such as "CA", or a name), or null. */
  subdivision: string | null;
  postal_code: string | null;
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();

/**
 * A subdivision whose name is the city's (Seoul, Beijing, Abu Dhabi) is already written by the city, and
 * so is one named after the city without its designation ("Bogotá, D.C." in Distrito Capital de Bogotá).
 */
export function namesTheCity(subdivisionLabel: string, city: string | null): boolean {
  if (!city) return false;
  const label = folded(subdivisionLabel);
  return [city, city.split(',')[0]].map(folded).some((name) => label.includes(name) || name.includes(label));
}

/** A layout written from the country down to the addressee (JP, CN, KR in their own script): %O after %A. */
export const writesCountryFirst = (layout: string) => layout.indexOf('%O') > layout.indexOf('%A');

/**
 * Google's layouts leave out what a country's envelopes seldom need: the city where the ward or
 * emirate is written instead (JP, KY, MO, AE), the postal code where there was none (LC, MS, TT).
 * Where the example has such a part, it goes where the layout would write it: the city before the
 * street in a layout written from the country down ("新宿区西新宿…"), else after the street (with
 * the separator that follows the street); the postal code after the city. A city the layout spells
 * out as literal text (GIBRALTAR, SINGAPORE) is not added again, and neither is a postal prefix the
 * code already carries (AZ "AZ 1066", LU "L-1728": the layout's "AZ %Z", "L-%Z" would double it).
 */
export function completeLayout(layout: string, parts: AddressParts): string {
  let complete = layout;
  const literal = layout.replace(/%[A-Za-z]/g, ' ');
  if (parts.city && !complete.includes('%C') && !folded(literal).includes(folded(parts.city))) {
    if (writesCountryFirst(complete)) complete = complete.replace('%A', '%C%A');
    else {
      const separator = /^%A(, |%n)/.exec(complete.slice(complete.indexOf('%A')))?.[1] ?? '%n';
      complete = complete.replace('%A', `%A${separator}%C`);
    }
  }
  if (parts.postal_code && !complete.includes('%Z')) {
    complete = complete.includes('%C') ? complete.replace('%C', '%C %Z') : `${complete}%n%Z`;
  }
  const prefix = /(?<![%A-Z])([A-Z]+[- ]?)%Z/.exec(complete)?.[1];
  if (prefix && parts.postal_code?.toUpperCase().startsWith(prefix)) complete = complete.replace(`${prefix}%Z`, '%Z');
  return complete;
}

/**
 * Upper case by the rules of the address language. Georgian is left as written: its capitals
 * (Mtavruli) are for headings, not addresses; Armenian "և" is "ԵՎ" in capitals (ICU gives "ԵՒ").
 */
export function upperCased(text: string, language: string): string {
  const base = language.split('-')[0];
  if (base === 'ka') return text;
  return (base === 'hy' ? text.replaceAll('և', 'եվ') : text).toLocaleUpperCase(language);
}

export function renderAddressLines(layout: string, uppercase: string, parts: AddressParts, language: string): string[] {
  const values: Record<string, string> = {
    O: parts.place,
    A: parts.street ?? '',
    C: parts.city ?? '',
    S: parts.subdivision && !namesTheCity(parts.subdivision, parts.city) ? parts.subdivision : '',
    Z: parts.postal_code ?? '',
  };
  return (
    completeLayout(layout, parts)
      .split('%n')
      .map((line) =>
        line.replace(/%([A-Z])/g, (_, code: string) => {
          const value = values[code] ?? '';
          return uppercase.includes(code) ? upperCased(value, language) : value;
        }),
      )
      // Separators around a missing field (", " before an empty subdivision) go with it; a line of "〒" alone has no digit.
      .map((line) =>
        line
          .replace(/,(\s*,)+/g, ',')
          .replace(/\s{2,}/g, ' ')
          .replace(/^[\s,\-–/]+|[\s,\-–/]+$/g, '')
          .trim(),
      )
      .filter((line) => /[\p{L}\p{N}]/u.test(line))
  );
}
