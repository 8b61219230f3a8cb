/**
 * The languages a reader of a locale also reads, from CLDR's language matching data (cldr-core
 * supplemental/languageMatching.json, "written-new"): each pair that says a reader of language A is
 * served by language B (one-way: kk -> ru, ca -> es, rm -> de; both ways: cs <-> sk, hr <-> bs,
 * da <-> no). Only languages written in the locale's own script count, so a fallback never shows a
 * reader another script before English does: kk -> ru is kept, az -> ru is not, and yue (Traditional)
 * reaches zh-Hant, never Simplified zh. English is left out: every chain ends with it.
 */
import { scriptOf } from '../lib/locale-script.ts';
import { languageMatches } from '../lib/cldr-core.ts';

interface LanguageMatch {
  _desired: string;
  _supported: string;
  _distance: number | string;
  _oneway?: boolean | string;
}

const PLAIN_LANGUAGE = /^[a-z]{2,3}$/;

let pairs: [string, string][] | undefined;

/** [reader's language, language also read], in CLDR's order; plain language subtags only. */
function readingPairs(): [string, string][] {
  if (pairs) return pairs;
  const matches: LanguageMatch[] = languageMatches();
  if (!Array.isArray(matches) || matches.length < 100) throw new Error('cldr-core languageMatching.json: expected the written-new languageMatch list');
  pairs = matches
    .filter((match) => PLAIN_LANGUAGE.test(match._desired) && PLAIN_LANGUAGE.test(match._supported))
    .flatMap((match) => {
      const oneway = match._oneway === true || match._oneway === 'true';
      return oneway
        ? [[match._desired, match._supported]]
        : [
            [match._desired, match._supported],
            [match._supported, match._desired],
          ];
    }) as [string, string][];
  return pairs;
}

/** Supported locales of the languages a reader of `tag` also reads, in its script (without English). */
export function readerLanguages(tag: string, supported: Set<string>): string[] {
  const language = tag.split('-')[0];
  const script = scriptOf(tag);
  const found: string[] = [];
  for (const [reader, read] of readingPairs()) {
    if (reader !== language || read === 'en' || read === language) continue;
    // The language's own locale in the reader's script: zh for Hans, zh-Hant for Hant.
    const locale = [read, `${read}-${script}`].find((candidate) => supported.has(candidate) && scriptOf(candidate) === script);
    if (locale && !found.includes(locale)) found.push(locale);
  }
  return found;
}
