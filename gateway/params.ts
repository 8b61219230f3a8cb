/**
 * Query parameters. Each reader returns the value or a sentence saying what is wrong (sent back as a
 * 400 invalid_parameter); none throws. Parameters an endpoint does not use are ignored.
 * `locale` is a BCP 47 language tag (RFC 5646), case-insensitive, `_` accepted for `-`, matched to a
 * supported tag by RFC 4647 lookup, with the manifest's aliases consulted at every truncation step
 * (so `zh-TW` finds `zh-Hant` before it would truncate to `zh`).
 */
import type { Dist } from './dist.ts';

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
export function lookupLocale(tag: string, tags: ReadonlyMap<string, string>, defaultLocale: string): string {
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

export type Query = Record<string, string | string[] | undefined>;
export type Read<T> = { value: T } | { invalid: string };

export const VIEWS = ['compact', 'full'] as const;
export type View = (typeof VIEWS)[number];
export const SEARCH_LIMIT = { default: 20, max: 250 };
export const MAX_QUERY_LENGTH = 100;

function single(query: Query, name: string): Read<string | undefined> {
  const value = query[name];
  return Array.isArray(value) ? { invalid: `${name} may be given only once.` } : { value };
}

/** The supported locale that answers `locale`: the default when absent or unsupported, invalid when malformed. */
export function readLocale(query: Query, dist: Dist): Read<string> {
  const raw = single(query, 'locale');
  if ('invalid' in raw) return raw;
  if (raw.value === undefined) return { value: dist.defaultLocale };
  const tag = normalizeTag(raw.value);
  if (!tag) return { invalid: 'locale must be a BCP 47 language tag, such as pt, pt-BR or zh-Hant.' };
  return { value: lookupLocale(tag, dist.localeTags, dist.defaultLocale) };
}

export function readView(query: Query): Read<View> {
  const raw = single(query, 'view');
  if ('invalid' in raw) return raw;
  if (raw.value === undefined) return { value: 'compact' };
  return (VIEWS as readonly string[]).includes(raw.value)
    ? { value: raw.value as View }
    : { invalid: `view must be one of: ${VIEWS.join(', ')}.` };
}

export function readLimit(query: Query): Read<number> {
  const raw = single(query, 'limit');
  if ('invalid' in raw) return raw;
  if (raw.value === undefined) return { value: SEARCH_LIMIT.default };
  const limit = /^\d{1,3}$/.test(raw.value) ? Number(raw.value) : NaN;
  return limit >= 1 && limit <= SEARCH_LIMIT.max
    ? { value: limit }
    : { invalid: `limit must be a whole number from 1 to ${SEARCH_LIMIT.max}.` };
}

/** The search text as given; required, with at least one letter or digit. */
export function readSearchText(query: Query): Read<string> {
  const raw = single(query, 'q');
  if ('invalid' in raw) return raw;
  if (raw.value === undefined || !/[\p{L}\p{N}]/u.test(raw.value)) return { invalid: 'q is required and must contain a letter or digit.' };
  if (raw.value.length > MAX_QUERY_LENGTH) return { invalid: `q must be at most ${MAX_QUERY_LENGTH} characters.` };
  return { value: raw.value };
}
