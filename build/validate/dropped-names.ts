/**
 * The report of community names the import dropped (data/dropped-names.json) because a check failed:
 * counts per check and locale, printed by `npm run validate` after the coverage summary.
 */
import type { Datasets } from '../types/datasets.ts';

export function droppedNamesReport(data: Datasets): string {
  const dropped = data['dropped-names'];
  const byCheck = new Map<string, Map<string, number>>();
  for (const entry of dropped) {
    const locales = byCheck.get(entry.check) ?? new Map<string, number>();
    locales.set(entry.locale, (locales.get(entry.locale) ?? 0) + 1);
    byCheck.set(entry.check, locales);
  }
  const lines = [`community names dropped (data/dropped-names.json; the locale's fallback answers): ${dropped.length}`];
  for (const [check, locales] of [...byCheck].sort()) {
    const total = [...locales.values()].reduce((sum, count) => sum + count, 0);
    const counts = [...locales].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag, count]) => `${tag} ${count}`);
    lines.push(`  ${check.padEnd(24)} ${String(total).padStart(5)}: ${counts.join(', ')}`);
  }
  return lines.join('\n');
}
