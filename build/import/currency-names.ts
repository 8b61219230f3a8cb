/**
 * A currency's words in each served locale from cldr-numbers-full (main/<tag>/currencies.json, which
 * CLDR resolves through its parentLocales, so USD is "$" in en and "US$" in en-CA by way of en-001):
 * display name, plural forms where the locale has them, symbol and narrow symbol. Kept only where the
 * locale's own fallback chain would not give the same entry (fallback-prune.ts). An entry with a word not
 * in the locale's script (CLDR's Serbian mixes Latin a and e into Cyrillic names; its polytonic Greek
 * keeps "Kwanza") is dropped whole, so the locale's fallback applies, as the gate requires.
 */
import { type CldrCurrencyWords, currencyWordsOf } from '../lib/cldr-numbers.ts';
import { inLocaleScript, pruneByFallback, type Chains } from './fallback-prune.ts';

export interface CurrencyWords {
  name: string;
  plural?: Record<string, string>;
  symbol: string;
  narrow_symbol: string;
}

const PLURAL = /^displayName-count-(zero|one|two|few|many|other)$/;

function currenciesOf(tag: string): Record<string, CldrCurrencyWords> {
  const currencies = currencyWordsOf(tag);
  if (!currencies?.EUR) throw new Error(`cldr-numbers-full: main/${tag}/currencies.json has no EUR; has its layout changed?`);
  return currencies;
}

/** The locale's entry, or null where CLDR gives the locale no display name of its own for the code. */
function wordsIn(currency: Record<string, string> | undefined, code: string, tag: string): CurrencyWords | null {
  if (!currency?.displayName || currency.displayName === code) return null;
  const words = Object.entries(currency)
    .filter(([field]) => field === 'displayName' || PLURAL.test(field))
    .map(([, text]) => text);
  if (!inLocaleScript(tag, words)) return null;
  const plural = Object.fromEntries(
    Object.entries(currency).flatMap(([field, text]) => {
      const form = PLURAL.exec(field)?.[1];
      return form ? [[form, text]] : [];
    }),
  );
  return {
    name: currency.displayName,
    ...(Object.keys(plural).length ? { plural } : {}),
    symbol: currency.symbol ?? code,
    narrow_symbol: currency['symbol-alt-narrow'] ?? currency.symbol ?? code,
  };
}

export function currencyWords(codes: string[], chains: Chains): Map<string, Record<string, CurrencyWords>> {
  const byLocale = new Map(chains.tags.map((tag) => [tag, currenciesOf(tag)]));
  return new Map(
    codes.map((code) => {
      const full = new Map(
        chains.tags.flatMap((tag) => {
          const words = wordsIn(byLocale.get(tag)![code], code, tag);
          return words ? [[tag, words] as const] : [];
        }),
      );
      return [code, Object.fromEntries(pruneByFallback(full, chains))];
    }),
  );
}
