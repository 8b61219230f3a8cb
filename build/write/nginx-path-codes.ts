/**
 * The nginx maps of the path codes: one set per kind of contract/path-codes.ts, written from its table
 * in the manifest, so a new kind of code needs nothing here.
 */
import type { ManifestHead } from '../../contract/manifest.ts';
import { quote } from '../../contract/nginx-placeholders.ts';
import { PATH_CODE_KINDS, type PathCodeKind } from '../../contract/path-codes.ts';
import { block } from './nginx-maps.ts';

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
