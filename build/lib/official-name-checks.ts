/**
 * Checks of a country's official (or ISO short) name in a locale against CLDR's common names, which
 * are authoritative: the name must hold its own country's common name and no other country's, and
 * must not be the common name where ISO's English says the country has a form of state. A community
 * catalogue's name that fails is dropped at import (build/import/community-names.ts); the gate
 * refuses any served name that fails (build/validate/community-names.ts), bar reviewed exceptions.
 */
import { FORMS_OF_STATE, type FormMarkers } from './forms-of-state.ts';
import { editDistance, holdsName, wordsOf } from './name-words.ts';

export type NameCheck =
  | 'invisible-character'
  | 'other-country-name'
  | 'own-name-missing'
  | 'common-name-as-official'
  | 'form-of-state'
  | 'unknown-word'
  | 'stripped-romanization'
  | 'city-province-word'
  | 'other-place-name';

/** A country's names as the checks compare them: CLDR's in the locale, and English (CLDR's and ISO's). */
export interface CountryNames {
  code: string;
  common: string[];
  english: string[];
}

/** Scripts where a name of three letters or fewer is too short to tell from a word inside another. */
const MIN_LETTERS = 3;

const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

/** Whether either name holds the other (Niger and Nigeria, Guinea and Guinea-Bissau, Sudan and South Sudan). */
const overlaps = (a: string, b: string, tag: string) => holdsName(a, b, tag) || holdsName(b, a, tag);

/**
 * The code of another country whose common name the official name holds ("…, ईथोपिया" for Nepal), or
 * null. Not a country whose name overlaps the own one, nor one the own English name names too
 * ("United Kingdom of Great Britain and Northern Ireland" names Ireland in every language).
 */
export function otherCountryIn(official: string, tag: string, own: CountryNames, all: CountryNames[]): string | null {
  const words = new Set(wordsOf(official, tag).map((word) => [...word].slice(0, 4).join('')));
  for (const other of candidates(all, tag, words)) {
    if (other.code === own.code) continue;
    const held = other.common.find((name) => letters(name) >= MIN_LETTERS && holdsName(official, name, tag, 1));
    if (!held || own.common.some((mine) => overlaps(mine, held, tag))) continue;
    if (other.english.some((english) => own.english.some((mine) => overlaps(mine, english, 'en')))) continue;
    return other.code;
  }
  return null;
}

const indexes = new WeakMap<CountryNames[], { tag: string; byStart: Map<string, CountryNames[]>; uncut: CountryNames[] }>();

/**
 * The countries one of whose names could be held by a name with these word starts (first four letters):
 * an index by the start of each name's first word, so a name is not compared with all 250 countries'.
 */
function candidates(all: CountryNames[], tag: string, starts: Set<string>): CountryNames[] {
  let index = indexes.get(all);
  if (!index || index.tag !== tag) {
    index = { tag, byStart: new Map(), uncut: [] };
    for (const country of all) {
      for (const name of country.common) {
        const first = wordsOf(name, tag)[0];
        if (!first || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(name)) {
          index.uncut.push(country);
          continue;
        }
        // Names whose first word is short are held only whole; stems are cut from longer words, never below four letters.
        const start = [...first].slice(0, 4).join('');
        index.byStart.set(start, [...(index.byStart.get(start) ?? []), country]);
      }
    }
    indexes.set(all, index);
  }
  const found = new Set<CountryNames>(index.uncut);
  for (const start of starts) for (const country of index.byStart.get(start) ?? []) found.add(country);
  return all.filter((country) => found.has(country));
}

/**
 * Whether the official name holds its country's common name: one of CLDR's names in the locale whole,
 * or a word of four letters or more of one, inflected ("République de Corée" holds "Corée du Sud",
 * "ნეპალის ფედერალური…" holds ნეპალი, "Չիլիի" holds Չիլի), made an adjective ("Republica Portugheză",
 * "Тоголезька Республіка") or spelt two letters in five otherwise (kn ಪೋಲಂಡ್ for ಪೋಲ್ಯಾಂಡ್, sr-Latn
 * Pitkarn for Pitkern): a variant is the same name to its reader; a name without its country's is not.
 * A Latin name may instead keep a word of the country's English name other than a form of state: a
 * generic word (Saint, Islands) lets a wrong name through only where no other check refuses it, and
 * leaving such words out dropped right names ("De forente stater", "Gweriniaeth Guinea").
 */
export function holdsOwnName(official: string, tag: string, own: CountryNames): boolean {
  const words = wordsOf(official, tag).map(skeletonOf);
  const latin = /\p{Script=Latin}/u.test(official);
  // A Latin name may keep the country's own name where the locale's CLDR name translates it ("Bonaire, Sint Eustatius og Saba").
  const names = latin ? [...own.common, ...plainEnglishWordsOf(own.english)] : own.common;
  return names.some((name) => {
    if (holdsName(official, name, tag)) return true;
    return wordsOf(name, tag).some((text) => {
      const word = skeletonOf(text);
      if (word.letters.length < 3) return words.some((candidate) => candidate.text === word.text);
      return holdsName(official, text, tag) || words.some((candidate) => isVariantOf(candidate, word));
    });
  });
}

/** The words of an English name but those of a form of state, found once per name. */
function plainEnglishWords(name: string): string[] {
  let words = plainWords.get(name);
  if (!words) plainWords.set(name, (words = wordsOf(name, 'en').filter((word) => !FORMS_OF_STATE.includes(word))));
  return words;
}
const plainWords = new Map<string, string[]>();

/**
 * Per list of a country's English names, made once: the checks read the same list in every locale where the
 * caller keeps it (build/lib/country-name-checks.ts does).
 */
const englishLists = new WeakMap<string[], { plain: string[]; words: Set<string> }>();

function englishOf(names: string[]): { plain: string[]; words: Set<string> } {
  let found = englishLists.get(names);
  if (!found) englishLists.set(names, (found = { plain: names.flatMap(plainEnglishWords), words: new Set(names.flatMap((name) => wordsOf(name, 'en'))) }));
  return found;
}

const plainEnglishWordsOf = (names: string[]) => englishOf(names).plain;

/**
 * A word that holds the name or is held by it (sv "Korea" in Nordkorea), starts as it does for three
 * letters (nl Slovaakse, Slowakije), or is spelt otherwise in at most two letters in five.
 */
function isVariantOf({ letters: candidate, text: a }: Skeleton, { letters: name, text: b }: Skeleton): boolean {
  if (candidate.length >= 4 && (a.includes(b) || b.includes(a))) return true;
  let shared = 0;
  while (shared < Math.min(candidate.length, name.length) && candidate[shared] === name[shared]) shared++;
  if (shared >= 3) return true;
  const limit = Math.floor(name.length * 0.4);
  return limit > 0 && editDistance(candidate, name, limit) <= limit;
}

/** Malayalam's atomic chillu letters, as the consonant they end (ൻ is ന with no vowel). */
const CHILLU: Record<string, string> = { ൺ: 'ണ', ൻ: 'ന', ർ: 'ര', ൽ: 'ല', ൾ: 'ള', ൿ: 'ക' };

/**
 * A word's letters without its marks (vowel signs, viramas, diacritics) and joiners: spellings of one
 * name differ most in those (ଚୀନ and ଚୀନ୍‌, ബര്‍മുഡ and ബർമുഡ, Pitkarn and Pitkern keep their consonants).
 */
function skeletonOf(word: string): Skeleton {
  let skeleton = skeletons.get(word);
  if (!skeleton) {
    // Arabic's and Hebrew's article is written as part of the word (الروانديّة, האלג'יראית).
    const bare = word
      .normalize('NFD')
      .replace(/[\p{M}\p{P}\u200c\u200d]/gu, '')
      .replace(/^(?:ال(?=\p{L}{3})|ה(?=\p{L}{3}))/u, '');
    const letters = [...bare].map((letter) => CHILLU[letter] ?? letter);
    skeletons.set(word, (skeleton = { letters, text: letters.join('') }));
  }
  return skeleton;
}

/** A word's skeleton, as letters and as text; each word's made once, as every official name is held against its country's names in each locale. */
interface Skeleton {
  letters: string[];
  text: string;
}
const skeletons = new Map<string, Skeleton>();

/**
 * A form of state the name writes that ISO's English official name lacks (a kingdom called a
 * republic, "People's" or "Socialist" added), outside the country's own common names ("Dominican
 * Republic"), or null.
 */
export function addedFormOfState(official: string, tag: string, own: CountryNames, englishOfficial: string, markers: FormMarkers): string | null {
  const english = englishOf(own.english).words;
  const ownWords = new Set(own.common.flatMap((name) => wordsOf(name, tag)));
  const words = wordsOf(official, tag).filter((word) => !ownWords.has(word));
  const isoWords = wordsOf(englishOfficial, 'en');
  for (const [form, written] of markers) {
    if (english.has(form) || isoWords.includes(form)) continue;
    const found = words.find((word) => written.has(word));
    if (!found) continue;
    // A word that also writes a form the English has (one word for "federal" and "federation") is no addition.
    const shared = [...markers].some(
      ([other, otherWritten]) => other !== form && isoWords.includes(other) && [...written].some((word) => otherWritten.has(word)),
    );
    if (!shared) return `${found} (${form})`;
  }
  return null;
}

/**
 * Whether the official name is only the country's main common name where ISO's English official name
 * holds a form of state the locale's name does not write ("Південна Корея" for the Republic of Korea).
 */
export function isCommonNameAsOfficial(official: string, tag: string, own: CountryNames, englishOfficial: string, markers: FormMarkers): boolean {
  if (official !== own.common[0]) return false;
  const forms = FORMS_OF_STATE.filter((form) => wordsOf(englishOfficial, 'en').includes(form) && markers.has(form));
  const words = new Set(wordsOf(official, tag));
  return forms.length > 0 && forms.every((form) => ![...markers.get(form)!].some((word) => words.has(word)));
}
