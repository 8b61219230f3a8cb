/**
 * The data gate's rule for what a post calls its codes: `local_name` is one of `local_names`, and each
 * term is written in the script of the language it is filed under (CLDR's likely script for the tag,
 * or the tag's own script: zh-Hant), so an English gloss under `ru` or a romanization under `ja` is refused.
 */
import { readPackageJson } from '../lib/upstream.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from './validate-data.ts';

/** ISO 15924 codes CLDR gives for a writing system of several Unicode scripts. */
const SCRIPT_SETS: Record<string, string[]> = { Hans: ['Hani'], Hant: ['Hani'], Jpan: ['Hani', 'Hira', 'Kana'], Kore: ['Hang', 'Hani'] };

let likely: Record<string, string> | null = null;

/** The script a language tag is written in: its own script subtag, else CLDR's likely one; null for a language CLDR does not know. */
export function scriptOf(tag: string): string | null {
  const own = /-([A-Z][a-z]{3})(?:-|$)/.exec(tag)?.[1];
  if (own) return own;
  likely ??= readPackageJson('cldr-core', 'supplemental/likelySubtags.json').supplemental.likelySubtags;
  return likely![tag.split('-')[0]]?.split('-')[1] ?? null;
}

/** Whether every letter of the text is in the script (digits, spaces and punctuation are any script's). */
export function writtenIn(text: string, script: string): boolean {
  const scripts = SCRIPT_SETS[script] ?? [script];
  const letter = new RegExp(`^(?:${scripts.map((code) => `\\p{Script=${code}}`).join('|')})$`, 'u');
  return [...text].every((character) => !/\p{L}/u.test(character) || letter.test(character));
}

export function checkPostalNames(data: Datasets): Problem[] {
  const problems = new Problems('data/postal-codes.json');
  (data['postal-codes'] as any[]).forEach(({ country, postal_code: rule }, index) => {
    if (!rule) return;
    const at = `/${index}/postal_code`;
    const names: Record<string, string> | null = rule.local_names;
    if ((rule.local_name === null) !== (names === null)) problems.add(`${at}/local_name`, `${country} has local_name ${rule.local_name} but local_names ${JSON.stringify(names)}`);
    if (!names) return;
    if (!Object.values(names).includes(rule.local_name)) problems.add(`${at}/local_name`, `${country} local_name ${rule.local_name} is none of its local_names`);
    for (const [tag, name] of Object.entries(names)) {
      const script = scriptOf(tag);
      if (!script) problems.add(`${at}/local_names/${tag}`, `${country} files "${name}" under ${tag}, a language CLDR does not know: give its script (cnr-Latn)`);
      else if (!writtenIn(name, script)) problems.add(`${at}/local_names/${tag}`, `${country} local name "${name}" is not written in ${script}, the script of ${tag}`);
    }
  });
  return problems.list;
}
