/**
 * Stores a per-locale value only where a reader walking the locale's fallback chain (data/locales.json)
 * would not already find the same one in a locale of the same language. `full` holds what CLDR gives each locale (its own JSON file,
 * which CLDR resolves through its parentLocales: en-CA through en-001); a locale CLDR gives nothing
 * resolves, before and after pruning, to the first locale of its chain that has a value.
 */
import { foreignLetters } from '../lib/locale-script.ts';

/** Whether every text is in the locale's script; a value that is not is dropped, so the fallback applies. */
export const inLocaleScript = (tag: string, texts: string[]) => tag.startsWith('en') || texts.every((text) => !foreignLetters(text, tag));
export interface Chains {
  tags: string[];
  chainOf: Map<string, string[]>;
}

export function chainsOf(locales: { tag: string; fallback: string[] }[]): Chains {
  return {
    tags: locales.map((locale) => locale.tag),
    chainOf: new Map(locales.map((locale) => [locale.tag, [locale.tag, ...locale.fallback]])),
  };
}

const language = (tag: string) => tag.split('-')[0];

/** What a reader of the chain is given: the value and the language of the locale that supplied it. */
function resolve<T>(stored: Map<string, T>, chain: string[]): string {
  const from = chain.find((tag) => stored.has(tag));
  return from === undefined ? '' : JSON.stringify([stored.get(from), language(from)]);
}

/**
 * The smallest-by-greedy subset of `full` that every chain resolves exactly as it resolves `full`:
 * the same value, supplied by a locale of the same language. So a value is left out only where a
 * locale of its own language gives it (es-BO takes es's), never because another language happens to
 * write it alike (nl "Amsterdam" is kept, so a reader of nl is not told it came from English).
 */
export function pruneByFallback<T>(full: Map<string, T>, chains: Chains): Map<string, T> {
  const target = new Map(chains.tags.map((tag) => [tag, resolve(full, chains.chainOf.get(tag)!)]));
  const stored = new Map(full);
  // Longest chains first (regional variants), so the broad locale keeps the value its variants share.
  const order = [...full.keys()].sort((a, b) => chains.chainOf.get(b)!.length - chains.chainOf.get(a)!.length || a.localeCompare(b));
  for (const tag of order) {
    const value = stored.get(tag)!;
    stored.delete(tag);
    const readers = chains.tags.filter((reader) => chains.chainOf.get(reader)!.includes(tag));
    if (readers.some((reader) => resolve(stored, chains.chainOf.get(reader)!) !== target.get(reader))) stored.set(tag, value);
  }
  return new Map([...stored].sort(([a], [b]) => a.localeCompare(b)));
}
