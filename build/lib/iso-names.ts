/**
 * ISO 3166-2 names as a reader writes them. iso-codes copies ISO's list entries, which carry
 * annotations for the list's own sake: alternative names and codes in brackets ("Wales [Cymru GB-CYM]",
 * "Stockholms län [SE-01]"), a dagger on names ISO flags, "(EH)" on Moroccan entries in Western Sahara,
 * a footnote asterisk on some Spanish names ("Araba*"), and designations put last so the list sorts by the
 * proper name ("Madrid, Comunidad de"). Several translation catalogues copy that inverted order ("Brest,
 * Provincie"), and CLDR copies some daggers.
 */

/** Designations ISO puts behind the name, as they appear after the comma (every case in iso-codes 4.15). */
const ISO_DESIGNATIONS = new Set([
  'Respublika',
  'Comunidad',
  'Comunidad de',
  'Región de',
  'Principado de',
  'Région',
  'Hlavní město',
  'City of',
  'County',
  'The',
  'unitatea teritorială din',
  'Unitatea teritorială autonomă',
  'U.S.',
]);
/** A trailing part that joins names ("Newry, Mourne and Down") rather than designating one. */
const CONJUNCTION = /(^|\s)(and|y|et|und|i|e|og|en|och|ja|és|a|dan|та|і|и)(\s|$)/u;
/**
 * A trailing part that is the start of the name put last ("Zuid-Zanzibar, Centraal- en" is "Centraal- en
 * Zuid-Zanzibar"; "Santiago, Hoofdstedelijke Regio van"): it ends in a conjunction or a preposition.
 */
const OPEN_ENDED = /\s(and|y|et|und|en|och|of|van|de|du|des|del|della|di|von|da|do|dos|das)$/u;
/** How often a catalogue must use a trailing part before it counts as one of its designations. */
const DESIGNATION_USES = 3;

/** Upper-cases the first letter; Georgian is left alone (its capitals, Mtavruli, are not used to begin a name). */
const capitalized = (text: string) => (/^\p{Script=Georgian}/u.test(text) ? text : text.charAt(0).toLocaleUpperCase('und') + text.slice(1));

/** Removes the list's annotations: brackets, daggers, asterisks, "(EH)". */
export function withoutAnnotations(name: string): string {
  return name
    .replace(/\s*\[[^\]]*\]/g, '')
    .replace(/\s*†/g, '')
    .replace(/\*$/u, '')
    .replace(/[¹²³⁴-⁹]+$/u, '') // CLDR's mark on a name it holds twice ("Gandaki²")
    .replace(/\s*\((?:EH|Sahara occidental)[^)]*\)/gi, '')
    .trim();
}

/** Punctuation a catalogue leaves at the end ("Cộng Hoà Bashkortostan,"), but not an abbreviation's full stop ("EE. UU."). */
export function withoutListPunctuation(name: string): string {
  const text = name.replace(/\s*[,;:]+$/u, '').trim();
  const lastWord = text.split(/\s/u).pop() ?? '';
  const abbreviation = /^(\p{L}{1,3}\.)+$/u.test(lastWord);
  return text.endsWith('.') && !abbreviation ? text.slice(0, -1).trim() : text;
}

/**
 * One name where a catalogue joins several with ";" ("Tokio; Tokyo", "Chungcheongbuk-do; Noord-Chungcheong"):
 * the first that is not ISO's own name, which the catalogue lists beside its translation.
 */
function oneAlternative(text: string, msgid: string): string {
  const alternatives = text.split(/\s*;\s*/u).filter(Boolean);
  const iso = new Set([withoutAnnotations(msgid), cleanIsoName(msgid)]);
  return alternatives.find((alternative) => !iso.has(alternative)) ?? alternatives[0] ?? text;
}

/** A trailing qualifier in brackets ("Svalbard (Arctic Region)", "Alberta (tartomány)", "Caraga (region XIII"). */
const QUALIFIER = /\s*\([^()]*\)?$/u;

/** The name without a trailing qualifier in brackets; the name itself where nothing would be left. */
export function withoutQualifier(name: string): string {
  const bare = name.replace(QUALIFIER, '').trim();
  return bare && bare !== name ? withoutListPunctuation(bare) : name;
}

/** "Name, Designation (extra)": the list's order. */
const LIST_ORDER = /^([^,]+), ([^,()]+?)( \([^)]*\))?$/;

/** "Name, Designation (extra)" split in three, or null where the name is not in that form. */
function inverted(name: string): [string, string, string] | null {
  const match = LIST_ORDER.exec(name);
  return match && (!CONJUNCTION.test(match[2]) || OPEN_ENDED.test(match[2])) ? [match[1], match[2], match[3] ?? ''] : null;
}

/** "Madrid, Comunidad de" -> "Comunidad de Madrid", where `isDesignation` accepts the trailing part. */
function inReadingOrder(name: string, isDesignation: (tail: string) => boolean): string {
  const parts = inverted(name);
  return parts && isDesignation(parts[1]) ? capitalized(`${parts[1]} ${parts[0]}${parts[2]}`) : name;
}

/** An ISO name (or CLDR's copy of one) without annotations and in reading order. */
export function cleanIsoName(name: string): string {
  return inReadingOrder(withoutAnnotations(name), (tail) => ISO_DESIGNATIONS.has(tail));
}

/**
 * A country's ISO short name read as its full name, where ISO gives no other: the list's order undone
 * ("Korea, Republic of" -> "Republic of Korea"; fr "Russie, Fédération de" -> "Fédération de Russie").
 * `english` is ISO's English short name: where it holds a list of places ("Saint Helena, Ascension and
 * Tristan da Cunha"), no translation of it is reordered, whatever its conjunction.
 */
export function fullNameOrder(name: string, english: string): string {
  if (english.includes(',') && !inverted(english)) return name;
  const match = LIST_ORDER.exec(name);
  return match ? capitalized(`${match[2]} ${match[1]}${match[3] ?? ''}`) : name;
}

/**
 * Cleans a catalogue's translations of ISO names: the list's annotations, names joined with ";" (one
 * kept), punctuation left at the end, and the inverted order. A trailing part is a designation where
 * the ISO name itself was inverted, where it is one of ISO's, where it ends open ("Regio van"), or
 * where the catalogue puts the same part last in several names.
 */
export function cleanTranslations(messages: Map<string, string>): Map<string, string> {
  const single = new Map([...messages].map(([msgid, text]) => [msgid, withoutListPunctuation(oneAlternative(withoutAnnotations(text), msgid))]));
  const uses = new Map<string, number>();
  for (const text of single.values()) {
    const tail = inverted(text)?.[1];
    if (tail) uses.set(tail, (uses.get(tail) ?? 0) + 1);
  }
  const cleaned = new Map<string, string>();
  for (const [msgid, text] of single) {
    const isoInverted = cleanIsoName(msgid) !== withoutAnnotations(msgid);
    const isDesignation = (tail: string) => isoInverted || OPEN_ENDED.test(tail) || ISO_DESIGNATIONS.has(tail) || (uses.get(tail) ?? 0) >= DESIGNATION_USES;
    cleaned.set(msgid, inReadingOrder(text, isDesignation));
  }
  return cleaned;
}

/** Words only English writes, which a name in another language keeps only from half a translation. */
const ENGLISH_WORDS = /(^|[^\p{L}])(and|with|of|the|Northern|Southern|Eastern|Western|Peoples|Nationalities|Islands|County|City|Territory)(?=$|[^\p{L}])/u;

/**
 * An English word that a name in another locale keeps from half a translation ("Southern Nations,
 * Nationalities und Peoples", "ブラックバーン with ダーウェン"), or null. A name that is the English or
 * ISO's name whole (`originals`) is a copy, not half a translation.
 */
export function keptEnglishWord(text: string, tag: string, originals: string[]): string | null {
  const english = ENGLISH_WORDS.exec(text)?.[2];
  if (!english || tag === 'en' || tag.startsWith('en-') || (tag.startsWith('hi') && tag.endsWith('-Latn'))) return null;
  return originals.includes(text) ? null : english;
}
