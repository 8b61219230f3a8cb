/**
 * `npm run diff -- <old> <new> [--json FILE] [--allow-breaking]`: what a data change does to the API.
 * Each side is a built dist, a data folder, or a git ref. Prints Markdown (for a pull request), writes
 * JSON with --json, and exits 2 on a breaking change (a removed code or field) unless --allow-breaking.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from './lib/canonical-json.ts';
import { compareSnapshots } from './diff/compare.ts';
import { markdownReport } from './diff/report.ts';
import { snapshotOf } from './diff/snapshot.ts';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex >= 0 ? args[jsonIndex + 1] : null;
const allowBreaking = args.includes('--allow-breaking');
const sources = args.filter((arg, index) => !arg.startsWith('--') && (jsonIndex < 0 || index !== jsonIndex + 1));
if (sources.length !== 2) {
  console.error('usage: npm run diff -- <old dist|data dir|git ref> <new dist|data dir|git ref> [--json FILE] [--allow-breaking]');
  process.exit(64);
}

try {
  const diff = compareSnapshots(snapshotOf(sources[0], root), snapshotOf(sources[1], root));
  process.stdout.write(markdownReport(diff));
  if (jsonFile) writeFileSync(jsonFile, canonicalJson(diff));
  if (diff.breaking.length && !allowBreaking) {
    console.error(`diff: ${diff.breaking.length} breaking change(s); pass --allow-breaking if they are intended`);
    process.exit(2);
  }
} catch (error) {
  console.error(`diff: ${(error as Error).message}`);
  process.exit(1);
}
