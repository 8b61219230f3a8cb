/**
 * The `map` blocks of the generated nginx config: each turns a part of the request into what the
 * contract decides from it (the key's verdict, the locale along its chain, a code's canonical form,
 * a parameter given twice or not at all), written from the same tables the gateway and the edge
 * read (contract/). nginx compares a map's plain keys without regard to case, so what must match
 * exactly (keys, view) is a case-sensitive regular expression.
 */
import { LANGTAG_SOURCE, MAX_TAG_LENGTH, PARAMETER_SUGGESTIONS, PARAMETERS, suggestionSentence, VIEWS } from '../../contract/params.ts';
import { BEARER_TOKEN_SOURCE } from '../../contract/credentials.ts';
import type { ManifestHead } from '../../contract/manifest.ts';
import { literal, quote } from '../../contract/nginx-placeholders.ts';
import { PATH_CODE_KINDS, type PathCodeKind } from '../../contract/path-codes.ts';


/** A separator in a locale as sent: `-` or `_`, or either percent-encoded (the gateway decodes the query; nginx does not). */
const SEPARATOR = '(?:-|_|%2[Dd]|%5[Ff])';
/** `source` with each `-` outside a character class read as any separator. */
function separatorsAnyForm(source: string): string {
  let inClass = false;
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') { out += char + source[++i]; continue; }
    if (char === '[') inClass = true;
    if (char === ']') inClass = false;
    out += char === '-' && !inClass ? SEPARATOR : char;
  }
  return out;
}

const block = (head: string, lines: string[]) => [`map ${head} {`, ...lines.map((line) => `  ${line}`), '}'];

/** $cr_auth: `ok`, or the refusal (missing, malformed, unknown); __KEYS__ holds a line `"~^(?i:bearer) +<key>$" ok;` per key. */
export function authMap(): string[] {
  return block('$http_authorization $cr_auth', [
    'default malformed;',
    '"" missing;',
    'include __KEYS__;',
    `${quote(`~^[Bb][Ee][Aa][Rr][Ee][Rr] +${BEARER_TOKEN_SOURCE}$`)} unknown;`,
  ]);
}

/** $cr_given_<name>: 1 when the query names the parameter (with or without a value), 2 when it names it twice. */
export function givenMaps(): string[] {
  return Object.keys(PARAMETERS).flatMap((name) => block(`$args $cr_given_${name}`, [
    'default 0;',
    `${quote(`~(?:^|&)${name}(?:=[^&]*)?(?:&.*)?&${name}(?:=|&|$)`)} 2;`,
    `${quote(`~(?:^|&)${name}(?:=|&|$)`)} 1;`,
  ]));
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
    ...block('$args $cr_unknown_name', [
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

/** $cr_locale_ok: 1 for a well-formed tag (RFC 5646) of at most the length the gateway reads. */
export function localeValidityMap(): string[] {
  return block('$arg_locale $cr_locale_ok', [
    'default 0;',
    `${quote(`~^.{${MAX_TAG_LENGTH + 1}}`)} 0;`,
    `${quote(`~*${separatorsAnyForm(LANGTAG_SOURCE)}`)} 1;`,
  ]);
}

/** $cr_locale: the supported tag `locale` answers in, by RFC 4647 lookup (the longest supported prefix, aliases included). */
export function localeMaps(head: ManifestHead): string[] {
  const requestTags: [string, string][] = [
    ...head.locales.map(({ tag }): [string, string] => [tag, tag]),
    ...Object.entries(head.locale_aliases),
  ];
  // nginx tries regular expressions in order: the most specific tag first is lookup by truncation.
  requestTags.sort(([a], [b]) => b.split('-').length - a.split('-').length || (a < b ? -1 : 1));
  const pattern = (tag: string) => tag.split('-').map(literal).join(SEPARATOR);
  const lines = block('$arg_locale $cr_locale', [
    `default ${head.default_locale};`,
    ...requestTags.map(([from, to]) => `${quote(`~*^${pattern(from)}(?:${SEPARATOR}[A-Za-z0-9]{1,8})*$`)} ${to};`),
  ]);
  // Each level of the fallback chain as a directory: the first file along it that exists answers.
  const chains = new Map(head.locales.map(({ tag, fallback = [] }) => [tag, [tag, ...fallback]]));
  const depth = Math.max(...[...chains.values()].map((chain) => chain.length));
  const directory = (tag: string) => (tag === head.default_locale ? '""' : quote(`_locale/${tag}/`));
  for (let level = 1; level <= depth; level++) {
    lines.push(...block(`$cr_locale $cr_l${level}`, [
      'default "";',
      ...[...chains].map(([tag, chain]) => `${tag} ${directory(chain[Math.min(level - 1, chain.length - 1)])};`),
    ]));
  }
  return lines;
}

/** $cr_view_name: the view asked for, "" when absent, `!` when not one of the views (compared exactly). */
export function viewMap(): string[] {
  return block('$arg_view $cr_view_name', ['default "!";', ...VIEWS.map((view) => `${quote(`~^${view}$`)} ${view};`)]);
}

/** The nginx variable holding the canonical code of a kind, and the raw path part it comes from. */
export const codeVariable = (kind: PathCodeKind) => `cr_${kind.name}`;
export const rawVariable = (kind: PathCodeKind) => `cr_${kind.name}_raw`;
/** What a kind's table looks a spelling up by: the raw part, after its scope's canonical code where it has one (`BR/sp`). */
const spellingSource = (kind: PathCodeKind) => quote(kind.scope ? `$cr_${kind.scope}/$${rawVariable(kind)}` : `$${rawVariable(kind)}`);

/** The internal location answering the 410 of a withdrawn spelling. */
export const goneLocation = (kind: PathCodeKind, spelling: string) => `/_gone/${kind.name}/${spelling}`;

/**
 * Each kind of path code's maps, from its table in the manifest (contract/path-codes.ts): $cr_<kind>, the
 * canonical code a spelling names ("" for none; nginx compares plain keys without regard to case, as the
 * spellings are); $cr_gone_<kind>, the location of a withdrawn code's 410; $cr_hint_<kind>, the code a hint
 * names; $cr_quoted_<kind>, the part as a detail echoes it, JSON-escaped (`\"ZZ\"` where it looks like a code).
 */
export function pathCodeMaps(head: ManifestHead): string[] {
  return PATH_CODE_KINDS.flatMap((kind) => {
    const table = head.path_codes[kind.name];
    return [
      ...block(`${spellingSource(kind)} $${codeVariable(kind)}`, ['default "";', ...Object.entries(table.spellings).map(([spelling, code]) => `${quote(spelling)} ${code};`)]),
      ...block(`${spellingSource(kind)} $cr_gone_${kind.name}`, ['default "";', ...Object.keys(table.withdrawn).map((spelling) => `${quote(spelling)} ${quote(goneLocation(kind, spelling))};`)]),
      ...block(`$${rawVariable(kind)} $cr_hint_${kind.name}`, ['default "";', ...Object.entries(table.hints).map(([spelling, hint]) => `${quote(spelling)} ${hint.code};`)]),
      ...block(`$${rawVariable(kind)} $cr_quoted_${kind.name}`, ['default "the given code";', `"~^([A-Za-z0-9-]{1,12})$" "\\\\\\"$1\\\\\\"";`]),
    ];
  });
}

/** $cr_json_code: the code of a path part that is a file name (`BR.json`), else "". */
export const jsonSuffixMap = (): string[] => block('$cr_country_raw $cr_json_code', ['default "";', '"~^([A-Za-z0-9]{2,3})\\.json$" $1;']);

/** $cr_method: the method as a detail names it, from the request line ($request: an error page's redirect makes $request_method GET). */
export const methodMap = (): string[] => block('$request $cr_method', ['default "This method";', '"~^([A-Z]{1,16}) " $1;']);

/** $cr_fresh: 1 when If-None-Match names the file's ETag (weak comparison, lists and `*`), as the gateway compares. */
export const freshMap = (): string[] => block('"$http_if_none_match#$cr_etag" $cr_fresh', [
  'default 0;',
  '"~^[ \\t]*\\*[ \\t]*#." 1;',
  '"~^(?:[^#]*,)?[ \\t]*(?:W/)?(\\"[0-9a-f]{64}\\")[ \\t]*(?:,[^#]*)?#\\1$" 1;',
]);
