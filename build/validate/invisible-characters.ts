/**
 * Gate: no served string holds an invisible character a reader cannot see and a client cannot match
 * (build/lib/invisible-characters.ts), in any dataset the API serves from.
 */
import { invisibleCharacter } from '../lib/invisible-characters.ts';
import { Problems } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';
import type { Check } from './validation-memo.ts';

const SERVED = [
  'countries',
  'regions',
  'subdivisions',
  'former-names',
  'unserved-locale-names',
  'addresses',
  'postal-codes',
  'phone',
  'locales',
  'withdrawn-codes',
] as const;

/** A JSON pointer to the value at `path` (RFC 6901: "~" and "/" escaped in keys). */
const pointerOf = (path: (string | number)[]) =>
  path.map((step) => `/${typeof step === 'number' ? step : step.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** Every string below `value`; the pointer is written out only for a string that holds one (most hold none). */
function walk(value: unknown, path: (string | number)[], problems: Problems): void {
  if (typeof value === 'string') {
    const found = invisibleCharacter(value);
    if (found) problems.add(pointerOf(path), `${JSON.stringify(value)} holds an invisible character: ${found}`);
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      walk(value[index], path, problems);
      path.pop();
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      path.push(key);
      walk(item, path, problems);
      path.pop();
    }
  }
}

/** One check per served dataset, in the order of their problems: the validation memo runs again only the one a change touches. */
export const INVISIBLE_CHARACTER_CHECKS: Check[] = SERVED.map((name) => (data: Datasets) => {
  const problems = new Problems(`data/${name}.json`);
  walk(data[name], [], problems);
  return problems.list;
});
