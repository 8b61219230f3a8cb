/**
 * Words a language's spelling dictionary does not know, by Hunspell and the dictionaries Debian ships
 * (hunspell-uk, hunspell-bn ...): the generic words of an official name ("Республіка", "Королівство")
 * must be spelt as the language spells them. Names of places are not looked up (a dictionary lacks
 * most), only the words left once the country names of the locale are taken out.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Locale -> Debian's Hunspell dictionary. Not vi: hunspell-vi knows only the old tone placement
 * ("hoà") and refuses "Cộng hòa", the form Vietnam's government writes; nor th, whose dictionary cuts words
 * otherwise than ICU's segmenter (สาธารณ + รัฐ).
 */
export const DICTIONARIES: Record<string, string> = { uk: 'uk_UA', bn: 'bn_BD', te: 'te_IN', ne: 'ne_NP' };
const DICTIONARY_DIR = '/usr/share/hunspell';

/** The Debian packages the check reads (test/helpers/debian-packages.ts lists them for the tests). */
export const DICTIONARY_PACKAGES = ['hunspell', ...Object.keys(DICTIONARIES).map((tag) => `hunspell-${tag}`)];

/** The words of the list Hunspell's dictionary for the locale does not know; throws where it is missing. */
export function unknownWords(words: string[], tag: string): Set<string> {
  const dictionary = DICTIONARIES[tag];
  if (!dictionary || words.length === 0) return new Set();
  if (!existsSync(`${DICTIONARY_DIR}/${dictionary}.dic`)) {
    throw new Error(`the ${tag} spelling check needs ${DICTIONARY_DIR}/${dictionary}.dic: apt-get install -y ${DICTIONARY_PACKAGES.join(' ')}`);
  }
  const result = spawnSync('hunspell', ['-d', `${DICTIONARY_DIR}/${dictionary}`, '-l', '-i', 'utf-8'], { input: words.join('\n'), encoding: 'utf8' });
  if (result.error || result.status !== 0) throw new Error(`hunspell -d ${dictionary} failed: ${result.error?.message ?? result.stderr}`);
  return new Set(result.stdout.split('\n').filter(Boolean));
}
