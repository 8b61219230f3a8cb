/**
 * The script a locale is written in (its script subtag, else CLDR's likely script), and whether a
 * name is written in it. Shared by the importers, which drop a name in another script so the locale's
 * fallback applies, and by the data gate, which refuses one.
 */
import { likelySubtags as cldrLikelySubtags } from './cldr-core.ts';

/** Unicode Script property values that write each ISO 15924 script (the others are their own). */
const SCRIPT_PROPERTIES: Record<string, string[]> = {
  Hans: ['Han'],
  Hant: ['Han'],
  Jpan: ['Han', 'Hiragana', 'Katakana'],
  Kore: ['Hangul', 'Han'],
};

let likelySubtags: Record<string, string> | undefined;
/** Each locale's script, found once: the checks ask for it name by name. */
const scripts = new Map<string, string>();

/** The script a locale is written in: its script subtag, else CLDR's likely script. */
export function scriptOf(tag: string): string {
  let script = scripts.get(tag);
  if (script === undefined) scripts.set(tag, (script = findScript(tag)));
  return script;
}

function findScript(tag: string): string {
  const explicit = tag.split('-').find((part) => /^[A-Z][a-z]{3}$/.test(part));
  if (explicit) return explicit;
  likelySubtags ??= cldrLikelySubtags();
  const likely = likelySubtags[tag] ?? likelySubtags[tag.split('-')[0]];
  if (!likely) throw new Error(`no likely script for locale ${tag} in cldr-core likelySubtags`);
  return likely.split('-')[1];
}

const letterPatterns = new Map<string, RegExp>();

/** A letter of the script (global, to count or strip them). */
function lettersOf(script: string): RegExp {
  let pattern = letterPatterns.get(script);
  if (!pattern) {
    const properties = (SCRIPT_PROPERTIES[script] ?? [script]).map((property) => `\\p{Script=${property}}`).join('');
    pattern = new RegExp(`[${properties}]`, 'gu');
    letterPatterns.set(script, pattern);
  }
  return pattern;
}

const letterTests = new Map<string, RegExp>();

/** Whether the text has at least one letter of the script: found by a pattern that stops at the first, not one that lists them all. */
export function hasLettersOf(text: string, script: string): boolean {
  let test = letterTests.get(script);
  if (!test) letterTests.set(script, (test = new RegExp(lettersOf(script).source, 'u')));
  return test.test(text);
}

/**
 * An abbreviation kept in Latin capitals inside a name in another script: "SAR" (హాంకాంగ్ SAR చైనా),
 * "U.S.", "(DRC)", a Roman numeral ("Регіон IV"). A word of four capitals at most, dots allowed.
 */
const LATIN_ABBREVIATION = /(?<![\p{L}\p{M}])(?:[A-Z]\.?){1,4}(?![\p{L}\p{M}])/gu;

/**
 * Letters of the text that are neither of the locale's script nor part of a Latin abbreviation:
 * "Metohija" in "コソボ-Metohija", Devanagari in a Telugu name. Empty where the text is fine.
 */
export function foreignLetters(text: string, tag: string): string {
  const script = scriptOf(tag);
  let inScript = foreignCache.get(script);
  if (!inScript) foreignCache.set(script, (inScript = new Map()));
  let foreign = inScript.get(text);
  if (foreign === undefined) inScript.set(text, (foreign = foreignIn(text, script)));
  return foreign;
}

/** Per script, then per text: names recur across the locales of a script, and the gate looks at every one of them. */
const foreignCache = new Map<string, Map<string, string>>();

function foreignIn(text: string, script: string): string {
  const rest = (script === 'Latn' ? text : text.replace(LATIN_ABBREVIATION, ' ')).replace(lettersOf(script), '');
  // Letters every script shares (the Japanese long-vowel mark ー, the Uzbek ʻ) are no other script's.
  return (rest.replace(/[\p{Script=Common}\p{Script=Inherited}]/gu, '').match(/\p{L}/gu) ?? []).join('');
}

/**
 * Whether a name is written in its locale's script: at least one letter of that script (unless it is
 * an abbreviation alone: "UK"), and no letter of another script outside a Latin abbreviation.
 */
export function isInLocaleScript(text: string, tag: string): boolean {
  if (foreignLetters(text, tag)) return false;
  return hasLettersOf(text, scriptOf(tag)) || (text.match(/\p{L}/gu) ?? []).length > 0;
}
