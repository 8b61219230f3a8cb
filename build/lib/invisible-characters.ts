/**
 * Invisible characters a served string must not hold: control characters, soft hyphens, byte-order
 * marks and word joiners, direction marks, and zero-width spaces at either end (a catalogue's
 * leftover: 40 Khmer official names began or ended with one). Inside a name, the zero-width space
 * is how Khmer, Lao, Thai, Burmese and Tibetan mark a word break, and the zero-width (non-)joiner is
 * part of the spelling of Indic and Persian script; those stay, but no name begins with a joiner.
 */

const ALWAYS = /[\p{Cc}\u00ad\u2060\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const AT_EDGE = /^[\u200b-\u200d]|\u200b$/u;
/** Scripts that write no spaces between words and may mark a break with U+200B. */
const UNSPACED = /[\p{Script=Khmer}\p{Script=Lao}\p{Script=Thai}\p{Script=Myanmar}\p{Script=Tibetan}]/u;

const hex = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** What is wrong with the string's invisible characters ("U+200B at the start"), or null. */
export function invisibleCharacter(text: string): string | null {
  const always = ALWAYS.exec(text);
  if (always) return `${hex(always[0])} at ${always.index}`;
  const edge = AT_EDGE.exec(text);
  if (edge) return `${hex(edge[0])} at the ${edge.index === 0 ? 'start' : 'end'}`;
  if (text.includes('\u200b') && !UNSPACED.test(text)) return `U+200B in a script that writes spaces`;
  return null;
}

/** The string without the invisible characters invisibleCharacter() refuses (what a reader sees is unchanged). */
export function withoutInvisibleCharacters(text: string): string {
  let clean = text.replace(new RegExp(ALWAYS.source, 'gu'), '').replace(/^[\u200b-\u200d]+|\u200b+$/gu, '');
  if (!UNSPACED.test(clean)) clean = clean.replaceAll('\u200b', '');
  return clean;
}
