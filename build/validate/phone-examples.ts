/**
 * Gate: each phone example is of the type it is labelled. libphonenumber's own type lookup (max
 * metadata) must call a mobile example MOBILE and a fixed-line one FIXED_LINE (either may be
 * FIXED_LINE_OR_MOBILE where the plan does not tell them apart), and, where
 * data/curated/phone-examples.json lists the plan's ranges by service, the example must begin with
 * a range of its own type and with none of a service (Chile's 600 is shared cost, not a fixed line).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

const TYPES = { mobile: ['MOBILE', 'FIXED_LINE_OR_MOBILE'], fixed_line: ['FIXED_LINE', 'FIXED_LINE_OR_MOBILE'] } as const;
const SERVICES = ['shared_cost', 'toll_free', 'premium_rate'] as const;

export function checkPhoneExamples(data: Datasets): Problem[] {
  const problems = new Problems('data/phone.json');
  const ranges = new Map(data['curated/phone-examples'].map((entry) => [entry.country, entry.ranges as Record<string, string[] | undefined>]));
  data.phone.forEach((entry, position) => {
    for (const type of ['mobile', 'fixed_line'] as const) {
      const example = entry.examples?.[type];
      if (!example) continue;
      const parsed = parsePhoneNumberFromString(example.e164);
      const found = parsed?.getType();
      if (!found || !(TYPES[type] as readonly string[]).includes(found)) {
        problems.add(`/${position}/examples/${type}`, `${entry.country} ${type} example ${example.e164} is ${found ?? 'of no type'} to libphonenumber`);
      }
      const plan = ranges.get(entry.country);
      const national = parsed?.nationalNumber ?? '';
      if (!plan) continue;
      const own = plan[type];
      if (own && !own.some((prefix) => national.startsWith(prefix)))
        problems.add(`/${position}/examples/${type}`, `${entry.country} ${type} example ${example.e164} is outside the ${type} ranges ${own.join(', ')}`);
      const service = SERVICES.find((name) => plan[name]?.some((prefix) => national.startsWith(prefix)));
      if (service) problems.add(`/${position}/examples/${type}`, `${entry.country} ${type} example ${example.e164} is a ${service} number`);
    }
  });
  return problems.list;
}
