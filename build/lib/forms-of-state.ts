/**
 * Forms of state (republic, kingdom, emirate...) and the words each locale writes them with, learned
 * from the locale's official names: what the official-name checks (official-name-checks.ts) compare
 * a name's form of state with.
 */
import { wordsOf } from './name-words.ts';

/** English words of a form of state, each with the words that write it in a locale (learned from the data). */
export const FORMS_OF_STATE = [
  'republic',
  'kingdom',
  'principality',
  'sultanate',
  'emirate',
  'duchy',
  'federal',
  'federative',
  'federation',
  'democratic',
  "people's",
  'socialist',
  'islamic',
  'commonwealth',
  'plurinational',
  'bolivarian',
  'union',
  'confederation',
  'cooperative',
];

export type FormMarkers = Map<string, Set<string>>;

/**
 * The words that write each form of state in a locale, learned from the locale's official names: a
 * word at least a third of the names whose English holds the form use, and almost none of the others.
 * `names` pairs each English official name with its translation.
 */
export function learnFormMarkers(names: { english: string; local: string }[], tag: string): FormMarkers {
  const markers: FormMarkers = new Map();
  // Each name's words, cut once for all the forms.
  const localWords = new Map(names.map((name) => [name, new Set(wordsOf(name.local, tag))]));
  const englishWords = new Map(names.map((name) => [name, new Set(wordsOf(name.english, 'en'))]));
  // How many names write each word.
  const count = (list: typeof names) => {
    const counts = new Map<string, number>();
    for (const name of list) for (const word of localWords.get(name)!) counts.set(word, (counts.get(word) ?? 0) + 1);
    return counts;
  };
  const all = count(names);
  for (const form of FORMS_OF_STATE) {
    const withForm = names.filter((name) => englishWords.get(name)!.has(form));
    if (withForm.length < 3) continue;
    const inside = count(withForm);
    // The names without the form are all the others: a word's count among them is its count in all less its count in these.
    const outside = (word: string) => all.get(word)! - inside.get(word)!;
    const words = [...inside].filter(([word, n]) => n >= Math.max(2, withForm.length / 3) && outside(word) <= n / 10).map(([word]) => word);
    if (words.length) markers.set(form, new Set(words));
  }
  return markers;
}
