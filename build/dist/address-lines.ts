/**
 * Renders an address example into ordered lines by the country's layout (Google's fmt codes:
 * %O organisation, %A street, %D dependent locality, %C city, %S subdivision, %Z postal code,
 * %X sorting code, %N name, %n new line). The example is in Latin script, so the Latin layout
 * (lfmt) wins where the country has one. Fields listed in `uppercase` are upper-cased.
 */
export interface AddressFields { place: string; street: string | null; city: string | null; subdivision: string | null; postal_code: string | null }

export function renderAddressLines(layout: string, uppercase: string, fields: AddressFields, subdivisionLabel: string | null): string[] {
  const values: Record<string, string> = {
    O: fields.place,
    A: fields.street ?? '',
    C: fields.city ?? '',
    S: subdivisionLabel ?? '',
    Z: fields.postal_code ?? '',
  };
  return layout
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
