/**
 * The day the dated upstream facts are taken for (a currency in use, a metazone in effect): pinned in
 * data/curated/record-date.json rather than read from the clock, so a re-import reproduces data/.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';

export function recordDate(dataDir: string): string {
  const { date } = readJson<{ date: string }>(join(dataDir, 'curated', 'record-date.json'));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? '')) throw new Error(`data/curated/record-date.json: date ${JSON.stringify(date)} is not YYYY-MM-DD`);
  return date;
}
