/**
 * The part of cldr-numbers-full the importers and the record gate read, typed once here (the package
 * ships JSON without types): a locale's currency words.
 */
import { readPackageJson } from './upstream.ts';

/** A currency's words: `displayName`, `displayName-count-<plural form>`, `symbol`, `symbol-alt-narrow`... */
export type CldrCurrencyWords = Record<string, string>;

/** main/<tag>/currencies.json, keyed by currency code, resolved by CLDR through the locale's parents. */
export const currencyWordsOf = (tag: string): Record<string, CldrCurrencyWords> | undefined =>
  readPackageJson<{ main?: Record<string, { numbers?: { currencies?: Record<string, CldrCurrencyWords> } }> }>(
    'cldr-numbers-full',
    `main/${tag}/currencies.json`,
  ).main?.[tag]?.numbers?.currencies;
