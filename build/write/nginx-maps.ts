/**
 * The `map` blocks of the generated nginx config: each turns a part of the request into what the
 * contract decides from it (the key's verdict, the locale along its chain, a code's canonical form,
 * a parameter given twice or not at all), written from the same tables the gateway and the edge
 * read (contract/). nginx compares a map's plain keys without regard to case, so what must match
 * exactly (keys, view) is a case-sensitive regular expression.
 */
import {
  LANGTAG_SOURCE,
  MAX_PARAMETERS,
  MAX_TAG_LENGTH,
  PARAMETER_SUGGESTIONS,
  PARAMETERS,
  suggestionSentence,
  TOO_MANY_PARAMETERS_SOURCE,
  VIEWS,
} from '../../contract/params.ts';
import { BEARER_TOKEN_SOURCE } from '../../contract/credentials.ts';
import type { ManifestFile, ManifestHead } from '../../contract/manifest.ts';
import { literal, quote } from '../../contract/nginx-placeholders.ts';

/** A separator in a locale as sent: `-` or `_`, or either percent-encoded (the gateway decodes the query; nginx does not). */
const SEPARATOR = '(?:-|_|%2[Dd]|%5[Ff])';
/** `source` with each `-` outside a character class read as any separator. */
export function separatorsAnyForm(source: string): string {
  let inClass = false;
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      out += char + source[++i];
      continue;
    }
    if (char === '[') inClass = true;
    if (char === ']') inClass = false;
    out += char === '-' && !inClass ? SEPARATOR : char;
  }
  return out;
}

/** The extensions the config gives a type of their own (`types`): nginx types any answer by its path's extension. */
export const TYPED_EXTENSIONS = ['json', 'html', 'css', 'js'] as const;

export const block = (head: string, lines: string[]) => [`map ${head} {`, ...lines.map((line) => `  ${line}`), '}'];

/** $cr_auth: `ok`, or the refusal (missing, malformed, unknown); __KEYS__ holds a line per key (contract/nginx-placeholders.ts keyLine). */
export function authMap(): string[] {
  return block('$http_authorization $cr_auth', [
    'default malformed;',
    '"" missing;',
    'include __KEYS__;',
    `${quote(`~^[Bb][Ee][Aa][Rr][Ee][Rr] +${BEARER_TOKEN_SOURCE}[ \\t]*$`)} unknown;`,
  ]);
}

/** The refusals of the key, in the order of the contract's Refusal. */
const REFUSED = ['missing', 'malformed', 'unknown'] as const;

/**
 * The contract's first steps as one exact lookup: `$cr_gate` (a location that needs a key) and
 * `$cr_gate_public` (health, the public files) give the internal location that answers the request,
 * or "" to go on. Keyed only by what nginx measured (the shape of the target, the method it parsed, the
 * key's verdict), every combination of the methods the API reads listed, so the request is looked up,
 * not matched; another method (405 or a refusal) is the only one tried against patterns.
 * `$cr_target`: the raw target too long, holding an escaped slash in its path, or more query pairs than the API
 * has parameters (in that order: an escaped slash sends the request to /_elsewhere, whose gate counts the pairs).
 * `$cr_gate_line` is the same from the request line's method: an error page's redirect turns the method into GET.
 */
export function gateMaps(maxUrlLength: number, knownPaths: string[]): string[] {
  const kinds = ['read', 'options', 'other'] as const;
  const gate = (tooLong: boolean, kind: (typeof kinds)[number], auth: string, open: boolean): string => {
    if (tooLong) return '/_problem/uri_too_long';
    if (kind === 'options') return '/_preflight';
    if (kind === 'read' && open) return '""';
    if (auth !== 'ok') return `/_problem/refused/${auth}`;
    return kind === 'read' ? '""' : '/_problem/method_not_allowed';
  };
  const table = (source: string, name: string, open: boolean) =>
    block(`"${source}" ${name}`, [
      'default /_problem/internal_error;',
      ...[false, true].flatMap((tooLong) =>
        kinds.flatMap((kind) => ['ok', ...REFUSED].map((auth) => `${tooLong ? 1 : 0}:${kind}:${auth} ${gate(tooLong, kind, auth, open)};`)),
      ),
    ]);
  const METHODS = { GET: 'read', HEAD: 'read', OPTIONS: 'options' } as const;
  const TARGETS = ['', 'long', 'slash', 'many'] as const;
  /**
   * By `$cr_target:$request_method:$cr_auth`; `many` refuses a keyed read that passed the rest; `slash` sends a
   * read that passed to /_elsewhere (whose gate counts the pairs), unless the location passes the path on as it came.
   */
  const targetTable = (name: string, options: { open: boolean; slash: boolean }) =>
    block(`"$cr_target:$request_method:$cr_auth" ${name}`, [
      // Another method: too long, else refused by its key, else 405.
      'default /_problem/method_not_allowed;',
      '"~^long:" /_problem/uri_too_long;',
      ...REFUSED.map((auth) => `"~:${auth}$" /_problem/refused/${auth};`),
      ...TARGETS.flatMap((target) =>
        Object.entries(METHODS).flatMap(([method, kind]) =>
          ['ok', ...REFUSED].map((auth) => {
            const verdict = gate(target === 'long', kind, auth, options.open);
            const passed = verdict === '""';
            const sent = options.slash && target === 'slash' && passed ? '/_elsewhere' : verdict;
            return `${quote(`${target}:${method}:${auth}`)} ${!options.open && target === 'many' && passed ? '/_problem/too_many_parameters' : sent};`;
          }),
        ),
      ),
    ]);
  const pairs = TOO_MANY_PARAMETERS_SOURCE.replace(/^\^/, '');
  const paths = knownPaths.filter((path) => !/[%?]/.test(path) && path.length <= maxUrlLength);
  // The common target: short, with no escape in its path and few pairs (one pattern rather than three).
  const common = `(?=.{0,${maxUrlLength}}$)[^%?]*(?:\\?[^&]*(?:&[^&]*){0,${MAX_PARAMETERS - 1}})?$`;
  return [
    /**
     * `$cr_gate` for the common requests in one lookup, by what nginx set (the key's verdict, the method) before the target:
     * a keyed GET of a path the build answers (exact), or a keyed read of a common target (one pattern); a refusal of a read
     * whose target is not too long (one pattern). Any other request by `$cr_gate_checked`, the whole table. Exact entries for
     * HEAD or the refusals would pass a hundredth of map_hash_max_size, past which nginx sizes a map's hash near that
     * maximum (8 MB of buckets in each process).
     */
    ...block('"$cr_auth:$request_method:$request_uri" $cr_gate', [
      'default $cr_gate_checked;',
      ...paths.map((path) => `${quote(`ok:GET:${path}`)} "";`),
      `${quote(`~^ok:(?:GET|HEAD):${common}`)} "";`,
      `${quote(`~^(${REFUSED.join('|')}):(?:GET|HEAD):(?=.{0,${maxUrlLength}}$)`)} /_problem/refused/$1;`,
    ]),
    ...block('$request_uri $cr_target', [
      'default "";',
      // The paths the build answers, as it writes them and with no query: one exact lookup, no pattern.
      ...paths.map((path) => `${quote(path)} "";`),
      `${quote(`~^${common}`)} "";`,
      `${quote(`~^.{${maxUrlLength + 1}}`)} long;`,
      // nginx decodes %2F into a slash before it matches a location; the other tiers keep it in the path part.
      '"~^[^?]*%2[Ff]" slash;',
      `${quote(`~^[^?]*\\?${pairs}`)} many;`,
    ]),
    ...targetTable('$cr_gate_checked', { open: false, slash: true }),
    ...targetTable('$cr_gate_public', { open: true, slash: true }),
    ...targetTable('$cr_gate_proxy', { open: false, slash: false }),
    // The gate of /_elsewhere, reached by an error page's redirect too (which empties $args and makes the method GET).
    // nginx parses only upper-case methods, so a map's plain keys (compared in any case) are exact here.
    ...block('$request_method $cr_method_kind', ['default other;', 'GET read;', 'HEAD read;', 'OPTIONS options;']),
    ...block('$request $cr_line_method_kind', ['default other;', '"~^(?:GET|HEAD) " read;', '"~^OPTIONS " options;']),
    ...block('$request_uri $cr_uri_too_long', ['default 0;', `${quote(`~^.{${maxUrlLength + 1}}`)} 1;`]),
    ...table('$cr_uri_too_long:$cr_line_method_kind:$cr_auth', '$cr_gate_line_keyed', false),
    // Once the key and the method pass, a query of more pairs than the API has parameters is refused (contract/params.ts).
    ...block('$args $cr_too_many', ['default 0;', `${quote(`~${TOO_MANY_PARAMETERS_SOURCE}`)} 1;`]),
    ...block('"$cr_gate_line_keyed|$cr_too_many" $cr_gate_line', ['default $cr_gate_line_keyed;', '"|1" /_problem/too_many_parameters;']),
  ];
}

/** $cr_args_one: the name of the one parameter of the API a query holds and nothing else, `none` for no query, "" otherwise. */
export function oneParameterMap(): string[] {
  return block('$args $cr_args_one', ['default "";', '"" none;', `${quote(`~^(${Object.keys(PARAMETERS).join('|')})(?:=[^&]*)?$`)} $1;`]);
}

/**
 * $cr_given_<name>: 1 when the query names the parameter (with or without a value), 2 when it names it
 * twice: from $cr_args_one where the query is one parameter or none, else by scanning the query.
 */
export function givenMaps(): string[] {
  return Object.keys(PARAMETERS).flatMap((name) => [
    ...block(`$cr_args_one $cr_given_${name}`, ['default 0;', `${name} 1;`, `"" $cr_given_${name}_scanned;`]),
    ...block(`$args $cr_given_${name}_scanned`, [
      'default 0;',
      `${quote(`~(?:^|&)${name}(?:=[^&]*)?(?:&.*)?&${name}(?:=|&|$)`)} 2;`,
      `${quote(`~(?:^|&)${name}(?:=|&|$)`)} 1;`,
    ]),
  ]);
}

/**
 * $cr_unknown: what the detail says of the first query name that is no parameter of the API
 * (`"lang" is not...`), or "": the pairs before it are known names or empty, as the gateway reads them;
 * $cr_suggestion: the sentence naming the parameter that name likely meant, from the contract's patterns.
 */
export function unknownParameterMaps(): string[] {
  const known = `(?:${Object.keys(PARAMETERS).join('|')})`;
  const before = `^(?:(?:${known}(?:=[^&]*)?)?&)*(?!${known}(?:=|&|$))`;
  const unshown = '&'; // no query name holds one
  return [
    ...block('$cr_args_one $cr_unknown_name', ['default "";', '"" $cr_unknown_name_scanned;']),
    ...block('$args $cr_unknown_name_scanned', [
      'default "";',
      `${quote(`~${before}([A-Za-z0-9_.-]{1,32})(?:=|&|$)`)} $1;`,
      `${quote(`~${before}[^&]`)} ${quote(unshown)};`,
    ]),
    ...block('$cr_unknown_name $cr_unknown', [
      'default "\\\\\\"$cr_unknown_name\\\\\\" is not a parameter of this API";',
      '"" "";',
      `${quote(unshown)} "A query parameter is not one of this API's";`,
    ]),
    ...block('$cr_unknown_name $cr_suggestion', [
      'default "";',
      ...PARAMETER_SUGGESTIONS.map(([parameter, source]) => `${quote(`~*${source}`)} ${quote(suggestionSentence(parameter))};`),
    ]),
  ];
}

/** A tag as a client most often writes it, each form an exact key (a map's plain keys are compared in any case). */
const tagForms = (tag: string): string[] => [...new Set([tag, tag.replaceAll('-', '_')])];

/** The tags a request may name (the supported ones and their aliases), each with the tag it answers in. */
const requestTags = (head: ManifestHead): [string, string][] => [
  ...head.locales.map(({ tag }): [string, string] => [tag, tag]),
  ...Object.entries(head.locale_aliases),
];

/** $cr_locale_ok: 1 for a well-formed tag (RFC 5646) of at most the length the gateway reads; the tags of the API looked up first. */
export function localeValidityMap(head: ManifestHead): string[] {
  return block('$arg_locale $cr_locale_ok', [
    'default 0;',
    '"" 0;',
    ...requestTags(head).flatMap(([from]) => tagForms(from).map((form) => `${quote(form)} 1;`)),
    `${quote(`~^.{${MAX_TAG_LENGTH + 1}}`)} 0;`,
    `${quote(`~*${separatorsAnyForm(LANGTAG_SOURCE)}`)} 1;`,
  ]);
}

/**
 * $cr_locale: the supported tag `locale` answers in, by RFC 4647 lookup (the longest supported prefix,
 * aliases included): a tag of the API as written is one exact lookup, anything else goes down the list.
 * $cr_locale_dir: the folder of the file a request's locale is answered from, looked up by the locale and the
 * file (`$cr_rest`, set by the endpoint's location): the build knows which files each locale has, so the first
 * of its chain that exists is one exact lookup, not a probe per step; "" is the default locale's.
 * $cr_dir_language: the Content-Language of a file in that folder (contract/layout.ts contentLanguageOf).
 */
export function localeMaps(head: ManifestHead, files: Record<string, ManifestFile>): string[] {
  const tags = requestTags(head);
  // nginx tries regular expressions in order: the most specific tag first is lookup by truncation.
  const bySpecificity = [...tags].sort(([a], [b]) => b.split('-').length - a.split('-').length || (a < b ? -1 : 1));
  const pattern = (tag: string) => tag.split('-').map(literal).join(SEPARATOR);
  const lines = block('$arg_locale $cr_locale', [
    `default ${head.default_locale};`,
    `"" ${head.default_locale};`,
    ...tags.flatMap(([from, to]) => tagForms(from).map((form) => `${quote(form)} ${to};`)),
    ...bySpecificity.map(([from, to]) => `${quote(`~*^${pattern(from)}(?:${SEPARATOR}[A-Za-z0-9]{1,8})*$`)} ${to};`),
  ]);
  const byTag = new Map<string, string[]>();
  for (const key of Object.keys(files)) {
    const match = /^v1\/_locale\/([^/]+)\/(.+)$/.exec(key);
    if (match) byTag.set(match[1], [...(byTag.get(match[1]) ?? []), match[2]]);
  }
  const entries: string[] = ['default "";'];
  for (const { tag, fallback = [] } of head.locales) {
    const found = new Map<string, string>();
    // The chain's last step first, so an earlier step's file takes its place.
    for (const step of localizedChain(head, tag, fallback).reverse()) for (const rest of byTag.get(step) ?? []) found.set(rest, step);
    for (const [rest, step] of [...found].sort(([a], [b]) => (a < b ? -1 : 1))) entries.push(`${quote(`${tag}/${rest}`)} _locale/${step}/;`);
  }
  const languages = block('$cr_locale_dir $cr_dir_language', [
    `"" ${head.default_locale};`,
    ...head.locales.filter(({ tag }) => tag !== head.default_locale).map(({ tag }) => `${quote(`_locale/${tag}/`)} ${tag};`),
  ]);
  return [...lines, ...block('"$cr_locale/$cr_rest" $cr_locale_dir', entries), ...languages];
}

/** The locales of a chain before the default one, whose files may be missing (the default locale's never is). */
function localizedChain(head: ManifestHead, tag: string, fallback: string[]): string[] {
  const chain = [tag, ...fallback];
  const end = chain.indexOf(head.default_locale);
  return end === -1 ? chain : chain.slice(0, end);
}

/** $cr_view_name: the view asked for, `!` when absent or not one of the views (compared exactly). */
export function viewMap(): string[] {
  return block('$arg_view $cr_view_name', ['default "!";', '"" "!";', ...VIEWS.map((view) => `${quote(`~^${view}$`)} ${view};`)]);
}

/** $cr_json_code: the code of a path part that is a file name (`BR.json`), else "". */
export const jsonSuffixMap = (): string[] => block('$cr_country_raw $cr_json_code', ['default "";', '"~^([A-Za-z0-9]{2,3})\\.json$" $1;']);

/** $cr_method: the method as a detail names it, from the request line ($request: an error page's redirect makes $request_method GET). */
export const methodMap = (): string[] => block('$request $cr_method', ['default "This method";', '"~^([A-Z]{1,16}) " $1;']);

/** $cr_fresh: 1 when If-None-Match names the file's ETag (weak comparison, lists and `*`), as the gateway compares; without one, no comparison at all. */
export const freshMap = (): string[] => [
  ...block('$http_if_none_match $cr_fresh', ['default $cr_fresh_compared;', '"" 0;']),
  ...block('"$http_if_none_match#$cr_etag" $cr_fresh_compared', [
    'default 0;',
    '"~^[ \\t]*\\*[ \\t]*#." 1;',
    '"~^(?:[^#]*,)?[ \\t]*(?:W/)?(\\"[0-9a-f]{64}\\")[ \\t]*(?:,[^#]*)?#\\1$" 1;',
  ]),
];

/** Accept-Encoding as clients most often send it, refusing nothing. */
const COMMON_CODINGS = ['', 'br', 'gzip', 'gzip, deflate, br', 'gzip, deflate, br, zstd', 'br, gzip', 'gzip, deflate'];

/**
 * $cr_serve: the location that sends the file, by the codings Accept-Encoding refuses (q=0, `q` in any
 * case, as the contract reads it): nginx's own br and gzip checks take an upper-case Q for no weight.
 */
export function codingMaps(): string[] {
  const refused = (coding: string) =>
    block(`$http_accept_encoding $cr_${coding}_refused`, [
      'default 0;',
      ...COMMON_CODINGS.map((value) => `${quote(value)} 0;`),
      `${quote(`~*(?:^|,)[ \\t]*${coding}[ \\t]*;[ \\t]*q[ \\t]*=[ \\t]*0(?:\\.0{0,3})?[ \\t]*(?:,|$)`)} 1;`,
    ]);
  return [
    ...refused('br'),
    ...refused('gzip'),
    ...block('"$cr_br_refused$cr_gzip_refused" $cr_serve', ['default /_serve;', '10 /_serve/gzip;', '01 /_serve/br;', '11 /_serve/identity;']),
    // Where an endpoint's location sends a request it does not serve itself: one with If-None-Match (not its
    // ETag as sent: an `if` there), or with an Accept-Encoding other than the common ones (one exact lookup).
    ...block('$http_accept_encoding $cr_serve_coding', ['default $cr_serve;', ...COMMON_CODINGS.map((value) => `${quote(value)} "";`)]),
  ];
}
