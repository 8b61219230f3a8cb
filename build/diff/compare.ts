/** Compares two snapshots family by family: what was added, removed or changed, and what breaks users. */
import { FAMILIES, type Snapshot } from './snapshot.ts';

export { FAMILIES };

export interface Change {
  key: string;
  fields: { field: string; before: unknown; after: unknown }[];
}
export interface FamilyDiff {
  added: string[];
  removed: string[];
  changed: Change[];
}
export interface Diff {
  from: string;
  to: string;
  families: Record<string, FamilyDiff>;
  breaking: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The fields that differ, by their dotted path down to the first value that is no record (`postal_code.example`). */
function fieldChanges(before: unknown, after: unknown, path = ''): Change['fields'] {
  if (!isRecord(before) || !isRecord(after)) return [{ field: path, before: before ?? null, after: after ?? null }];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .flatMap((field) => fieldChanges(before[field], after[field], path ? `${path}.${field}` : field));
}

/** Paths that held a value before and hold none after (absent or null), at any depth. */
function removedPaths(before: unknown, after: unknown, path: string): string[] {
  if (before === null || before === undefined) return [];
  if (after === null || after === undefined) return [path];
  if (typeof before !== 'object' || Array.isArray(before) || typeof after !== 'object' || Array.isArray(after)) return [];
  return Object.keys(before).flatMap((key) =>
    removedPaths((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], path ? `${path}.${key}` : key),
  );
}

export function compareSnapshots(from: Snapshot, to: Snapshot): Diff {
  const families: Record<string, FamilyDiff> = {};
  const breaking: string[] = [];
  for (const family of FAMILIES) {
    const before = from.families[family] ?? {};
    const after = to.families[family] ?? {};
    const added = Object.keys(after)
      .filter((key) => !(key in before))
      .sort();
    const removed = Object.keys(before)
      .filter((key) => !(key in after))
      .sort();
    const changed = Object.keys(before)
      .filter((key) => key in after && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .sort()
      .map((key) => ({ key, fields: fieldChanges(before[key], after[key]) }));
    families[family] = { added, removed, changed };
    for (const key of removed) breaking.push(`${family}: ${key} removed`);
    for (const change of changed) {
      for (const path of removedPaths(before[change.key], after[change.key], ''))
        breaking.push(`${family}: ${path ? `${change.key}.${path}` : change.key} removed`);
    }
  }
  return { from: from.release, to: to.release, families, breaking };
}
