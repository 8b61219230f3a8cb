/**
 * The data gate's range rule: where the national post publishes the range its codes take (DE 01001 to
 * 99998, CH 1000 to 9658), the served rule refuses what lies outside it. Each curated rule with a range
 * lists its edges (`range_edges`, data/curated/postal-code-rules.json): the codes just inside must be
 * accepted and the codes just outside refused, both as a person types them, through the input forms.
 */
import { canonicalPostalCode } from '../lib/postal-input.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

interface RangeEdges {
  inside: string[];
  outside: string[];
}

export function checkPostalRanges(data: Datasets): Problem[] {
  const problems = new Problems('data/postal-codes.json');
  const served = new Map(data['postal-codes'].map((entry) => [entry.country, entry.postal_code]));
  const curated = (data['curated/postal-code-rules'] as { country: string; range_edges?: RangeEdges }[]).filter((entry) => entry.range_edges);
  for (const { country, range_edges: edges } of curated) {
    const rule = served.get(country);
    const at = `/${data['postal-codes'].findIndex((entry) => entry.country === country)}/postal_code/pattern`;
    if (!rule) {
      problems.add(at, `${country} has a published range but no postal rule`);
      continue;
    }
    for (const code of edges!.inside) {
      if (canonicalPostalCode(rule, code) === null) problems.add(at, `${country} refuses ${code}, inside the range its post publishes`);
    }
    for (const code of edges!.outside) {
      const canonical = canonicalPostalCode(rule, code);
      if (canonical !== null) problems.add(at, `${country} accepts ${code} (as ${canonical}), outside the range its post publishes`);
    }
  }
  return problems.list;
}
