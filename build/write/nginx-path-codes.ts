/**
 * The nginx maps of the path codes: one set per kind of contract/path-codes.ts, written from its table
 * in the manifest, so a new kind of code needs nothing here.
 */
import type { ManifestHead } from '../../contract/manifest.ts';
import { quote } from '../../contract/nginx-placeholders.ts';
import { PATH_CODE_KINDS, type PathCodeKind } from '../../contract/path-codes.ts';
import { block, TYPED_EXTENSIONS } from './nginx-maps.ts';

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
      ...block(`${spellingSource(kind)} $${codeVariable(kind)}`, [
        'default "";',
        ...Object.entries(table.spellings).map(([spelling, code]) => `${quote(spelling)} ${code};`),
      ]),
      ...block(`${spellingSource(kind)} $cr_gone_${kind.name}`, [
        'default "";',
        ...Object.keys(table.withdrawn).map((spelling) => `${quote(spelling)} ${quote(goneLocation(kind, spelling))};`),
      ]),
      ...block(`$${rawVariable(kind)} $cr_hint_${kind.name}`, [
        'default "";',
        ...Object.entries(table.hints).map(([spelling, hint]) => `${quote(spelling)} ${hint.code};`),
      ]),
      ...block(`$${rawVariable(kind)} $cr_quoted_${kind.name}`, ['default "the given code";', `"~^([A-Za-z0-9-]{1,12})$" "\\\\\\"$1\\\\\\"";`]),
    ];
  });
}

/**
 * Why a path code names none of its kind, in the contract's order: withdrawn, a hint, a file name (a country
 * code only), as the name of the endpoint's problem location that answers it (`/_problem/<id>/<name>`), or ""
 * for a code simply unknown (answered in the endpoint's location, unless the path ends in a typed extension). `$cr_<kind>_why` is that name where the
 * code names none, else "": looked up by the code, so the spelling's maps are read only then. A kind without
 * a scope is one map of its spellings; a scoped one a chain, its withdrawn spellings read after the scope.
 * A withdrawn code takes a second rewrite: its location is shared by the endpoints.
 */
export function unknownCodeMaps(head: ManifestHead): string[] {
  return (PATH_CODE_KINDS as readonly PathCodeKind[]).flatMap((kind) => {
    const name = `$cr_unknown_${kind.name}`;
    const why = [
      `map $${codeVariable(kind)} $cr_${kind.name}_why { "" ${name}; default ""; }`,
      // nginx types an answer returned in place by the path's extension: such a path is answered at the problem's location.
      `map $uri $cr_${kind.name}_typed { ${quote(`~*\\.(?:${TYPED_EXTENSIONS.join('|')})$`)} ${kind.name}_not_found; default ""; }`,
    ];
    const json = kind.name === 'country' ? ['"~^[A-Za-z0-9]{2,3}\\.json$" json_suffix;'] : [];
    if (!kind.scope) {
      const table = head.path_codes[kind.name];
      const gone = Object.keys(table.withdrawn);
      const hints = Object.entries(table.hints).filter(([spelling]) => !gone.includes(spelling));
      return [
        ...why,
        `map $${rawVariable(kind)} ${name} {`,
        `  default $cr_${kind.name}_typed;`,
        ...gone.map((spelling) => `  ${quote(spelling)} ${kind.name}_gone;`),
        ...hints.map(([spelling, hint]) => `  ${quote(spelling)} ${kind.name}_hint/${hint.code};`),
        ...json.map((line) => `  ${line}`),
        '}',
      ];
    }
    return [
      ...why,
      `map $cr_gone_${kind.name} ${name} { "" ${name}_1; default ${kind.name}_gone; }`,
      `map $cr_hint_${kind.name} ${name}_1 { "" $cr_${kind.name}_typed; default ${kind.name}_hint/$cr_hint_${kind.name}; }`,
    ];
  });
}
