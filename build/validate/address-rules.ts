/**
 * The data gate's rules for address examples: each is written in its address language and script,
 * the institution named as it names itself (no English gloss), every part its layout requires present,
 * and the layouts free of the typo that printed "WINDHOEKn10005".
 */
import { Problems, type Problem } from './problems.ts';
import { checkOneEntryPerCountry } from './rules.ts';
import type { AddressEntry, Datasets } from '../types/datasets.ts';

/** Words only English uses, case as written: in a place or street of a non-English example they are a gloss ("Austrian Parliament Building"). */
const ENGLISH_ONLY =
  /\b(?:of|the|and|Building|House|Office|Palace|Parliament|Assembly|Chamber|Deputies|Council|Ministry|Government|Presidential|President|Presidency|University|Republic|City Hall|Headquarters|Street|Road|Square|Lane|Drive|Library|Cathedral|Congress|Prefecture|Institute)\b/;
/** Scripts a language's text may mix (ISO 15924 to Unicode script values), where one code stands for several. */
const SCRIPT_VALUES: Record<string, string[]> = { Jpan: ['Han', 'Hiragana', 'Katakana'], Kore: ['Hangul', 'Han'], Hans: ['Han'], Hant: ['Han'] };

/** The letters of `text` that are in none of `script`'s Unicode scripts (digits, punctuation and modifier letters such as Uzbek "ʻ" are shared by all). */
export function lettersOutside(text: string, script: string): string[] {
  const values = SCRIPT_VALUES[script] ?? [script];
  return [...text.matchAll(/(?![\p{Script=Common}\p{Script=Inherited}])\p{L}/gu)]
    .map(([letter]) => letter)
    .filter((letter) => !values.some((value) => new RegExp(`\\p{Script_Extensions=${value}}`, 'u').test(letter)));
}

type WrittenField = 'place' | 'street' | 'city' | 'subdivision_name';

function checkWrittenIn(problems: Problems, at: string, written: Partial<Record<WrittenField, string | null>>, script: string, what: string): void {
  for (const field of ['place', 'street', 'city', 'subdivision_name'] as const) {
    const outside = lettersOutside(written[field] ?? '', script);
    if (outside.length) problems.add(`${at}/${field}`, `${what} ${field} "${written[field]}" has letters outside ${script}: ${[...new Set(outside)].join('')}`);
  }
}

/** Each part the layout requires (street, city, subdivision, postal code) is in the example, or its note says why not. */
function checkRequiredParts(problems: Problems, at: string, entry: AddressEntry, example: NonNullable<AddressEntry['example']>): void {
  const parts: Record<string, unknown> = { A: example.street, C: example.city, S: example.subdivision ?? example.subdivision_name, Z: example.postal_code };
  const missing = [...entry.format.required].filter((code) => code in parts && !parts[code]);
  if (missing.length && !example.note)
    problems.add(at, `${entry.country} lacks %${missing.join(', %')}, which its layout requires, and its note does not say why`);
}

export function checkAddresses(data: Datasets): Problem[] {
  const problems = new Problems('data/addresses.json');
  checkOneEntryPerCountry(
    problems,
    data.addresses,
    data.countries.map((country) => country.alpha2),
  );
  const subdivisionCodes = new Set(data.subdivisions.map((subdivision) => subdivision.code));
  data.addresses.forEach((entry, index) => {
    const at = `/${index}/example`;
    const example = entry.example;
    for (const key of ['layout', 'latin_layout'] as const) {
      // A layout's own text is upper case (GIBRALTAR, the prefix in "CH-%Z"); a lower-case letter is a code missing its "%".
      if (/[a-z]/.test((entry.format[key] ?? '').replace(/%[A-Za-z]/g, '')))
        problems.add(`/${index}/format/${key}`, `${entry.format[key]} has lower-case text outside its field codes`);
    }
    if (!example) return problems.add(at, `${entry.country} has no address example`);
    if (!entry.language || !entry.script) return problems.add(at, `${entry.country} has an example but no language or script`);
    const rule = data['postal-codes'].find((candidate) => candidate.country === entry.country)?.postal_code;
    if (rule && example.postal_code === null && rule.required) problems.add(`${at}/postal_code`, `${entry.country} requires a postal code in addresses`);
    if (!rule && example.postal_code !== null)
      problems.add(`${at}/postal_code`, `${entry.country} has no postal codes, yet the example gives ${example.postal_code}`);
    if (rule && example.postal_code !== null && !new RegExp(rule.pattern).test(example.postal_code)) {
      problems.add(`${at}/postal_code`, `${entry.country} postal code ${example.postal_code} does not match ${rule.pattern}`);
    }
    if (example.subdivision !== null && !subdivisionCodes.has(`${entry.country}-${example.subdivision}`)) {
      problems.add(`${at}/subdivision`, `subdivision ${entry.country}-${example.subdivision} does not exist`);
    }
    checkRequiredParts(problems, at, entry, example);
    checkWrittenIn(problems, at, example, entry.script, `${entry.country} (${entry.language})`);
    if ((entry.script === 'Latn') !== (example.latin === null)) {
      problems.add(
        `${at}/latin`,
        `${entry.country} is written in ${entry.script}: a Latin-script form is ${entry.script === 'Latn' ? 'not wanted' : 'needed'}`,
      );
    }
    if (example.latin) checkWrittenIn(problems, `${at}/latin`, example.latin, 'Latn', `${entry.country} Latin-script`);
    if (!/^en(?:-|$)/.test(entry.language)) {
      for (const field of ['place', 'street', 'city'] as const) {
        const gloss = ENGLISH_ONLY.exec(example[field] ?? '')?.[0];
        if (gloss)
          problems.add(`${at}/${field}`, `${entry.country} is written in ${entry.language}, yet its ${field} "${example[field]}" has the English "${gloss}"`);
      }
    }
  });
  return problems.list;
}
