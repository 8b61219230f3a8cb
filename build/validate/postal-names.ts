/**
 * The data gate's rule for what a post calls its codes: `local_name` is one of `local_names`, and each
 * term is written in the script of the language it is filed under (CLDR's likely script for the tag,
 * or the tag's own script: zh-Hant), so an English gloss under `ru` or a romanization under `ja` is refused.
 */
import { hasLettersOf, scriptOf as localeScript } from '../lib/locale-script.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

/** The script a language tag is written in (build/lib/locale-script.ts); null for a language CLDR does not know. */
export function scriptOf(tag: string): string | null {
  try {
    return localeScript(tag);
  } catch {
    return null;
  }
}

/** Whether every letter of the text is in the script (digits, spaces and punctuation are any script's). */
export const writtenIn = (text: string, script: string): boolean => (text.match(/\p{L}/gu) ?? []).every((letter) => hasLettersOf(letter, script));

export function checkPostalNames(data: Datasets): Problem[] {
  const problems = new Problems('data/postal-codes.json');
  data['postal-codes'].forEach(({ country, postal_code: rule }, index) => {
    if (!rule) return;
    const at = `/${index}/postal_code`;
    const names: Record<string, string> | null = rule.local_names;
    if ((rule.local_name === null) !== (names === null))
      problems.add(`${at}/local_name`, `${country} has local_name ${rule.local_name} but local_names ${JSON.stringify(names)}`);
    if (!names) return;
    if (rule.local_name !== null && !Object.values(names).includes(rule.local_name))
      problems.add(`${at}/local_name`, `${country} local_name ${rule.local_name} is none of its local_names`);
    for (const [tag, name] of Object.entries(names)) {
      const script = scriptOf(tag);
      if (!script)
        problems.add(`${at}/local_names/${tag}`, `${country} files "${name}" under ${tag}, a language CLDR does not know: give its script (cnr-Latn)`);
      else if (!writtenIn(name, script))
        problems.add(`${at}/local_names/${tag}`, `${country} local name "${name}" is not written in ${script}, the script of ${tag}`);
    }
  });
  return problems.list;
}
