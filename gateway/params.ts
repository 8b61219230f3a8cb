/**
 * Query parameters. Each reader returns the value or a sentence saying what is wrong (sent back as a
 * 400 invalid_parameter); none throws. Parameters an endpoint does not use are ignored.
 */
import type { Dist } from './dist.ts';
import { lookupLocale, normalizeTag } from './locale.ts';

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
