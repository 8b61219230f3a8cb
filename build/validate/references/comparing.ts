import type { Comparison } from '../references.ts';

/**
 * A comparison with `reference` under way: `check` counts one value compared, and records it as a
 * disagreement when the two sides do not `agree` (each comparison says what agreeing means for it).
 */
export function comparing(reference: string): { comparison: Comparison; check: (key: string, ours: unknown, theirs: unknown, agree: boolean) => void } {
  const comparison: Comparison = { reference, compared: 0, disagreements: [] };
  const check = (key: string, ours: unknown, theirs: unknown, agree: boolean) => {
    comparison.compared++;
    if (!agree) comparison.disagreements.push({ key, ours, theirs });
  };
  return { comparison, check };
}
