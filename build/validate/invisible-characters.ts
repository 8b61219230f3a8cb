/**
 * Gate: no served string holds an invisible character a reader cannot see and a client cannot match
 * (build/lib/invisible-characters.ts), in any dataset the API serves from.
 */
import { invisibleCharacter } from '../lib/invisible-characters.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

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

function walk(value: unknown, pointer: string, problems: Problems): void {
  if (typeof value === 'string') {
    const found = invisibleCharacter(value);
    if (found) problems.add(pointer, `${JSON.stringify(value)} holds an invisible character: ${found}`);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, `${pointer}/${index}`, problems));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) walk(item, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, problems);
  }
}

export function checkInvisibleCharacters(data: Datasets): Problem[] {
  return SERVED.flatMap((name) => {
    const problems = new Problems(`data/${name}.json`);
    walk(data[name], '', problems);
    return problems.list;
  });
}
