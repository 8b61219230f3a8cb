/**
 * The data gate's printed-form rule: a postal code as our own address data writes it is a code the
 * country's rule accepts, and reads back as the same canonical code. That is the address example's
 * code itself, and every canonical example as an address line prints it, with the prefix the layout
 * glues before `%Z` (CH "CH-8001", LI "FL-9490", FO "FO100"), rendered by the same code that writes
 * the API's lines: a person pastes that line into a form, so the rule's input forms must take it.
 */
import { completeLayout, renderAddressLines, type AddressParts } from '../lib/address-lines.ts';
import { canonicalPostalCode } from '../lib/postal-input.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

/** The text a layout glues before `%Z` ("CH-", "FO", "〒"): it begins its line or follows a space; "%C-%Z" separates two fields. */
export function gluedPrefix(layout: string): string {
  const line = layout.split('%n').find((candidate) => candidate.includes('%Z'));
  if (!line) return '';
  return /(?:^| )([^\s%]+)$/.exec(line.slice(0, line.indexOf('%Z')))?.[1] ?? '';
}

/**
 * What an address line prints for a code: where the layout glues text before `%Z`, the code with
 * whatever stands glued before it in the rendered line; else the code alone ("%C-%Z" separates fields).
 */
export function printedForm(layout: string, uppercase: string, example: AddressParts, code: string, language: string): string {
  if (!gluedPrefix(layout)) return code;
  const fields = { ...example, postal_code: code };
  const line = renderAddressLines(completeLayout(layout, fields), uppercase, fields, language).find((candidate) => candidate.includes(code));
  if (!line) return code;
  const at = line.indexOf(code);
  return line.slice(line.lastIndexOf(' ', at - 1) + 1, at + code.length);
}

const NO_EXAMPLE: AddressParts = { place: '', street: null, city: null, subdivision: null, postal_code: null };

export function checkPrintedPostalForms(data: Datasets): Problem[] {
  const problems = new Problems('data/addresses.json');
  const rules = new Map(data['postal-codes'].map((entry) => [entry.country, entry.postal_code]));
  data.addresses.forEach((entry, index) => {
    const rule = rules.get(entry.country);
    if (!rule) return;
    const own = entry.example?.postal_code;
    if (own && canonicalPostalCode(rule, own) !== own) {
      problems.add(
        `/${index}/example/postal_code`,
        `${entry.country} example ${own} is not canonical (the rule reads it as ${canonicalPostalCode(rule, own) ?? 'no code'})`,
      );
    }
    const layouts = [entry.format.layout, entry.format.latin_layout].filter(Boolean) as string[];
    for (const layout of layouts) {
      for (const code of new Set<string>([...rule.examples, ...(own ? [own] : [])])) {
        const printed = printedForm(layout, entry.format.uppercase, entry.example ?? NO_EXAMPLE, code, entry.language ?? 'en');
        const read = canonicalPostalCode(rule, printed);
        if (read !== code) problems.add(`/${index}/format/layout`, `${entry.country}: lines print "${printed}", which the rule reads as ${read ?? 'no code'}`);
      }
    }
  });
  return problems.list;
}
