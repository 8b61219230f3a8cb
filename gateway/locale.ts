/**
 * The `locale` parameter: a BCP 47 language tag (RFC 5646), case-insensitive, `_` accepted for `-`,
 * matched to a supported tag by RFC 4647 lookup, with the manifest's aliases consulted at every
 * truncation step (so `zh-TW` finds `zh-Hant` before it would truncate to `zh`).
 */

// RFC 5646 section 2.1 "langtag" and "privateuse", on lower-cased input.
const LANGTAG = new RegExp('^(?:'
  + '(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})' // language, extlang
  + '(?:-[a-z]{4})?' // script
  + '(?:-(?:[a-z]{2}|\\d{3}))?' // region
  + '(?:-(?:[a-z\\d]{5,8}|\\d[a-z\\d]{3}))*' // variants
  + '(?:-[\\da-wy-z](?:-[a-z\\d]{2,8})+)*' // extensions
  + '(?:-x(?:-[a-z\\d]{1,8})+)?' // private use
  + '|x(?:-[a-z\\d]{1,8})+' // a private-use tag on its own
  + '|en-gb-oed|i-(?:ami|bnn|default|enochian|hak|klingon|lux|mingo|navajo|pwn|tao|tay|tsu)|sgn-(?:be-fr|be-nl|ch-de)' // irregular grandfathered
  + ')$');

/** Longer than any tag a client would send; bounds the work spent on one parameter. */
export const MAX_TAG_LENGTH = 64;

/** The request tag in matching form (lower case, `-` separated), or undefined when it is not well-formed. */
export function normalizeTag(raw: string): string | undefined {
  const tag = raw.replaceAll('_', '-').toLowerCase();
  return tag.length <= MAX_TAG_LENGTH && LANGTAG.test(tag) ? tag : undefined;
}

/** RFC 4647 section 3.4 lookup; `tags` maps lower-case request tags (supported ones and aliases) to supported tags. */
export function lookupLocale(tag: string, tags: Map<string, string>, defaultLocale: string): string {
  let range = tag;
  for (;;) {
    const match = tags.get(range);
    if (match) return match;
    const cut = range.lastIndexOf('-');
    if (cut < 0) return defaultLocale;
    range = range.slice(0, cut);
    // A singleton (extension or private-use introducer) never ends a range: drop it with its subtag.
    if (range.at(-2) === '-') range = range.slice(0, -2);
  }
}
