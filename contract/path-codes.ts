/**
 * The kinds of code a path carries (`:country_code`, `:subdivision_code`), each with what a code no
 * release has answers. How a request's spelling becomes the canonical code is data, not code: the
 * manifest holds one table per kind (`path_codes`, written by the build), read alike by every tier
 * (endpoints.ts resolves with it, the nginx config maps it). A new kind of code is an entry here, an
 * entry in the build's tables (build/write/path-codes.ts) and the endpoints that take it.
 */
import { countryNotFound, currencyNotFound, type CodeHint, type Problem, type WithdrawnCode, subdivisionNotFound } from './problems.ts';

/** One kind's table, as the manifest holds it. Spellings are lower case, prefixed by their scope's code (`br/sp`). */
export interface PathCodes {
  /** The canonical codes, by the canonical code of their scope ('' for a kind without one). */
  codes: Record<string, string[]>;
  /** Every spelling a request may use, with the code it names: `bra` and `076` -> BR; `br/sp` and `br/br-sp` -> BR-SP. */
  spellings: Record<string, string>;
  /** Spellings of codes withdrawn (answered 410, with what replaced them); none is also a current spelling. */
  withdrawn: Record<string, WithdrawnCode>;
  /** Spellings people use that name no code (`uk`), with the code meant. */
  hints: Record<string, CodeHint>;
}

export interface PathCodeKind {
  /** The table's name in the manifest, and the placeholder in an answer's file (`{country}`). */
  name: string;
  /** The path parameter that carries it. */
  param: string;
  /** What the OpenAPI document says of the parameter. */
  description: string;
  /** The kind whose code scopes this one's (a subdivision belongs to its country), if any. */
  scope?: string;
  /** The 404 for `input` (as sent), which names no code of `scope` (its canonical code, '' for none); `base` is the path before the code. */
  notFound(input: string, context: { scope: string; base: string; hints: ReadonlyMap<string, CodeHint> }): Problem;
}

export const PATH_CODE_KINDS = [
  {
    name: 'country',
    param: 'country_code',
    description: 'ISO 3166-1 alpha-2 code (alpha-3 and numeric accepted), case-insensitive',
    notFound: (input, { base, hints }) => countryNotFound(input, base, hints),
  },
  {
    name: 'subdivision',
    param: 'subdivision_code',
    description: 'ISO 3166-2 code, with or without the country prefix, case-insensitive',
    scope: 'country',
    notFound: (input, { scope }) => subdivisionNotFound(scope, input),
  },
  {
    name: 'currency',
    param: 'currency_code',
    description: 'ISO 4217 alphabetic code, case-insensitive',
    notFound: (input) => currencyNotFound(input),
  },
] as const satisfies readonly PathCodeKind[];

export type PathCodeKindName = (typeof PATH_CODE_KINDS)[number]['name'];

/** The kind a path parameter carries; undefined for a name that is none. */
export const kindOfParam = (param: string): PathCodeKind | undefined => PATH_CODE_KINDS.find((kind) => kind.param === param);

/** The spelling a table looks `input` up by, within `scope` (a canonical code, '' for none). */
export const spellingOf = (input: string, scope: string): string => (scope ? `${scope.toLowerCase()}/${input.toLowerCase()}` : input.toLowerCase());
