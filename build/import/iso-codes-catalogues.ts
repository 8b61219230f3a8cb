/**
 * iso-codes' gettext catalogues, mapped to the locales we serve. A catalogue counts only under its
 * own tag or an explicit mapping below, never through a language alias (CLDR's mo -> ro once put
 * Moldavian Cyrillic where Romanian belongs). Two checks make a catalogue in the wrong language fail
 * the import instead of reaching the data: its text must be in the script the locale is written in,
 * and it must not be a near-copy of another language's catalogue.
 */
import { hasLettersOf, scriptOf } from '../lib/locale-script.ts';
import { readIsoCodesTranslations } from '../lib/upstream.ts';
import { withoutInvisibleCharacters } from '../lib/invisible-characters.ts';

/** gettext catalogue tag -> supported locale, where the names differ. */
const CATALOGUE_LOCALES: Record<string, string> = {
  pt: 'pt-PT', // iso-codes' unqualified pt is European Portuguese; CLDR's pt is Brazilian
  'pt-BR': 'pt',
  'zh-CN': 'zh',
  'zh-TW': 'zh-Hant',
  'zh-HK': 'zh-Hant-HK',
  nb: 'no', // CLDR serves Norwegian Bokmål as no
};

/** Catalogues read by no locale, and why (each one found by the checks below). */
export const DROPPED_CATALOGUES: Record<string, string> = {
  am: 'mis-encoded: its Ethiopic letters are shifted (AE "ፘተባበሩት ጐረብ ጔሤሳትስ" for የተባበሩት ዓረብ ኤምሬትስ, DE "ጀሴመን" for ጀርመን), no Amharic reader can use them',
  cv: 'not Chuvash: 198 of its 200 country names are those of the Chechen (ce) catalogue',
};

const NEAR_COPY = 0.95;

/** Share of the translations two catalogues give identically (translations that copy the English left out). */
function overlap(a: Map<string, string>, b: Map<string, string>): number {
  let both = 0;
  let same = 0;
  for (const [msgid, text] of a) {
    if (!b.has(msgid) || text === msgid) continue;
    both++;
    if (b.get(msgid) === text) same++;
  }
  return both >= 20 ? same / both : 0;
}

/**
 * The catalogues of a domain that serve a supported locale, keyed by that locale (English excluded).
 * Throws when a catalogue fails a check and is not listed in DROPPED_CATALOGUES.
 */
export function isoCodesCatalogues(domain: 'iso_3166-1' | 'iso_3166-2', supported: Set<string>): Map<string, Map<string, string>> {
  const all = readIsoCodesTranslations(domain);
  if (all.size < 50) throw new Error(`iso-codes ${domain}: found ${all.size} catalogues, expected over 50 (is iso-codes installed whole?)`);
  const served = new Map<string, Map<string, string>>();
  const failures: string[] = [];
  for (const [catalogue, messages] of all) {
    const locale = CATALOGUE_LOCALES[catalogue] ?? catalogue;
    if (!supported.has(locale) || locale === 'en' || messages.size === 0 || catalogue in DROPPED_CATALOGUES) continue;
    const script = scriptOf(locale);
    const translated = [...messages].filter(([msgid, text]) => text !== msgid).map(([, text]) => text);
    const inScript = translated.filter((text) => hasLettersOf(text, script)).length;
    if (translated.length && inScript / translated.length < 0.8) {
      failures.push(`${catalogue} -> ${locale}: only ${inScript} of ${translated.length} translations are in the ${script} script`);
      continue;
    }
    const copyOf = [...all].find(([other, otherMessages]) => other.split('-')[0] !== catalogue.split('-')[0] && overlap(messages, otherMessages) >= NEAR_COPY);
    if (copyOf) {
      failures.push(`${catalogue} -> ${locale}: at least ${NEAR_COPY * 100}% of its translations are those of the ${copyOf[0]} catalogue`);
      continue;
    }
    if (served.has(locale)) throw new Error(`iso-codes ${domain}: two catalogues map to ${locale}`);
    // Some catalogues (bn, as, pa ...) write letters decomposed (য + nukta for য়); stored as CLDR writes them, in NFC,
    // without the zero-width spaces and soft hyphens some leave (km, hy, da).
    served.set(locale, new Map([...messages].map(([msgid, text]) => [msgid, withoutInvisibleCharacters(text.normalize('NFC'))])));
  }
  if (failures.length) {
    throw new Error(
      `iso-codes ${domain}: catalogues in the wrong language (drop them in DROPPED_CATALOGUES with the reason, or map them right):\n  ${failures.join('\n  ')}`,
    );
  }
  return served;
}
