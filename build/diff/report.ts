/** The diff as Markdown for a pull request: counts per family, then examples of each kind of change. */
import { FAMILIES, type Diff } from './compare.ts';

const EXAMPLES = 10;
const show = (value: unknown) => (value === null ? '_null_' : `\`${JSON.stringify(value)}\``);

export function markdownReport(diff: Diff): string {
  const lines = [`# Data diff: ${diff.from} -> ${diff.to}`, ''];
  lines.push(diff.breaking.length ? `**Breaking: ${diff.breaking.length} change(s) remove a code or a field.**` : 'No breaking change (nothing removed).', '');
  lines.push('| family | added | removed | changed |', '|---|---:|---:|---:|');
  for (const family of FAMILIES) {
    const { added, removed, changed } = diff.families[family];
    lines.push(`| ${family} | ${added.length} | ${removed.length} | ${changed.length} |`);
  }
  for (const family of FAMILIES) {
    const { added, removed, changed } = diff.families[family];
    if (!added.length && !removed.length && !changed.length) continue;
    lines.push('', `## ${family}`, '');
    const more = (count: number) => (count > EXAMPLES ? ` (and ${count - EXAMPLES} more)` : '');
    if (added.length) lines.push(`- added: ${added.slice(0, EXAMPLES).join(', ')}${more(added.length)}`);
    if (removed.length) lines.push(`- removed: ${removed.slice(0, EXAMPLES).join(', ')}${more(removed.length)}`);
    for (const change of changed.slice(0, EXAMPLES)) {
      const fields = change.fields.map((field) => `${field.field || 'value'} ${show(field.before)} -> ${show(field.after)}`);
      lines.push(`- changed ${change.key}: ${fields.join('; ')}`);
    }
    if (changed.length > EXAMPLES) lines.push(`- ... and ${changed.length - EXAMPLES} more changed`);
  }
  if (diff.breaking.length) lines.push('', '## Breaking', '', ...diff.breaking.slice(0, 50).map((item) => `- ${item}`));
  return `${lines.join('\n')}\n`;
}
