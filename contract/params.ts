/**
 * The query parameters of the API and how each is read: a value, or the problem to answer (a 400).
 * A parameter of the API that an endpoint does not use is ignored, so a client may send `locale`
 * everywhere; a name that is no parameter of the API at all is refused, so a typo (`locle=de`) is
 * not silently answered in English. Every reader here is pure and never throws.
 */
import type { Problem } from './problems.ts';

/** Each parameter with what the OpenAPI document says of it. */
export const PARAMETERS = {
  locale: {
    description:
      'BCP 47 tag (case-insensitive, _ accepted for -), matched by RFC 4647 lookup with aliases (zh-TW -> zh-Hant); English when omitted or unsupported. Malformed: 400.',
    schema: { type: 'string', maxLength: 64 },
  },
  view: { description: 'compact (the default) or full', schema: { type: 'string', enum: ['compact', 'full'] } },
  q: {
    description:
      "Search text: a country code, a name in any language, a capital's whole name or the three-letter code of a currency in use (EUR), case- and accent-insensitive (required; 1 to 100 characters with a letter or digit)",
    schema: { type: 'string', minLength: 1, maxLength: 100 },
  },
  limit: { description: 'Most results to return', schema: { type: 'integer', minimum: 1, maximum: 250, default: 20 } },
} as const;

export type ParameterName = keyof typeof PARAMETERS;
/** Each name of a query with its value, or its values where given more than once; `names` in the order given. */
export type Query = Record<string, string | string[] | undefined>;
export interface ParsedQuery {
  query: Query;
  names: string[];
  /** Pairs counted, at most one past MAX_PARAMETERS however long the query: the work a query may cost. */
  pairs: number;
  /** More pairs than MAX_PARAMETERS: `query` and `names` are left empty. */
  tooMany: boolean;
}

/** Each parameter of the API once: no query the contract answers holds more pairs. */
export const MAX_PARAMETERS = Object.keys(PARAMETERS).length;
export const TOO_MANY_PARAMETERS: Problem = {
  code: 'invalid_parameter',
  detail: `A query holds at most ${MAX_PARAMETERS} parameters (${Object.keys(PARAMETERS).join(', ')}), each given once.`,
};
/**
 * A query string (after the `?`) of more than MAX_PARAMETERS non-empty `&`-separated pairs, as a
 * regular expression: what a tier that does not run parseQuery (nginx) tests its arguments with.
 */
export const TOO_MANY_PARAMETERS_SOURCE = `^&*[^&]+(?:&+[^&]+){${MAX_PARAMETERS}}`;

/**
 * A query string (`?a=1&b`, or without the `?`) as WHATWG URL parsing reads it: what a browser and an
 * edge runtime read. The pairs are counted first, stopping one past the bound, so a long query of
 * many pairs is refused for the cost of a scan; values given again are appended (linear).
 */
export function parseQuery(search: string): ParsedQuery {
  const query: Query = Object.create(null);
  const names: string[] = [];
  let pairs = 0;
  for (let at = search.charCodeAt(0) === 63 ? 1 : 0; at < search.length && pairs <= MAX_PARAMETERS; ) {
    const end = search.indexOf('&', at);
    const next = end < 0 ? search.length : end;
    if (next > at) pairs++;
    at = next + 1;
  }
  if (pairs > MAX_PARAMETERS) return { query, names, pairs, tooMany: true };
  for (const [name, value] of new URLSearchParams(search)) {
    names.push(name);
    const given = query[name];
    if (given === undefined) query[name] = value;
    else if (Array.isArray(given)) given.push(value);
    else query[name] = [given, value];
  }
  return { query, names, pairs, tooMany: false };
}
export type Read<T> = { value: T } | { problem: Problem };

const invalid = (detail: string): { problem: Problem } => ({ problem: { code: 'invalid_parameter', detail } });

// RFC 5646 section 2.1 "langtag" and "privateuse", on lower-cased input; written once, and read by the nginx config too.
export const LANGTAG_SOURCE =
  '^(?:' +
  '(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})' + // language, extlang
  '(?:-[a-z]{4})?' + // script
  '(?:-(?:[a-z]{2}|\\d{3}))?' + // region
  '(?:-(?:[a-z\\d]{5,8}|\\d[a-z\\d]{3}))*' + // variants
  '(?:-[\\da-wy-z](?:-[a-z\\d]{2,8})+)*' + // extensions
  '(?:-x(?:-[a-z\\d]{1,8})+)?' + // private use
  '|x(?:-[a-z\\d]{1,8})+' + // a private-use tag on its own
  '|en-gb-oed|i-(?:ami|bnn|default|enochian|hak|klingon|lux|mingo|navajo|pwn|tao|tay|tsu)|sgn-(?:be-fr|be-nl|ch-de)' + // irregular grandfathered
  ')$';
const LANGTAG = new RegExp(LANGTAG_SOURCE);

/** Longer than any tag a client would send; bounds the work spent on one parameter. */
export const MAX_TAG_LENGTH = 64;
export const SEARCH_LIMIT = { default: 20, max: 250 };
export const MAX_QUERY_LENGTH = 100;
export const VIEWS = ['compact', 'full'] as const;
export type View = (typeof VIEWS)[number];

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

const NAME_SHOWN = /^[A-Za-z0-9_.-]{1,32}$/;
const NAME_CHARACTER = '[A-Za-z0-9_.-]';

/** Names other APIs give these parameters, which a client may send out of habit. */
const PARAMETER_ALIASES: Record<ParameterName, string[]> = {
  locale: ['lang', 'language', 'lng', 'hl', 'lc', 'languages'],
  view: ['format', 'detail', 'details', 'verbose'],
  q: ['query', 'search', 'term', 'text', 'name'],
  limit: ['max', 'count', 'size', 'per_page', 'page_size', 'top', 'n'],
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A pattern for every name one edit from `name` (a letter added, dropped, changed or two swapped). */
function oneEditFrom(name: string): string[] {
  const at = (index: number) => [escapeRegExp(name.slice(0, index)), escapeRegExp(name.slice(index))];
  const alternatives = new Set<string>();
  for (let index = 0; index <= name.length; index++) {
    const [before, after] = at(index);
    alternatives.add(`${before}${NAME_CHARACTER}${after}`); // added
    if (index < name.length) {
      alternatives.add(`${before}${escapeRegExp(name.slice(index + 1))}`); // dropped
      alternatives.add(`${before}${NAME_CHARACTER}${escapeRegExp(name.slice(index + 1))}`); // changed
    }
    if (index + 1 < name.length) alternatives.add(`${before}${escapeRegExp(name[index + 1] + name[index])}${escapeRegExp(name.slice(index + 2))}`); // swapped
  }
  alternatives.delete('');
  return [...alternatives];
}

/** Names one edit away; not for names so short that one edit reaches any short name (`x` is no typo of `q`). */
function likelyTypos(name: string): string[] {
  return name.length >= 4 ? oneEditFrom(name) : [];
}

/**
 * For each parameter, a pattern (whole name, case-insensitive) of the names that are likely meant as it:
 * in another case, one edit away, or its name in other APIs. Written once; the gateway, the edge and nginx's map read it.
 */
export const PARAMETER_SUGGESTIONS: [ParameterName, string][] = (Object.keys(PARAMETERS) as ParameterName[]).map((parameter) => [
  parameter,
  `^(?:${[parameter, ...likelyTypos(parameter), ...PARAMETER_ALIASES[parameter]].join('|')})$`,
]);
const SUGGESTION_TESTS = PARAMETER_SUGGESTIONS.map(([parameter, source]): [ParameterName, RegExp] => [parameter, new RegExp(source, 'i')]);

/** The parameter a client likely meant by `name`, or undefined. */
export function suggestParameter(name: string): ParameterName | undefined {
  return SUGGESTION_TESTS.find(([, pattern]) => pattern.test(name))?.[0];
}

/** The sentence a detail ends with for `parameter` (empty for none), in the form nginx's map writes too. */
export const suggestionSentence = (parameter: ParameterName | undefined) => (parameter ? ` Did you mean ${parameter}?` : '');

/** The problem for the first name of a query that is no parameter of the API; `path` is the endpoint's, `accepted` what it takes. */
export function unknownParameter(names: readonly string[], path: string, accepted: readonly ParameterName[]): Problem | undefined {
  for (const name of names) {
    if (Object.hasOwn(PARAMETERS, name)) continue;
    const shown = NAME_SHOWN.test(name);
    const which = shown ? `"${name}" is not a parameter of this API` : "A query parameter is not one of this API's";
    const takes = accepted.length ? `takes ${accepted.join(', ').replace(/, ([^,]*)$/, ' and $1')}` : 'takes no parameters';
    const meant = shown ? suggestionSentence(suggestParameter(name)) : '';
    return { code: 'unknown_parameter', detail: `${which}; ${path} ${takes}.${meant}`, extensions: { accepted: [...accepted] } };
  }
  return undefined;
}

function single(query: Query, name: ParameterName): Read<string | undefined> {
  const value = query[name];
  if (Array.isArray(value)) return invalid(`${name} may be given only once.`);
  return { value };
}

/** The supported locale that answers `locale`: the default when absent or unsupported, a problem when malformed or empty. */
export function readLocale(query: Query, tags: ReadonlyMap<string, string>, defaultLocale: string): Read<string> {
  const raw = single(query, 'locale');
  if ('problem' in raw || raw.value === undefined) return 'problem' in raw ? raw : { value: defaultLocale };
  const tag = normalizeTag(raw.value);
  if (!tag) return invalid('locale must be a BCP 47 language tag, such as pt, pt-BR or zh-Hant.');
  return { value: lookupLocale(tag, tags, defaultLocale) };
}

export function readView(query: Query): Read<View> {
  const raw = single(query, 'view');
  if ('problem' in raw || raw.value === undefined) return 'problem' in raw ? raw : { value: 'compact' };
  return (VIEWS as readonly string[]).includes(raw.value) ? { value: raw.value as View } : invalid(`view must be one of: ${VIEWS.join(', ')}.`);
}

export function readLimit(query: Query): Read<number> {
  const raw = single(query, 'limit');
  if ('problem' in raw || raw.value === undefined) return 'problem' in raw ? raw : { value: SEARCH_LIMIT.default };
  const limit = /^\d{1,3}$/.test(raw.value) ? Number(raw.value) : NaN;
  return limit >= 1 && limit <= SEARCH_LIMIT.max ? { value: limit } : invalid(`limit must be a whole number from 1 to ${SEARCH_LIMIT.max}.`);
}

/** The search text as given; required, with at least one letter or digit. */
export function readSearchText(query: Query): Read<string> {
  const raw = single(query, 'q');
  if ('problem' in raw) return raw;
  if (raw.value === undefined || !/[\p{L}\p{N}]/u.test(raw.value)) return invalid('q is required and must contain a letter or digit.');
  if (raw.value.length > MAX_QUERY_LENGTH) return invalid(`q must be at most ${MAX_QUERY_LENGTH} characters.`);
  return { value: raw.value };
}
