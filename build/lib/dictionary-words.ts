/**
 * The spelling of the generic words of official names ("Республіка", "Королівство"): Hunspell with the
 * dictionaries Debian ships gives each word a verdict at import, written to data/spelling.json with the
 * dictionary's version, so the gate reads the verdicts and never needs Hunspell (npm start runs on a
 * machine with only Node). Names of places are not looked up (a dictionary lacks most), only the words
 * left once the country names of the locale are taken out.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { debianVersion } from './upstream.ts';

/**
 * Locale -> Debian's Hunspell dictionary. Not vi: hunspell-vi knows only the old tone placement
 * ("hoà") and refuses "Cộng hòa", the form Vietnam's government writes; nor th, whose dictionary cuts words
 * otherwise than ICU's segmenter (สาธารณ + รัฐ).
 */
export const DICTIONARIES: Record<string, string> = { uk: 'uk_UA', bn: 'bn_BD', te: 'te_IN', ne: 'ne_NP' };
const DICTIONARY_DIR = '/usr/share/hunspell';

/** The Debian packages the import reads (test/helpers/debian-packages.ts lists them for the tests). */
export const DICTIONARY_PACKAGES = ['hunspell', ...Object.keys(DICTIONARIES).map((tag) => `hunspell-${tag}`)];

/** Per locale, the dictionary that judged its words and the words it knows and does not know (data/spelling.json). */
export type SpellingVerdicts = Record<string, { dictionary: string; known: string[]; unknown: string[] }>;

/** Which of the words the locale's dictionary does not know; undefined where the locale has no dictionary. */
export type UnknownWords = (words: string[], tag: string) => Set<string> | undefined;

/** The import's judge: runs Hunspell, and keeps every verdict it gives for data/spelling.json. */
export function hunspellJudge(): { unknownWords: UnknownWords; verdicts: () => SpellingVerdicts } {
  const verdicts: SpellingVerdicts = {};
  const unknownWords: UnknownWords = (words, tag) => {
    const dictionary = DICTIONARIES[tag];
    if (!dictionary) return undefined;
    if (!existsSync(`${DICTIONARY_DIR}/${dictionary}.dic`)) {
      throw new Error(`the ${tag} spelling check needs ${DICTIONARY_DIR}/${dictionary}.dic: apt-get install -y ${DICTIONARY_PACKAGES.join(' ')}`);
    }
    const result = spawnSync('hunspell', ['-d', `${DICTIONARY_DIR}/${dictionary}`, '-l', '-i', 'utf-8'], { input: words.join('\n'), encoding: 'utf8' });
    if (result.error || result.status !== 0) throw new Error(`hunspell -d ${dictionary} failed: ${result.error?.message ?? result.stderr}`);
    const unknown = new Set(result.stdout.split('\n').filter(Boolean));
    const entry = (verdicts[tag] ??= { dictionary: `${dictionary} (hunspell-${tag} ${debianVersion(`hunspell-${tag}`)})`, known: [], unknown: [] });
    for (const word of words) (unknown.has(word) ? entry.unknown : entry.known).push(word);
    return unknown;
  };
  const sorted = (words: string[]) => [...new Set(words)].sort();
  return {
    unknownWords,
    verdicts: () =>
      Object.fromEntries(Object.entries(verdicts).map(([tag, entry]) => [tag, { ...entry, known: sorted(entry.known), unknown: sorted(entry.unknown) }])),
  };
}

/** The gate's judge: the import's verdicts; a word without one is reported through `unjudged`. */
export function recordedJudge(verdicts: SpellingVerdicts, unjudged: (word: string, tag: string) => void): UnknownWords {
  return (words, tag) => {
    const entry = verdicts[tag];
    if (!entry) return undefined;
    const known = new Set(entry.known);
    const unknown = new Set(entry.unknown);
    for (const word of words) if (!known.has(word) && !unknown.has(word)) unjudged(word, tag);
    return new Set(words.filter((word) => unknown.has(word)));
  };
}
